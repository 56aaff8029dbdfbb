// Folds the engine's events into the status the UI shows: state, session, cost meter with minutes left,
// the latest warning and problem. Plain data, pushed to every window on each change.
import type { VoiceCost, VoiceMode, VoiceStatus } from '../../preload/contract'
import { CAUSE_REASONS, type CostSnapshot, type EngineEvent } from '../realtime'

const LIVE_STATES = new Set([
  'creating',
  'connecting',
  'ready',
  'listening',
  'thinking',
  'speaking',
  'reconnecting',
])

/** A warning about no money figure: every figure unknown. */
const NO_FIGURES = { balanceVnd: null, totalVnd: null, maxSpendVnd: null, usedPercent: null } as const

export class VoiceStatusModel {
  #status: VoiceStatus
  /** The length the next session was asked to run, for its end time when the service gives none. */
  #sessionLengthSec: number | null = null

  constructor(
    mode: VoiceMode,
    /** The wallet from the account glance, for minutes left before the first settlement says. */
    private readonly glanceBalanceVnd: () => number | null,
    /** Wall-clock time: the end time goes to the windows, which count down to it. */
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#status = {
      state: 'idle',
      pressed: false,
      session: null,
      cost: null,
      warning: null,
      problem: null,
      micWanted: false,
      mode,
      link: 'ok',
    }
  }

  get current(): VoiceStatus {
    return structuredClone(this.#status)
  }

  /** A new conversation: what the last one left behind goes. */
  reset(mode: VoiceMode): void {
    this.#status = {
      ...this.#status,
      session: null,
      cost: null,
      warning: null,
      problem: null,
      mode,
      link: 'ok',
    }
  }

  /** What the sessions of this conversation are asked to run for (sent, or the service's default). */
  setSessionLength(sec: number | null): void {
    this.#sessionLengthSec = sec
  }

  setPressed(pressed: boolean): void {
    this.#status.pressed = pressed
    this.#updateMic()
  }

  setSharing(sharing: VoiceStatus['sharing']): void {
    this.#status.sharing = sharing ?? null
  }

  /** Sharing started or stopped: a new session, so the model starts fresh. */
  setVideoWarning(reason: 'started' | 'stopped' | 'elapsed'): void {
    this.#status.warning = { ...NO_FIGURES, kind: 'video', reason }
  }

  /** A problem found outside the engine (no model, no network for the model list). */
  setProblem(problem: VoiceStatus['problem']): void {
    this.#status.problem = problem
  }

  /** Applies one engine event; false when the status did not change. */
  apply(event: EngineEvent): boolean {
    const s = this.#status
    switch (event.type) {
      case 'state':
        s.state = event.state
        // A fresh attempt clears an old failure; the service's cut stays until the user acts.
        if (event.state === 'creating' && s.problem?.fatal) s.problem = null
        if (event.state === 'idle' || event.state === 'ended') s.session = null
        // The engine clears it with the link; a conversation over or never opened has no link at all.
        if (event.state === 'idle' || event.state === 'ended' || event.state === 'failed') s.link = 'ok'
        this.#updateMic()
        return true
      case 'link':
        s.link = event.interrupted ? 'interrupted' : 'ok'
        return true
      case 'session':
        s.session = {
          id: event.sessionId,
          model: event.model,
          protocol: event.protocol,
          transport: event.transport,
          endsAtMs: this.#endsAtMs(event, s.session),
        }
        if (s.problem?.kind === 'terminated') s.problem = null
        return true
      case 'cost':
        s.cost = this.#cost(event.cost)
        return true
      case 'warning':
        s.warning = {
          kind: event.kind,
          balanceVnd: event.balanceVnd,
          totalVnd: event.totalVnd,
          maxSpendVnd: event.maxSpendVnd,
          usedPercent: event.usedPercent,
        }
        return true
      case 'audioDropped':
        s.warning = { ...NO_FIGURES, kind: 'audio_dropped', droppedMs: Math.round(event.ms) }
        return true
      case 'terminated': {
        // Any spelling of a known cause reads as the one reason the windows have words for.
        const reason = event.cause === 'unknown' ? event.reason : CAUSE_REASONS[event.cause]
        if (event.renewal === 'renewing') {
          s.warning = { ...NO_FIGURES, kind: 'renewed', reason }
          return true
        }
        s.problem = {
          kind: 'terminated',
          code: reason,
          message: event.message ?? event.reason,
          fatal: false,
          renewal: event.renewal,
        }
        return true
      }
      case 'error':
        s.problem = {
          kind: event.error.kind,
          code: event.error.code,
          message: event.error.message,
          fatal: event.fatal,
          ...(event.error.retryAfterMs === undefined ? {} : { retryAfterMs: event.error.retryAfterMs }),
          ...(event.error.requestId ? { requestId: event.error.requestId } : {}),
        }
        return true
      default:
        return false
    }
  }

  /**
   * The service's expiry when it gives one; a resumed session keeps the end it had; a new one runs from
   * now (the demo, like the spec's "declared max duration", counts from when the session goes live).
   */
  #endsAtMs(event: Extract<EngineEvent, { type: 'session' }>, before: VoiceStatus['session']): number | null {
    const expires = event.expiresAt === null ? NaN : Date.parse(event.expiresAt)
    if (Number.isFinite(expires)) return expires
    if (event.resumed && before?.id === event.sessionId) return before.endsAtMs
    const sec = event.maxDurationSec ?? this.#sessionLengthSec
    return sec === null ? null : this.nowMs() + sec * 1000
  }

  #cost(c: CostSnapshot): VoiceCost {
    const balanceVnd = c.balanceVnd ?? this.glanceBalanceVnd()
    const perMin = c.estimatedVndPerMin
    return {
      settledVnd: c.settledVnd,
      totalVnd: c.totalVnd,
      estimateVnd: c.estimateVnd,
      estimatedVndPerMin: perMin,
      maxSpendVnd: c.maxSpendVnd,
      balanceVnd,
      minutesLeft:
        balanceVnd !== null && perMin !== null && perMin > 0 ? Math.max(0, balanceVnd / perMin) : null,
    }
  }

  #updateMic(): void {
    const s = this.#status
    s.micWanted = s.pressed || LIVE_STATES.has(s.state)
  }
}
