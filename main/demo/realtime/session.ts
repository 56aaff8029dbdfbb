// One realtime session's life (realtime-api.md "States and transitions"):
//   created --connect--> active --DELETE / idle / client close / lost--> ended
//   created --not connected by connect_by, or DELETE--> cancelled (never charged)
//   active --wallet, cap, key, duration, maintenance, error--> terminated
// Timers run on service time. The conversation and the bill belong to the session, not to a socket,
// so a dropped socket can be replaced within the reconnect window without losing either.
import type { IncomingMessage } from 'node:http'
import type { DemoAccount, DemoContext } from '../context'
import { takeFault } from '../control/faults'
import { AudioRecorder } from './audio-record'
import { SessionBilling } from './billing'
import type { SessionParams } from './create-params'
import { DemoModel } from './demo-model'
import type { ModelListener } from './model-events'
import { SETTLE_INTERVAL_SEC } from './models'
import { ServiceEventLog, type EndReason, type TerminationReason } from './service-events'
import type { SessionTokens, TokenEntry } from './tokens'

export const IDLE_TIMEOUT_MS = 180_000
export const RECONNECT_WINDOW_MS = 120_000
export const CONNECT_WINDOW_MS = 60_000

export type SessionStatus = 'created' | 'active' | 'ended' | 'terminated' | 'cancelled'

/** What the session needs of the socket that carries it. */
export interface SessionConnection {
  close(code: number, reason: string): void
}

const TERMINATION_MESSAGES: Record<TerminationReason, string> = {
  insufficient_balance: 'The wallet cannot pay for the session.',
  max_spend_reached: "The session's spending cap was reached.",
  max_duration_reached: "The session's declared maximum duration elapsed.",
  key_revoked: 'The API key was suspended, revoked, expired or reached its spending limit.',
  maintenance: 'The service is going down for maintenance.',
  system_error: 'A system error ended the session.',
}

export interface SessionInit {
  id: string
  account: DemoAccount
  apiKey: string
  params: SessionParams
  estimatedVndPerMin: number
  onFinished(session: RealtimeSession): void
}

export class RealtimeSession {
  readonly id: string
  readonly account: DemoAccount
  readonly params: SessionParams
  readonly estimatedVndPerMin: number
  readonly createdAtMs: number
  readonly connectByMs: number
  readonly events = new ServiceEventLog()
  readonly recorder = new AudioRecorder()
  readonly model: DemoModel
  readonly billing: SessionBilling
  status: SessionStatus = 'created'
  endReason: EndReason | TerminationReason | null = null
  activatedAtMs: number | null = null
  endedAtMs: number | null = null
  disconnectedAtMs: number | null = null
  token: TokenEntry
  #connection: SessionConnection | null = null
  #lastActivityMs: number
  #finishing = false
  readonly #timers = new Set<NodeJS.Timeout>()
  #settleTimer: NodeJS.Timeout | null = null
  #reconnectTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly ctx: DemoContext,
    private readonly tokens: SessionTokens,
    private readonly init: SessionInit,
  ) {
    this.id = init.id
    this.account = init.account
    this.params = init.params
    this.estimatedVndPerMin = init.estimatedVndPerMin
    this.createdAtMs = ctx.clock.now()
    this.connectByMs = this.createdAtMs + CONNECT_WINDOW_MS
    this.#lastActivityMs = this.createdAtMs
    this.token = tokens.issue(this.id, this.createdAtMs)
    const p = init.params
    this.model = new DemoModel({
      clock: ctx.clock,
      speech: ctx.speech,
      random: ctx.random,
      model: p.model,
      modalities: p.modalities,
      instructions: p.instructions,
      inputAudioTranscription: p.inputAudioTranscription,
      input: p.input,
      turnDetection: p.turnDetection,
      manualTurns: p.model.engineProtocol === 'gemini-live-v1beta' ? 'activity' : 'commit',
      recorder: this.recorder,
      onUsage: (usage) => this.billing.add(usage),
      onCommitted: () => this.#cutOnCommitFault(),
      tools: p.tools.map((t) => t.name),
      takeToolCall: () => {
        const next = takeFault(ctx.faults, 'toolCallNext')
        return next ? { name: next.name, args: next.args } : null
      },
    })
    this.billing = new SessionBilling({
      sessionId: this.id,
      account: this.account,
      model: p.model,
      ledger: ctx.ledger,
      clock: ctx.clock,
      maxSpendVnd: p.maxSpendVnd,
      estimatedVndPerMin: init.estimatedVndPerMin,
      emit: (e) => this.events.emit(e),
      cut: (reason) => this.terminate(reason),
    })
    this.#after(this.connectByMs - this.createdAtMs, () => {
      if (this.status === 'created') this.#finish('cancelled', 'not_connected')
    })
  }

  get finished(): boolean {
    return this.status === 'ended' || this.status === 'terminated' || this.status === 'cancelled'
  }

  get connected(): boolean {
    return this.#connection !== null
  }

  get reconnectByMs(): number | null {
    return this.disconnectedAtMs === null ? null : this.disconnectedAtMs + RECONNECT_WINDOW_MS
  }

  /** A new one-use token; older unspent tokens stop working (spec: reconnect returns "a new token"). */
  reissueToken(): TokenEntry {
    this.tokens.spend(this.token)
    this.token = this.tokens.issue(this.id, this.ctx.clock.now())
    return this.token
  }

  /** A socket with a valid token takes the session; one still attached is replaced. */
  attach(connection: SessionConnection, listener: ModelListener): void {
    const previous = this.#connection
    this.#connection = null
    previous?.close(4409, 'realtime_session_already_connected')
    this.#connection = connection
    this.model.listener = listener
    this.disconnectedAtMs = null
    if (this.#reconnectTimer) this.#clear(this.#reconnectTimer)
    this.#reconnectTimer = null
    this.touch()
    const resumed = this.status === 'active'
    if (!resumed) this.#activate()
    this.events.emit({
      type: 'session.active',
      session_id: this.id,
      at: this.#nowIso(),
      resumed,
      billing: {
        currency: 'VND',
        settle_interval_sec: SETTLE_INTERVAL_SEC,
        estimated_vnd_per_min: this.init.estimatedVndPerMin,
        max_spend_vnd: this.params.maxSpendVnd,
      },
    })
    if (!resumed) this.billing.start(this.activatedAtMs ?? this.ctx.clock.now())
  }

  /** The socket closed. A clean close by the client ends the session; anything else may be resumed. */
  detached(connection: SessionConnection, clean: boolean): void {
    if (this.#connection !== connection) return
    this.#connection = null
    this.model.detach()
    if (this.finished) return
    if (clean) return this.end('client_closed')
    this.disconnectedAtMs = this.ctx.clock.now()
    this.#reconnectTimer = this.#after(RECONNECT_WINDOW_MS, () => this.end('connection_lost'))
  }

  /** Any client frame or model output counts as activity (spec: "no audio and no event"). */
  touch(): void {
    this.#lastActivityMs = this.ctx.clock.now()
  }

  /** DELETE, idle, client close, lost connection. A session never connected is cancelled instead. */
  end(reason: EndReason): void {
    this.#finish(this.status === 'created' ? 'cancelled' : 'ended', reason)
  }

  /** `spoken`: the word the events and the close frame carry, when a fault makes it another. */
  terminate(reason: TerminationReason, spoken: string = reason): void {
    this.#finish(this.status === 'created' ? 'cancelled' : 'terminated', reason, spoken)
  }

  /** The `terminateOnCommit` fault: cut after the commit's own work is done, before any answer. */
  #cutOnCommitFault(): void {
    const fault = takeFault(this.ctx.faults, 'terminateOnCommit')
    if (fault) setImmediate(() => this.terminate('system_error', fault.reason))
  }

  #activate(): void {
    const now = this.ctx.clock.now()
    this.status = 'active'
    this.activatedAtMs = now
    this.#settleTimer = this.ctx.clock.setInterval(() => this.#settleWindow(), SETTLE_INTERVAL_SEC * 1000)
    this.#timers.add(this.#settleTimer)
    this.#after(this.params.maxDurationSec * 1000, () => this.terminate('max_duration_reached'))
    this.#scheduleIdleCheck(IDLE_TIMEOUT_MS)
  }

  #settleWindow(): void {
    if (this.finished || this.#finishing) return
    if (!this.#keyStillValid()) return this.terminate('key_revoked')
    if (!this.billing.settle(false)) this.terminate('insufficient_balance')
  }

  /**
   * The key is checked again at each settlement, as a key suspended, revoked, expired or at its spending
   * limit cuts the session.
   */
  #keyStillValid(): boolean {
    const probe = {
      headers: { authorization: `Bearer ${this.init.apiKey}`, 'user-agent': 'realtime-session-check' },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage
    const auth = this.ctx.authenticate(probe)
    return auth.ok && !auth.atSpendLimit
  }

  /** Checks lazily: one timer per idle period rather than one per audio frame. */
  #scheduleIdleCheck(delayMs: number): void {
    this.#after(delayMs, () => {
      const idleMs = this.ctx.clock.now() - this.#lastActivityMs
      if (idleMs >= IDLE_TIMEOUT_MS) this.end('idle_timeout')
      else this.#scheduleIdleCheck(IDLE_TIMEOUT_MS - idleMs)
    })
  }

  #finish(
    status: 'ended' | 'cancelled' | 'terminated',
    reason: EndReason | TerminationReason,
    spoken: string = reason,
  ): void {
    if (this.finished || this.#finishing) return
    this.#finishing = true
    for (const t of this.#timers) clearTimeout(t)
    this.#timers.clear()
    this.model.stop()
    if (status !== 'cancelled') this.billing.settle(true)
    this.status = status
    this.endReason = reason
    // A deadline timer can fire a little before its service-time moment (the event loop's cached clock
    // lags the real one); a session cancelled for missing connect_by ends at that deadline, not before.
    const now = this.ctx.clock.now()
    this.endedAtMs = reason === 'not_connected' ? Math.max(now, this.connectByMs) : now
    const base = { session_id: this.id, at: this.#nowIso(), total_vnd: this.billing.totalVnd }
    const announce = (): void => {
      if (status === 'terminated') {
        const r = reason as TerminationReason
        this.events.emit({
          ...base,
          type: 'session.terminated',
          reason: spoken,
          message: TERMINATION_MESSAGES[r],
        })
      } else {
        this.events.emit({ ...base, type: 'session.ended', status, reason })
      }
      this.events.close()
    }
    // The event path may lag the end itself (faults.ts `lateEndEvent`): a transport delay, so real time.
    const late = takeFault(this.ctx.faults, 'lateEndEvent')
    if (late) setTimeout(announce, late.delayMs)
    else announce()
    const connection = this.#connection
    this.#connection = null
    connection?.close(4000, status === 'terminated' ? `terminated: ${spoken}` : `ended: ${reason}`)
    this.init.onFinished(this)
  }

  #after(serviceMs: number, fn: () => void): NodeJS.Timeout {
    const timer = this.ctx.clock.setTimeout(() => {
      this.#timers.delete(timer)
      fn()
    }, serviceMs)
    this.#timers.add(timer)
    return timer
  }

  #clear(timer: NodeJS.Timeout): void {
    clearTimeout(timer)
    this.#timers.delete(timer)
  }

  #nowIso(): string {
    return new Date(this.ctx.clock.now()).toISOString()
  }
}
