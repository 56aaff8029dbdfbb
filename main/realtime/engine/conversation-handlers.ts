// The conversation side of the engine: what the adapters' events mean for the user, one handler per
// event type (the same table shape as the adapters'). It keeps the vendor-neutral state the engine's
// state is derived from: is an answer awaited, is one running, is the model's voice still playing.
import type { WireProtocol } from '../adapters/adapter'
import { RecentMap } from '../adapters/recent'
import type { Captions } from './captions'
import type { CostMeter } from './cost-meter'
import { Timer, type EngineClock } from './engine-clock'
import type { EngineEvent } from './engine-events'
import type { EngineState } from './engine-state'
import type { RealtimeEvent, RealtimeEventOf, RealtimeEventType } from './events'
import type { PlaybackRouter } from './playback'
import type { ToolCalls } from './tool-calls'

export interface ConversationHost {
  clock: EngineClock
  playback: PlaybackRouter
  cost: CostMeter
  handsFree: boolean
  emit(event: EngineEvent): void
  /** Activity: the engine's idle countdown starts again. */
  touch(): void
  /** Something changed that the engine's state may follow. */
  refresh(): void
  /** The user started talking over the model (server voice detection in hands-free mode). */
  interrupt(): void
  /** The service finished an answer: the turns it answered are in the model's context. */
  answered(): void
  /** The model's calls of the app's tools. */
  tools: Pick<ToolCalls, 'call' | 'cancel' | 'flush' | 'pending'>
}

type Handlers = { [T in RealtimeEventType]: (e: RealtimeEventOf<T>) => void }

/**
 * Live-type models may end a turn with `generationComplete` and never send `turnComplete`
 * (realtime-protocols.md §3.5); after the audio already received has played, this much more is waited.
 */
export const END_TURN_GRACE_MS = 2_000
/** Errors the protocols document as harmless: a cancel that raced the end of the answer. */
const HARMLESS_ERRORS: readonly string[] = ['response_cancel_not_active']
const RECENT_RESPONSES = 16

export class ConversationHandlers {
  /** Answers that started, in this conversation. */
  responses = 0
  /** Commits waiting in the outbox. */
  #queued = 0
  #typedSeq = 0
  /** A commit left; its answer has not started. */
  #awaited = false
  #responseId: string | null = null
  #responseAudio = false
  #playingItemId: string | null = null
  /** WebRTC: the service says the model's voice is playing on the media track. */
  #remoteSpeaking = false
  #userSpeaking = false
  #wire: WireProtocol | null = null
  /** The answer is being closed on our side because the socket went: nothing was answered. */
  #losing = false
  #endTurnNow: (() => RealtimeEvent[]) | null = null
  readonly #cancelled = new RecentMap<string, true>(RECENT_RESPONSES)
  readonly #endTurnTimer: Timer
  readonly #drainTimer: Timer
  readonly #handlers: Handlers

  constructor(
    private readonly host: ConversationHost,
    private readonly captions: Captions,
  ) {
    this.#endTurnTimer = new Timer(host.clock)
    this.#drainTimer = new Timer(host.clock)
    this.#handlers = this.#table()
  }

  handle(event: RealtimeEvent): void {
    const handler = this.#handlers[event.type] as (e: RealtimeEvent) => void
    handler(event)
  }

  attach(wire: WireProtocol, endTurnNow: () => RealtimeEvent[]): void {
    this.#wire = wire
    this.#endTurnNow = endTurnNow
  }

  /** The user's words or the model's answer are in play: a press now is a barge-in. */
  modelBusy(): boolean {
    return this.#awaited || this.#responseId !== null || this.#remoteSpeaking || this.host.playback.playing()
  }

  playingItemId(): string | null {
    return this.#playingItemId
  }

  state(): Extract<EngineState, 'ready' | 'listening' | 'thinking' | 'speaking'> {
    if (this.host.handsFree && this.#userSpeaking) return 'listening'
    if (this.host.playback.playing() || this.#remoteSpeaking) return 'speaking'
    if (this.#responseId !== null && this.#responseAudio) return 'speaking'
    if (this.#queued > 0 || this.#awaited || this.#responseId !== null || this.host.tools.pending)
      return 'thinking'
    return 'ready'
  }

  turnQueued(): void {
    this.#queued++
  }

  turnSent(): void {
    this.#queued = Math.max(0, this.#queued - 1)
    this.#awaited = true
  }

  /**
   * A typed turn: no service transcribes it, so the text is the user's caption as typed, under an id of
   * its own; it is answered like a spoken turn.
   */
  textTurn(text: string): void {
    this.awaitAnswer()
    this.host.emit({ type: 'caption', role: 'user', itemId: `typed-${++this.#typedSeq}`, text, final: true })
  }

  /** Something was sent that the model answers (a typed turn, tool results). */
  awaitAnswer(): void {
    this.#awaited = true
  }

  /** A Model-R response is running: a `response.create` now would be refused. */
  holdsToolAnswers(): boolean {
    return this.#wire === 'model-r' && this.#responseId !== null
  }

  /** The client cut the answer off: its late audio and text are the user's no longer. */
  interrupted(): void {
    if (this.#responseId !== null) this.#cancelled.set(this.#responseId, true)
    this.#responseId = null
    this.#responseAudio = false
    this.#remoteSpeaking = false
    this.#awaited = false
    this.#drainTimer.cancel()
    // Live-type: the interrupted turn ends with `turnComplete`, which may never come.
    if (this.#wire === 'live') this.#armEndTurn(END_TURN_GRACE_MS)
  }

  /** The socket is gone: the service dropped the answer in progress; what was received still plays. */
  connectionLost(): void {
    this.#awaited = false
    this.#remoteSpeaking = false
    this.#endTurnTimer.cancel()
    const responseId = this.#responseId
    if (responseId === null) return
    if (this.#wire === 'live' && this.#endTurnNow) {
      this.#losing = true
      for (const e of this.#endTurnNow()) this.handle(e)
      this.#losing = false
    }
    if (this.#responseId === responseId) {
      this.#cancelled.set(responseId, true)
      this.#responseId = null
      this.#responseAudio = false
      this.host.emit({ type: 'response', phase: 'done', responseId, status: 'interrupted' })
    }
  }

  reset(): void {
    this.#queued = 0
    this.#awaited = false
    this.#responseId = null
    this.#responseAudio = false
    this.#remoteSpeaking = false
    this.#userSpeaking = false
    this.#endTurnTimer.cancel()
    this.#drainTimer.cancel()
  }

  resetCounts(): void {
    this.responses = 0
  }

  /**
   * Looks again once what was written has played. A timer may fire a little before the clock says the
   * audio is over; it then waits again instead of leaving the state at `speaking` for good.
   */
  #armDrain(): void {
    this.#drainTimer.arm(this.host.playback.remainingMs() + 1, () => {
      if (this.host.playback.playing()) return this.#armDrain()
      this.host.refresh()
    })
  }

  #armEndTurn(ms: number): void {
    this.#endTurnTimer.arm(ms, () => {
      for (const e of this.#endTurnNow?.() ?? []) this.handle(e)
      this.host.refresh()
    })
  }

  #table(): Handlers {
    const host = this.host
    const ignore = (): void => {}
    return {
      'session.ready': ignore,
      'speech.started': () => {
        this.#userSpeaking = true
        if (host.handsFree && this.modelBusy()) host.interrupt()
      },
      'speech.stopped': () => {
        this.#userSpeaking = false
      },
      'turn.userCommitted': ignore,
      'transcript.user.delta': (e) => host.emit(this.captions.userDelta(e)),
      'transcript.user.final': (e) => host.emit(this.captions.userFinal(e)),
      'response.started': (e) => {
        this.#responseId = e.responseId
        this.#responseAudio = false
        this.#awaited = false
        this.responses++
        host.touch()
        host.emit({ type: 'response', phase: 'started', responseId: e.responseId })
      },
      'audio.delta': (e) => {
        if (this.#cancelled.has(e.responseId)) return
        host.playback.write(e.pcm, e.rateHz, e.responseId, e.itemId)
        this.#playingItemId = e.itemId
        if (e.responseId === this.#responseId) this.#responseAudio = true
        host.touch()
        this.#armDrain()
      },
      'audio.remote': (e) => {
        this.#remoteSpeaking = e.phase === 'started' && !(e.responseId && this.#cancelled.has(e.responseId))
        if (this.#remoteSpeaking && e.responseId === this.#responseId) this.#responseAudio = true
        host.touch()
      },
      'item.truncated': (e) => {
        const caption = this.captions.assistantCut(e.itemId)
        if (caption) host.emit(caption)
      },
      'audio.done': (e) => {
        if (!e.cancelled && !this.#cancelled.has(e.responseId))
          host.playback.finishItem(e.responseId, e.itemId)
      },
      'transcript.assistant.delta': (e) =>
        host.emit(
          this.captions.assistantDelta({ ...e, cancelled: e.cancelled || this.#cancelled.has(e.responseId) }),
        ),
      'transcript.assistant.final': (e) =>
        host.emit(
          this.captions.assistantFinal({ ...e, cancelled: e.cancelled || this.#cancelled.has(e.responseId) }),
        ),
      'response.ending': () => this.#armEndTurn(host.playback.remainingMs() + END_TURN_GRACE_MS),
      'response.done': (e) => {
        this.#endTurnTimer.cancel()
        const ours = this.#cancelled.has(e.responseId)
        if (e.responseId === this.#responseId) {
          this.#responseId = null
          this.#responseAudio = false
        }
        // Cut by the service (its voice detection heard the user): stop what is still queued to play.
        if (!ours && (e.status === 'interrupted' || e.status === 'cancelled')) host.playback.stop()
        if (!this.#losing) host.answered()
        host.touch()
        host.emit({ type: 'response', phase: 'done', responseId: e.responseId, status: e.status })
        host.tools.flush()
      },
      usage: (e) => host.cost.addUsage(e.usage),
      'tool.call': (e) => host.tools.call(e),
      'tool.cancelled': (e) => host.tools.cancel(e.callIds),
      service: (e) => this.#service(e),
      error: (e) => {
        if (HARMLESS_ERRORS.includes(e.code)) return
        if (e.clientEventType === 'response.create') this.#awaited = false
        const kind = e.clientEventType === null ? 'server' : 'invalid_input'
        host.emit({ type: 'error', error: { kind, code: e.code, message: e.message }, fatal: false })
      },
      goAway: ignore,
      resumption: ignore,
      malformed: ignore,
    }
  }

  #service(e: RealtimeEventOf<'service'>): void {
    const host = this.host
    switch (e.kind) {
      case 'session.active':
        host.cost.active(e)
        return host.emit({ type: 'cost', cost: host.cost.snapshot() })
      case 'usage.settled':
        host.cost.settled(e)
        return host.emit({ type: 'cost', cost: host.cost.snapshot() })
      case 'warning.low_balance':
      case 'warning.max_spend':
        return host.emit({
          type: 'warning',
          kind: e.kind === 'warning.low_balance' ? 'low_balance' : 'max_spend',
          balanceVnd: e.balanceVnd ?? null,
          totalVnd: e.totalVnd ?? null,
          maxSpendVnd: e.maxSpendVnd ?? null,
          usedPercent: e.usedPercent ?? null,
        })
      default:
        // session.ended / session.terminated: the link reads them and reports the end once the socket closes.
        return
    }
  }
}
