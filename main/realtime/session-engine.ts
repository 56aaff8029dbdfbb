// The realtime voice session engine: push-to-talk over one conversation, vendor-neutral, Electron-free.
//
//   const engine = new SessionEngine({ api, connect, playback }, { model })
//   engine.on((event) => ...)          // EngineEvent: state, session, caption, turn, response, cost,
//                                      // warning, terminated, sessionEnded, audioDropped, error, summary
//   engine.warm()                      // optional: create and connect before the first press
//   engine.press()                     // key down: barge in if the model talks, start streaming
//   engine.capture(rateHz, float32)    // microphone frames at the device rate (AudioPorts consumer)
//   engine.release()                   // key up: the turn is answered (or dropped if under 100 ms)
//   await engine.end()                 // DELETE the session; resolves with the summary
//
// Audio captured before the socket is ready is held and sent in order once it is (pre-roll), so the
// first syllable is never lost; so is audio captured while a dropped socket is resumed. The model's
// voice goes to the PlaybackSink as Float32 at the output rate. The engine owns its state: it derives the
// state from the link and the conversation after every input, and moves through StateMachine.
import { systemClock, Timer, type EngineClock } from './engine-clock'
import type {
  ConversationSummary,
  EngineEvent,
  EngineListener,
  SessionRecord,
} from './engine-events'
import { StateMachine, type EngineState } from './engine-state'
import type { RealtimeCommand } from './events'
import { Outbox, type OutboxEntry } from './outbox'
import { CaptureFramer } from './capture-framer'
import { Captions } from './captions'
import { CostMeter, type CostSnapshot } from './cost-meter'
import { ConversationHandlers, type ConversationHost } from './conversation-handlers'
import { PlaybackRouter, type PlaybackSink } from './playback'
import { SessionLink, type LinkStage, type OpenedLink, type SessionEnd } from './session-link'
import type { CreateSessionParams, SessionService } from './sessions-api'
import type { TransportConnector } from './transport'
import { TurnJournal } from './turn-journal'
import { DEFAULT_BURST_MS } from './audio-pacer'
import type { EngineError } from './engine-events'

export interface EngineDeps {
  api: SessionService
  connect: TransportConnector
  /** Where the model's voice goes; can be set later with `setPlayback`. */
  playback?: PlaybackSink
  clock?: EngineClock
}

export interface EngineOptions extends Omit<CreateSessionParams, 'turnDetection'> {
  /** `push-to-talk` (default): turns are the key presses. `hands-free`: the service detects turns. */
  mode?: 'push-to-talk' | 'hands-free'
  /** The output device's rate; the model's 24 kHz voice is resampled to it. */
  outputRateHz?: number
  /** The engine ends a quiet session itself after this long, before the service's 3-minute idle cut. */
  idleEndMs?: number
  /** Audio held without a socket (pre-roll, reconnect) is capped at this; the oldest goes first. */
  maxQueuedAudioMs?: number
  /** How far ahead of real time held audio may be sent at once. */
  burstMs?: number
  /** How often a cost event is sent while a session bills; 0 turns the ticks off. */
  costTickMs?: number
  connectTimeoutMs?: number
}

/** Model-R refuses to commit less than 100 ms ("input_audio_buffer_commit_empty"). */
export const MIN_TURN_MS = 100
const MIN_TURN_SAMPLES = (16_000 * MIN_TURN_MS) / 1000
export const DEFAULT_IDLE_END_MS = 150_000
export const DEFAULT_MAX_QUEUED_AUDIO_MS = 30_000
const DEFAULT_COST_TICK_MS = 1_000
/** ~1.5 s of 16 kHz audio as base64 JSON. */
const MAX_IN_FLIGHT_BYTES = 64 * 1024

export class SessionEngine {
  readonly #clock: EngineClock
  readonly #options: EngineOptions
  readonly #listeners = new Set<EngineListener>()
  readonly #machine: StateMachine
  readonly #link: SessionLink
  readonly #outbox: Outbox
  readonly #framer = new CaptureFramer()
  readonly #journal: TurnJournal
  readonly #playback: PlaybackRouter
  readonly #cost: CostMeter
  readonly #conversation: ConversationHandlers
  readonly #idleTimer: Timer
  readonly #costTimer: Timer
  #pressed = false
  #turnId: number | null = null
  #turnSamples = 0
  #turnSeq = 0
  #failed = false
  /** `end()` was called and has not finished. */
  #closing = false
  #ending: Promise<ConversationSummary> | null = null
  #ended = false
  #sessions: SessionRecord[] = []
  #liveSinceMs: number | null = null
  #turnsCommitted = 0

  constructor(deps: EngineDeps, options: EngineOptions) {
    this.#clock = deps.clock ?? systemClock
    this.#options = options
    const maxQueuedAudioMs = options.maxQueuedAudioMs ?? DEFAULT_MAX_QUEUED_AUDIO_MS
    this.#machine = new StateMachine((state, previous) => this.#emit({ type: 'state', state, previous }))
    this.#journal = new TurnJournal(maxQueuedAudioMs)
    this.#playback = new PlaybackRouter(this.#clock, options.outputRateHz)
    this.#playback.setSink(deps.playback ?? null)
    this.#cost = new CostMeter(this.#clock)
    this.#idleTimer = new Timer(this.#clock)
    this.#costTimer = new Timer(this.#clock)
    this.#outbox = new Outbox(this.#clock, {
      burstMs: options.burstMs ?? DEFAULT_BURST_MS,
      maxQueuedAudioMs,
      maxInFlightBytes: MAX_IN_FLIGHT_BYTES,
      onSent: (entry) => this.#sent(entry),
      onDropped: (ms) => this.#emit({ type: 'audioDropped', ms }),
    })
    this.#conversation = new ConversationHandlers(this.#host(), new Captions())
    const { mode: _mode, outputRateHz: _o, idleEndMs: _i, maxQueuedAudioMs: _m, ...create } = options
    const params: CreateSessionParams = {
      ...create,
      turnDetection: this.#handsFree ? 'server' : 'manual',
    }
    this.#link = new SessionLink(
      {
        api: deps.api,
        connect: deps.connect,
        clock: this.#clock,
        params: stripEngineOptions(params),
        ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
      },
      {
        stage: (stage) => this.#stageChanged(stage),
        created: (s) => this.#cost.sessionCreated(s.billing.estimatedVndPerMin, s.billing.maxSpendVnd),
        opened: (link) => this.#opened(link),
        received: (events) => {
          for (const e of events) this.#conversation.handle(e)
          this.#refresh()
        },
        dropped: (meaning) => {
          this.#outbox.detach()
          this.#conversation.connectionLost()
          if (meaning.action === 'slow-down') this.#outbox.setBurstMs((options.burstMs ?? DEFAULT_BURST_MS) / 2)
          if (meaning.action === 'bug')
            this.#error({ kind: 'protocol', code: 'bad_frame', message: `The service refused a frame: ${meaning.meaning}.` })
          this.#refresh()
        },
        ended: (end) => this.#sessionEnded(end),
        failed: (error) => this.#openFailed(error),
      },
    )
  }

  get state(): EngineState {
    return this.#machine.state
  }

  get pressed(): boolean {
    return this.#pressed
  }

  get sessionId(): string | null {
    return this.#link.session?.id ?? null
  }

  /** Listens to every event; returns the function that stops listening. */
  on(listener: EngineListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  setPlayback(sink: PlaybackSink | null): void {
    this.#playback.setSink(sink)
  }

  setOutputRate(rateHz: number): void {
    this.#playback.setOutputRate(rateHz)
  }

  cost(): CostSnapshot {
    return this.#cost.snapshot()
  }

  /** Opens a session ahead of the first press, so the press streams at once. */
  warm(): void {
    if (this.#closing) return
    this.#revive()
    this.#link.open()
    this.#refresh()
  }

  press(): void {
    if (this.#closing || this.#pressed) return
    this.#revive()
    this.#pressed = true
    this.#touch()
    if (this.#conversation.modelBusy()) this.#interrupt()
    this.#framer.reset()
    const id = ++this.#turnSeq
    this.#turnId = id
    this.#turnSamples = 0
    if (!this.#handsFree) {
      this.#journal.open(id)
      this.#outbox.push({ type: 'startTurn' }, id)
    }
    this.#link.open()
    this.#refresh()
  }

  /** Microphone audio, Float32 at the device's rate; ignored while the key is up. */
  capture(rateHz: number, samples: Float32Array): void {
    if (!this.#pressed) return
    for (const frame of this.#framer.push(rateHz, samples)) this.#queueAudio(frame)
  }

  release(): void {
    if (!this.#pressed) return
    this.#pressed = false
    this.#touch()
    for (const frame of this.#framer.end()) this.#queueAudio(frame)
    const id = this.#turnId as number
    this.#turnId = null
    if (this.#handsFree) this.#outbox.push({ type: 'endAudioStream' })
    else if (this.#turnSamples < MIN_TURN_SAMPLES) this.#discard(id)
    else {
      this.#journal.release(id)
      // Counted before the push: the commit may leave (and be counted as sent) inside it.
      this.#conversation.turnQueued()
      this.#outbox.push({ type: 'commitTurn' }, id)
      this.#turnsCommitted++
      this.#emit({ type: 'turn', phase: 'committed', turnId: id, audioMs: samplesToMs(this.#turnSamples) })
    }
    this.#refresh()
  }

  /** Ends the conversation: DELETE settles the bill. Safe to call more than once. */
  end(): Promise<ConversationSummary> {
    if (this.#ending && (this.#closing || this.#ended)) return this.#ending
    this.#closing = true
    this.#ending = this.#finish()
    return this.#ending
  }

  get #handsFree(): boolean {
    return this.#options.mode === 'hands-free'
  }

  async #finish(): Promise<ConversationSummary> {
    this.#pressed = false
    this.#turnId = null
    this.#idleTimer.cancel()
    this.#costTimer.cancel()
    this.#outbox.clear()
    this.#journal.clear()
    this.#playback.stop()
    this.#conversation.reset()
    this.#refresh()
    const end = await this.#link.end()
    if (end) this.#record(end)
    this.#closing = false
    this.#ended = true
    this.#refresh()
    const summary = this.#summary()
    this.#emit({ type: 'cost', cost: this.#cost.snapshot() })
    this.#emit({ type: 'summary', summary })
    return summary
  }

  /** A press or warm after `end()` or a failure starts over. */
  #revive(): void {
    this.#failed = false
    if (!this.#ended) return
    this.#ended = false
    this.#ending = null
    this.#sessions = []
    this.#liveSinceMs = null
    this.#turnsCommitted = 0
    this.#cost.reset()
    this.#conversation.resetCounts()
  }

  #queueAudio(frame: Int16Array): void {
    const id = this.#turnId
    if (id === null) return
    this.#turnSamples += frame.length
    if (!this.#handsFree) this.#journal.add(id, frame)
    this.#outbox.push({ type: 'appendAudio', pcm16k: frame }, id)
  }

  /** A press under 100 ms: nothing of it reaches the model, and no empty commit is sent. */
  #discard(id: number): void {
    const nothingSent = this.#outbox.has(id, 'startTurn')
    this.#outbox.removeTurn(id)
    this.#journal.forget(id)
    // Model-R: drop what was appended. Live-type has no clear: the open activity simply continues.
    if (!nothingSent) this.#outbox.push({ type: 'clearInput' })
    this.#emit({ type: 'turn', phase: 'discarded', turnId: id, audioMs: samplesToMs(this.#turnSamples) })
  }

  /** Barge-in: silence now, and tell the service how much of the answer was heard. */
  #interrupt(): void {
    const itemId = this.#conversation.playingItemId()
    const playedMs = itemId === null ? 0 : this.#playback.playedMs(itemId)
    this.#playback.stop()
    this.#conversation.interrupted()
    const command: RealtimeCommand =
      itemId === null ? { type: 'interrupt', playedMs } : { type: 'interrupt', itemId, playedMs }
    this.#outbox.push(command)
  }

  #sent(entry: OutboxEntry): void {
    if (entry.command.type === 'commitTurn' && entry.turnId !== null) {
      this.#journal.forget(entry.turnId)
      this.#conversation.turnSent()
    }
  }

  #opened(link: OpenedLink): void {
    this.#conversation.attach(link.wire, link.endTurnNow)
    if (!link.resumed) this.#replayJournal()
    this.#outbox.attach(link.sink, link.encode)
    this.#liveSinceMs ??= this.#clock.now()
    this.#emit({
      type: 'session',
      sessionId: link.session.id,
      model: link.session.model,
      protocol: link.wire,
      resumed: link.resumed,
      createMs: link.createMs,
      connectMs: link.connectMs,
    })
    this.#touch()
    this.#tickCost()
    this.#refresh()
  }

  /** A new session: every turn not yet committed on the old one is sent again, whole and in order. */
  #replayJournal(): void {
    for (const turn of this.#journal.turns()) {
      this.#outbox.removeTurn(turn.id)
      this.#outbox.push({ type: 'startTurn' }, turn.id)
      for (const frame of turn.frames) this.#outbox.push({ type: 'appendAudio', pcm16k: frame }, turn.id)
      if (turn.released) this.#outbox.push({ type: 'commitTurn' }, turn.id)
    }
  }

  #sessionEnded(end: SessionEnd): void {
    this.#record(end)
    this.#outbox.detach()
    this.#conversation.connectionLost()
    this.#costTimer.cancel()
    if (end.terminated) {
      this.#emit({ type: 'terminated', sessionId: end.sessionId, reason: end.reason, message: end.message })
    } else {
      this.#emit({ type: 'sessionEnded', sessionId: end.sessionId, reason: end.reason, totalVnd: end.totalVnd })
    }
    this.#emit({ type: 'cost', cost: this.#cost.snapshot() })
    const replacing = this.#link.stage !== 'none'
    if (!replacing && end.terminated) {
      // The reason reaches the user; the next press opens a new session.
      this.#pressed = false
      this.#turnId = null
      this.#outbox.clear()
      this.#journal.clear()
    } else if (!replacing && this.#journal.turns().length > 0) {
      // Lost for good while the user was talking: the turn goes to a new session.
      this.#link.open()
    }
    this.#refresh()
  }

  #openFailed(error: EngineError): void {
    this.#failed = true
    this.#pressed = false
    this.#turnId = null
    this.#outbox.clear()
    this.#journal.clear()
    this.#error(error)
    this.#refresh()
  }

  #record(end: SessionEnd): void {
    this.#cost.sessionClosed(end.totalVnd)
    this.#sessions.push({
      id: end.sessionId,
      model: end.model,
      totalVnd: end.totalVnd,
      durationSec: end.durationSec,
      endReason: end.reason,
    })
  }

  #stageChanged(_stage: LinkStage): void {
    this.#refresh()
  }

  /** Any sign of life resets the countdown to the engine's own idle end. */
  #touch(): void {
    const idleEndMs = this.#options.idleEndMs ?? DEFAULT_IDLE_END_MS
    if (idleEndMs <= 0) return
    this.#idleTimer.arm(idleEndMs, () => this.#idleDue())
  }

  #idleDue(): void {
    const quiet = this.#link.stage === 'open' && this.state === 'ready' && this.#outbox.length === 0
    if (!quiet) return this.#touch()
    void this.#link.end().then((end) => {
      if (end) this.#sessionEnded({ ...end, reason: 'client_idle' })
    })
  }

  #tickCost(): void {
    const tickMs = this.#options.costTickMs ?? DEFAULT_COST_TICK_MS
    this.#emit({ type: 'cost', cost: this.#cost.snapshot() })
    if (tickMs > 0 && this.#link.stage !== 'none') this.#costTimer.arm(tickMs, () => this.#tickCost())
  }

  #host(): ConversationHost {
    return {
      clock: this.#clock,
      playback: this.#playback,
      cost: this.#cost,
      emit: (e) => this.#emit(e),
      touch: () => this.#touch(),
      refresh: () => this.#refresh(),
      interrupt: () => this.#interrupt(),
      handsFree: this.#handsFree,
    }
  }

  #derive(): EngineState {
    if (this.#ended) return 'ended'
    if (this.#closing) return 'ending'
    switch (this.#link.stage) {
      case 'creating':
      case 'connecting':
      case 'reconnecting':
        return this.#link.stage
      case 'ending':
      case 'none':
        return this.#failed ? 'failed' : 'idle'
      case 'open':
        if (this.#pressed && !this.#handsFree) return 'listening'
        return this.#conversation.state()
    }
  }

  #refresh(): void {
    const to = this.#derive()
    if (this.#machine.move(to)) return
    this.#error({ kind: 'internal', code: 'bad_transition', message: `No transition ${this.state} -> ${to}.` })
  }

  #summary(): ConversationSummary {
    const snapshot = this.#cost.snapshot()
    return {
      sessions: [...this.#sessions],
      durationMs: this.#liveSinceMs === null ? 0 : this.#clock.now() - this.#liveSinceMs,
      costVnd: snapshot.totalVnd,
      tokens: { ...this.#cost.tokens },
      turns: this.#turnsCommitted,
      responses: this.#conversation.responses,
    }
  }

  #error(error: EngineError): void {
    this.#emit({ type: 'error', error })
  }

  #emit(event: EngineEvent): void {
    for (const listener of [...this.#listeners]) listener(event)
  }
}

function samplesToMs(samples: number): number {
  return Math.round((samples * 1000) / 16_000)
}

function stripEngineOptions(params: CreateSessionParams & Partial<EngineOptions>): CreateSessionParams {
  const { burstMs: _b, costTickMs: _c, connectTimeoutMs: _t, ...rest } = params
  return rest
}
