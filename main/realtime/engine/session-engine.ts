// Over 400 lines on purpose: the state machine's inputs share one state; its parts (turns, captions, cost,
// conversation events, link) are already modules of their own in engine/ and link/.
// The realtime voice session engine: push-to-talk over one conversation, vendor-neutral, Electron-free.
//
//   const engine = new SessionEngine({ api, connect, playback?, clock? }, { model, ...options })
//   engine.on((event) => ...)          // EngineEvent (engine-events.ts); returns an unsubscribe function
//   engine.warm()                      // optional: create and connect before the first press
//   engine.press()                     // key down: barge in if the model talks, start streaming
//   engine.capture(rateHz, float32)    // microphone frames at the device rate (AudioPorts consumer)
//   engine.release()                   // key up: the turn is answered (or dropped if under 100 ms)
//   engine.videoFrame(jpegBase64)      // a shared screen or camera frame (session created with video)
//   engine.sendText(text)              // a typed turn, answered like a spoken one
//   engine.reconnect()                 // take back a session another connection holds (after a failure)
//   await engine.end()                 // DELETE the session; resolves with the ConversationSummary
//   engine.setPlayback(sink)           // where the model's voice goes (Float32 at the output rate)
//   engine.setOutputRate(hz)           // the output device's rate (default 24 kHz)
//   engine.state / .pressed / .sessionId / .cost()
//
// Audio captured before the socket is ready is held and sent in order once it is (pre-roll), so the
// first syllable is never lost; so is audio captured while a dropped socket is resumed. The engine owns
// its state: after every input it derives the state from the link and the conversation, and moves
// through StateMachine (engine-state.ts), the one place transitions are checked.
import { DEFAULT_BURST_MS } from './audio-pacer'
import { Captions } from './captions'
import { ConversationHandlers, type ConversationHost } from './conversation-handlers'
import { CostMeter, type CostSnapshot } from './cost-meter'
import { systemClock, Timer, type EngineClock } from './engine-clock'
import type {
  ConversationSummary,
  EngineError,
  EngineEvent,
  EngineListener,
  SessionRecord,
} from './engine-events'
import { StateMachine, type EngineState } from './engine-state'
import type { RealtimeCommand } from './events'
import {
  createParams,
  DEFAULT_COST_TICK_MS,
  DEFAULT_IDLE_END_MS,
  DEFAULT_MAX_QUEUED_AUDIO_MS,
  type EngineDeps,
  type EngineOptions,
} from './engine-options'
import { PlaybackRouter, type PlaybackSink } from './playback'
import { SessionLink, type OpenedLink, type SessionEnd } from '../link/session-link'
import type { SessionService } from '../../api/realtime/sessions-api'
import { pricesOf } from './token-prices'
import { RenewalPolicy, terminationCause, type Renewal } from '../link/termination-policy'
import { TurnSender, resumeKind, resumedKind } from './turn-sender'
import { DEFAULT_TOOL_TIMEOUT_MS, ToolCalls } from './tool-calls'

export { MIN_TURN_MS } from './turn-sender'
export { DEFAULT_IDLE_END_MS, type EngineDeps, type EngineOptions } from './engine-options'

export class SessionEngine {
  readonly #clock: EngineClock
  readonly #options: EngineOptions
  readonly #listeners = new Set<EngineListener>()
  readonly #machine: StateMachine
  readonly #link: SessionLink
  readonly #turns: TurnSender
  readonly #playback: PlaybackRouter
  readonly #cost: CostMeter
  readonly #conversation: ConversationHandlers
  readonly #tools: ToolCalls
  readonly #idleTimer: Timer
  readonly #costTimer: Timer
  readonly #renewals = new RenewalPolicy()
  #failed = false
  /** `end()` was called and has not finished. */
  #closing = false
  #ending: Promise<ConversationSummary> | null = null
  #ended = false
  #sessions: SessionRecord[] = []
  #liveSinceMs: number | null = null
  #turnsCommitted = 0
  /** The models list was asked for the prices (once per engine: they belong to the model). */
  #pricesAsked = false
  /** How the open link takes the turns back if it stalls and comes back (an interrupted WebRTC peer). */
  #restoreKind: 'resumedClearable' | 'resumed' = 'resumed'
  /** The open link stalled and has not come back: said once each way, never left on past the link. */
  #interrupted = false

  constructor(deps: EngineDeps, options: EngineOptions) {
    this.#clock = deps.clock ?? systemClock
    this.#options = options
    this.#machine = new StateMachine((state, previous) => this.#emit({ type: 'state', state, previous }))
    this.#playback = new PlaybackRouter(this.#clock, options.outputRateHz)
    this.#playback.setSink(deps.playback ?? null)
    this.#cost = new CostMeter(options.prices ?? null)
    this.#pricesAsked = options.prices !== undefined
    this.#idleTimer = new Timer(this.#clock)
    this.#costTimer = new Timer(this.#clock)
    this.#turns = new TurnSender(
      this.#clock,
      {
        burstMs: options.burstMs ?? DEFAULT_BURST_MS,
        maxQueuedAudioMs: options.maxQueuedAudioMs ?? DEFAULT_MAX_QUEUED_AUDIO_MS,
        handsFree: this.#handsFree,
      },
      {
        sent: (turnId, audioMs) => {
          this.#conversation.turnSent()
          this.#emit({ type: 'turn', phase: 'sent', turnId, audioMs })
        },
        dropped: (ms) => this.#emit({ type: 'audioDropped', ms }),
        trackLive: (live, held, backlogMs) => this.#emit({ type: 'track', live, held, backlogMs }),
        trackReleased: () => this.#emit({ type: 'trackReleased' }),
      },
    )
    this.#tools = new ToolCalls(
      this.#clock,
      deps.runTool ?? null,
      options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      {
        emit: (e) => this.#emit(e),
        send: (command) => this.#turns.send(command),
        holdAnswers: () => this.#conversation.holdsToolAnswers(),
        answered: () => {
          this.#conversation.awaitAnswer()
          this.#refresh()
        },
      },
    )
    this.#conversation = new ConversationHandlers(this.#host(), new Captions())
    this.#link = new SessionLink(
      {
        api: deps.api,
        connect: deps.connect,
        clock: this.#clock,
        params: createParams(options),
        ...(deps.prepared ? { prepared: deps.prepared } : {}),
        ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
      },
      {
        stage: (stage) => {
          // Nothing more may go to a session that is being deleted: a press now belongs to the next one.
          if (stage === 'ending') {
            this.#turns.detach()
            this.#setInterrupted(false)
          }
          this.#refresh()
        },
        created: (s) => {
          this.#cost.sessionCreated(s.billing.estimatedVndPerMin, s.billing.maxSpendVnd)
          this.#askPrices(deps.api, [options.model, s.model])
          // WebRTC: the microphone goes out on the media track, so turns carry no audio of their own.
          this.#turns.setAudioOnTrack(s.connection?.kind === 'webrtc')
        },
        opened: (link) => this.#opened(link),
        received: (events) => {
          for (const e of events) this.#conversation.handle(e)
          this.#refresh()
        },
        // What is said meanwhile is kept for whichever comes next, a resumed link or a new session.
        stalled: () => {
          this.#turns.detach()
          this.#setInterrupted(true)
        },
        restored: () => {
          this.#turns.restore(this.#restoreKind)
          this.#setInterrupted(false)
        },
        dropped: (meaning) => {
          this.#turns.detach()
          this.#setInterrupted(false)
          this.#conversation.connectionLost()
          if (meaning.action === 'slow-down')
            this.#turns.setBurstMs((options.burstMs ?? DEFAULT_BURST_MS) / 2)
          if (meaning.action === 'bug')
            this.#error({
              kind: 'protocol',
              code: 'bad_frame',
              message: `The service refused a frame: ${meaning.meaning}.`,
            })
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
    return this.#turns.pressed
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

  /** After `realtime_session_already_connected`: takes the session back through POST /reconnect. */
  reconnect(): void {
    if (this.#closing) return
    this.#revive()
    this.#link.reconnect()
    this.#refresh()
  }

  press(): void {
    if (this.#closing || this.#turns.pressed) return
    this.#revive()
    this.#touch()
    if (this.#conversation.modelBusy()) this.#interrupt()
    this.#turns.begin()
    this.#link.open()
    this.#refresh()
  }

  /**
   * Microphone audio, Float32 at the device's rate; ignored while the key is up. `onTrack`: the page's
   * WebRTC track carried it too, so it goes as an audio event only while the track is not live.
   */
  capture(rateHz: number, samples: Float32Array, onTrack = false): void {
    this.#turns.capture(rateHz, samples, onTrack)
  }

  release(): void {
    // Counted before the commit is queued: it may leave (and be counted as sent) inside the push.
    const outcome = this.#turns.finish(() => this.#conversation.turnQueued())
    if (!outcome) return
    this.#touch()
    if (outcome.phase === 'committed') this.#turnsCommitted++
    if (outcome.phase !== 'micClosed') this.#emit({ type: 'turn', ...outcome })
    this.#refresh()
  }

  /**
   * A frame of the shared screen or camera (JPEG, base64), sent only while the session is open: a frame
   * held for a session still on its way would show the model the past. False when it was dropped.
   */
  videoFrame(jpegBase64: string): boolean {
    if (this.#closing || this.#link.stage !== 'open') return false
    this.#turns.send({ type: 'sendVideoFrame', jpegBase64 })
    this.#touch()
    return true
  }

  /**
   * A typed user turn: it barges in like a press, opens a session when none is open, and is answered
   * with speech and captions as a spoken turn is. Blank text is ignored.
   */
  sendText(text: string): void {
    const typed = text.trim()
    if (this.#closing || typed === '') return
    this.#revive()
    this.#touch()
    if (this.#conversation.modelBusy()) this.#interrupt()
    this.#turnsCommitted++
    // The session opens (and the state says so) before the line is shown: a window starts a new
    // conversation's captions afresh when its first session opens.
    this.#link.open()
    this.#refresh()
    this.#conversation.textTurn(typed)
    this.#turns.send({ type: 'sendText', text: typed })
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
    this.#idleTimer.cancel()
    this.#costTimer.cancel()
    this.#turns.abandon()
    this.#playback.stop()
    this.#tools.reset()
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

  /** Prices for the live estimate, from the models list; a failed look-up leaves them unknown. */
  #askPrices(api: SessionService, ids: string[]): void {
    if (this.#pricesAsked || !api.models) return
    this.#pricesAsked = true
    void api.models().then(
      (list) => {
        const prices = ids.map((id) => pricesOf(list.models, id)).find((p) => p !== null)
        this.#cost.setPrices(prices ?? null)
      },
      () => {},
    )
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
    this.#renewals.reset()
    this.#cost.reset()
    this.#conversation.resetCounts()
  }

  /** Barge-in: silence now, and tell the service how much of the answer was heard. */
  #interrupt(): void {
    const itemId = this.#conversation.playingItemId()
    const playedMs = itemId === null ? 0 : this.#playback.playedMs(itemId)
    this.#playback.stop()
    this.#conversation.interrupted()
    const command: RealtimeCommand =
      itemId === null ? { type: 'interrupt', playedMs } : { type: 'interrupt', itemId, playedMs }
    this.#turns.send(command)
  }

  #setInterrupted(interrupted: boolean): void {
    if (this.#interrupted === interrupted) return
    this.#interrupted = interrupted
    this.#emit({ type: 'link', interrupted })
  }

  #opened(link: OpenedLink): void {
    this.#setInterrupted(false)
    this.#conversation.attach(link.wire, link.endTurnNow)
    this.#turns.attach(link.sink, link.encode, resumeKind(link))
    this.#restoreKind = resumedKind(link.wire)
    this.#liveSinceMs ??= this.#clock.now()
    this.#emit({
      type: 'session',
      sessionId: link.session.id,
      model: link.session.model,
      protocol: link.wire,
      transport: link.transport,
      resumed: link.resumed,
      createMs: link.createMs,
      connectMs: link.connectMs,
      expiresAt: link.session.expiresAt ?? null,
      maxDurationSec: link.session.maxDurationSec ?? null,
    })
    this.#touch()
    this.#tickCost()
    this.#refresh()
  }

  #sessionEnded(end: SessionEnd): void {
    this.#record(end)
    this.#turns.detach()
    this.#setInterrupted(false)
    this.#costTimer.cancel()
    // Decided (and said) before the answer in progress is closed, so a listener knows that answer is
    // about to be asked for again rather than over.
    const renewal = end.terminated ? this.#terminated(end) : null
    this.#conversation.connectionLost()
    if (!end.terminated) {
      this.#emit({
        type: 'sessionEnded',
        sessionId: end.sessionId,
        reason: end.reason,
        totalVnd: end.totalVnd,
      })
    }
    this.#emit({ type: 'cost', cost: this.#cost.snapshot() })
    const replacing = this.#link.stage !== 'none'
    if (replacing) {
      // The link is already opening the next session.
    } else if (renewal === 'renewing') {
      // realtime-api.md "Events": after session.terminated the application creates a new session and
      // reconnects. The turn left unanswered is in the journal and goes to the new session whole.
      this.#link.open()
    } else if (renewal !== null) {
      // The reason reaches the user; the next press opens a new session.
      this.#turns.abandon()
    } else if (this.#turns.pending) {
      // Over while the user was talking or waiting for the answer (lost for good, or ended while a press
      // began): a new session, given the turn again.
      this.#link.open()
    }
    this.#refresh()
  }

  /** termination-policy.ts decides whether the cut is renewed; the event says which, and why. */
  #terminated(end: SessionEnd): Renewal {
    const cause = terminationCause(end.reason)
    const renewal = this.#renewals.decide(cause, this.#clock.now())
    this.#emit({
      type: 'terminated',
      sessionId: end.sessionId,
      reason: end.reason,
      message: end.message,
      cause,
      renewal,
    })
    return renewal
  }

  #openFailed(error: EngineError): void {
    this.#failed = true
    this.#turns.abandon()
    this.#setInterrupted(false)
    this.#emit({ type: 'error', error, fatal: true })
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

  /** Any sign of life resets the countdown to the engine's own idle end. */
  #touch(): void {
    const idleEndMs = this.#options.idleEndMs ?? DEFAULT_IDLE_END_MS
    if (idleEndMs <= 0) return
    this.#idleTimer.arm(idleEndMs, () => this.#idleDue())
  }

  #idleDue(): void {
    const quiet = this.#link.stage === 'open' && this.state === 'ready' && this.#turns.idle
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
      answered: () => this.#turns.answered(),
      tools: this.#tools,
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
        if (this.#turns.pressed && !this.#handsFree) return 'listening'
        return this.#conversation.state()
    }
  }

  #refresh(): void {
    const to = this.#derive()
    if (this.#machine.move(to)) return
    this.#error({
      kind: 'internal',
      code: 'bad_transition',
      message: `No transition ${this.state} -> ${to}.`,
    })
  }

  #summary(): ConversationSummary {
    const snapshot = this.#cost.snapshot()
    return {
      sessions: [...this.#sessions],
      durationMs: this.#liveSinceMs === null ? 0 : this.#clock.now() - this.#liveSinceMs,
      costVnd: snapshot.settledVnd === null ? null : snapshot.totalVnd,
      tokens: { ...this.#cost.tokens },
      turns: this.#turnsCommitted,
      responses: this.#conversation.responses,
    }
  }

  #error(error: EngineError): void {
    this.#emit({ type: 'error', error, fatal: false })
  }

  #emit(event: EngineEvent): void {
    for (const listener of [...this.#listeners]) listener(event)
  }
}
