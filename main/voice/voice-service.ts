// Over 400 lines on purpose: one conversation's life (press, engine, events, summary) shares its state;
// what it opens with is in engine-choice.ts, the session kept ready in voice-preparer.ts.
// The voice chat as the app runs it: one session engine per conversation, fed by the page's microphone
// over the audio port and playing into the page's player; its events become the status, the lines and
// the summary every window sees, the tray's listening/speaking icon and the desktop notifications.
// The talk button, the space bar and the global hotkey all come in through press() and release().
import type {
  Language,
  Settings,
  VoiceConversationSummary,
  VoiceHistory,
  VoiceMode,
  VoiceModels,
  VoiceSessionSummary,
  VoiceShareSource,
  VoiceSnapshot,
  VoiceStatus,
  VoiceVideoFrame,
} from '../../preload/contract'
import type { GatewayEndpoint } from '../api/http'
import type { AudioPorts } from '../audio-port/audio-ports'
import { AppError, toIpcError } from '../errors'
import type { EventHub } from '../ipc/event-hub'
import { systemClock, type EngineClock } from '../realtime/engine/engine-clock'
import type { PreparedSource } from '../realtime/link/prepared-session'
import {
  createSessionEngine,
  RtcPeers,
  SessionsApi,
  type ConversationSummary,
  type EngineEvent,
  type EngineOptions,
  type PlaybackSink,
  type SessionEngine,
  type SessionService,
  type ToolRunner,
} from '../realtime'
import { engineOptionsFor, transportFor } from './engine-choice'
import { PAGE_WAIT_MS, shouldWaitForPage, waitForPage } from './page-wait'
import { PortPlaybackSink } from './port-playback'
import { PrepareWindow } from './prepare-window'
import { lowBalanceText, terminatedText } from './voice-alert-text'
import {
  isOpenSession,
  modelToOpen,
  sessionLimitSec,
  SPEC_DEFAULT_SESSION_SEC,
  toSessionSummary,
  toVoiceHistory,
  toVoiceModels,
} from './voice-catalog'
import { VoiceStatusModel } from './voice-status'
import { BudgetWatch, DAILY_BUDGET_CODE } from './budget-watch'
import type { DailyBudget } from './daily-budget'
import { VoicePreparer } from './voice-preparer'
import { VoiceTranscript } from './voice-transcript'
import { checkTakesVideo, sessionOpened, videoOptions } from './video-share'
import type { VoiceToolDeps } from './tools/tool'
import { voiceToolSet, type VoiceToolSet } from './tools/tool-set'

export type VoiceActivity = 'listening' | 'speaking' | null

export interface VoiceHost {
  notify(title: string, body: string): void
  /** The tray shows listening/speaking over the account's state. */
  setVoiceActivity(activity: VoiceActivity): void
  /** The tray's tooltip says so while the link is interrupted: the Voice window may be closed. */
  setVoiceLinkInterrupted(interrupted: boolean): void
}

export interface VoiceServiceDeps {
  endpoint(): GatewayEndpoint
  settings(): Settings
  events: EventHub
  audioPorts: AudioPorts
  host: VoiceHost
  language(): Language
  /** The wallet from the account glance. */
  balanceVnd(): number | null
  createEngine?: (
    endpoint: GatewayEndpoint,
    options: EngineOptions,
    playback: PlaybackSink,
    prepared: PreparedSource,
    runTool?: ToolRunner,
  ) => SessionEngine
  api?: (endpoint: GatewayEndpoint) => Pick<SessionsApi, 'models' | 'list' | 'delete'>
  /** What sessions made ready ahead are created and deleted with; default the gateway's. */
  sessions?: (endpoint: GatewayEndpoint) => Pick<SessionService, 'create' | 'delete'>
  clock?: EngineClock
  /** How long after the last use a session is kept ready while the hotkey is armed (prepare-window.ts). */
  prepareLingerMs?: number
  /** The day's voice spending (daily-budget.ts); without it the daily budget is not kept. */
  budget?: DailyBudget | null
  /** What Loa's voice tools read and do; without it no tools are declared. */
  tools?: VoiceToolDeps
}

/** The model list changes rarely; a press must not wait for it when it is known. */
const MODELS_TTL_MS = 10 * 60_000
/**
 * How far back the history is read for sessions still open. The plans allow 3 to 50 at once
 * (realtime-api.md "Limits") and the newest come first, so the open ones are within this many.
 */
const ACTIVE_SCAN_LIMIT = 100
/** Microphone audio kept while the first engine of a conversation is being set up. */
const MAX_PENDING_CAPTURE_MS = 5_000

export class VoiceService {
  readonly #deps: VoiceServiceDeps
  readonly #transcript = new VoiceTranscript()
  readonly #status: VoiceStatusModel
  readonly #playback: PortPlaybackSink
  readonly #rtc: RtcPeers
  readonly #clock: EngineClock
  #engine: SessionEngine | null = null
  #unlisten: (() => void) | null = null
  #lastSummary: VoiceConversationSummary | null = null
  #models: { at: number; endpoint: GatewayEndpoint; value: VoiceModels } | null = null
  #modelsLoading: Promise<VoiceModels> | null = null
  /**
   * A press, or typed turns, while the engine is being built: audio and text wait here. `pressed` false:
   * the conversation was opened by typing, and no press is to be replayed.
   */
  #pending: {
    frames: [number, Float32Array][]
    ms: number
    released: boolean
    pressed?: boolean
    typed?: string[]
  } | null = null
  #lowBalanceNotified = false
  #activity: VoiceActivity = null
  #linkInterrupted = false
  readonly #preparer: VoicePreparer
  readonly #budget: BudgetWatch
  readonly #prepareWindow: PrepareWindow
  /** Bumped by every look at the prepared session: an older look's answer is stale. */
  #prepareRound = 0
  #closed = false
  /** What is shared with the model; its engine's session takes video. */
  #sharing: { source: VoiceShareSource; model: string } | null = null

  constructor(deps: VoiceServiceDeps) {
    this.#deps = deps
    this.#status = new VoiceStatusModel(deps.settings().realtime.mode, deps.balanceVnd)
    this.#playback = new PortPlaybackSink(deps.audioPorts)
    this.#budget = new BudgetWatch({
      budget: deps.budget ?? null,
      budgetVnd: () => deps.settings().realtime.dailyBudgetVnd,
      notify: (title, body) => deps.host.notify(title, body),
      language: deps.language,
    })
    // The page that holds the voice audio (it opened the audio port) also holds the WebRTC peers.
    this.#rtc = new RtcPeers({
      get available() {
        return deps.audioPorts.openCount > 0
      },
      command: (command) => deps.events.emit('voice:rtc', command),
    })
    const clock = deps.clock ?? systemClock
    this.#clock = clock
    this.#preparer = new VoicePreparer({
      api: (endpoint) => deps.sessions?.(endpoint) ?? new SessionsApi(endpoint),
      clock,
      rtc: this.#rtc,
    })
    this.#prepareWindow = new PrepareWindow(
      clock,
      () => void this.#reconsiderPrepared(),
      deps.prepareLingerMs,
    )
    deps.audioPorts.setCaptureConsumer((rateHz, samples, onTrack) => this.#capture(rateHz, samples, onTrack))
    deps.audioPorts.setPlaybackListener((report) => {
      this.#playback.report(report)
      if (report.type === 'output') this.#engine?.setOutputRate(report.rateHz)
    })
  }

  /** The page's side of WebRTC sessions: offers, data channel messages, peer states. */
  get rtc(): RtcPeers {
    return this.#rtc
  }

  /** The session made ready for the next press, if any: created, never connected, so never billed. */
  get prepared(): VoicePreparer {
    return this.#preparer
  }

  /** The Voice view is on screen (or not): a press is likely while it is. */
  setViewShown(shown: boolean): void {
    this.#prepareWindow.setViewShown(shown)
  }

  /** The talk hotkey is registered and can start a conversation from anywhere. */
  setHotkeyArmed(armed: boolean): void {
    this.#prepareWindow.setHotkeyArmed(armed)
  }

  /** The settings changed: a session made ready with the old model, voice or instructions is replaced. */
  settingsChanged(): Promise<void> {
    return this.#reconsiderPrepared()
  }

  /** The player's reports, for measurements. */
  get playback(): PortPlaybackSink {
    return this.#playback
  }

  snapshot(): VoiceSnapshot {
    return { status: this.#statusNow(), lines: this.#transcript.lines(), lastSummary: this.#lastSummary }
  }

  async models(): Promise<VoiceModels> {
    const endpoint = this.#deps.endpoint()
    const cached = this.#models
    if (cached && cached.endpoint === endpoint && Date.now() - cached.at < MODELS_TTL_MS) return cached.value
    this.#modelsLoading ??= this.#api(endpoint)
      .models()
      .then((list) => {
        const value = toVoiceModels(list)
        this.#models = { at: Date.now(), endpoint, value }
        return value
      })
      .finally(() => (this.#modelsLoading = null))
    return this.#modelsLoading
  }

  async history(limit: number): Promise<VoiceHistory> {
    return toVoiceHistory(await this.#api(this.#deps.endpoint()).list(limit))
  }

  /**
   * The account's sessions still open, oldest first: what to end when the plan's limit of sessions at
   * once refuses a new one (realtime-api.md "Errors", `realtime_session_limit`: "end an older session").
   */
  async activeSessions(): Promise<VoiceSessionSummary[]> {
    const page = await this.#api(this.#deps.endpoint()).list(ACTIVE_SCAN_LIMIT)
    // The history comes newest first; reversed before the stable sort, sessions started in the same
    // millisecond stay oldest first too.
    return page.sessions
      .filter(isOpenSession)
      .map(toSessionSummary)
      .reverse()
      .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''))
  }

  /** Ends one of the account's sessions, this app's or another's; billing settles as for any end. */
  async endSession(id: string): Promise<VoiceSessionSummary> {
    return toSessionSummary(await this.#api(this.#deps.endpoint()).delete(id))
  }

  press(): void {
    const mode = this.#deps.settings().realtime.mode
    // Hands-free: the key opens and closes the microphone; one press starts, the next stops.
    if (mode === 'hands-free' && (this.#engine?.pressed || (this.#pending && !this.#pending.released)))
      return this.#releaseNow()
    if (this.#engine?.pressed || (this.#pending && !this.#pending.released)) return
    if (!this.#engine && !this.#pending && this.#refusedByBudget()) return
    if (!this.#engine) this.#newConversation(mode)
    this.#setPressed(true)
    if (this.#engine) {
      this.#engine.press()
      return
    }
    this.#pending = { frames: [], ms: 0, released: false }
    void this.#startConversation()
  }

  /** Past the daily budget, the user chose to go on today: the next press starts a conversation. */
  async continueToday(): Promise<void> {
    await this.#budget.continueToday()
    if (this.#status.current.problem?.code === DAILY_BUDGET_CODE) this.#status.setProblem(null)
    this.#publishStatus()
  }

  release(): void {
    if (this.#deps.settings().realtime.mode === 'hands-free') return
    this.#releaseNow()
  }

  /** A typed turn: answered as a spoken one; it opens a conversation when none is live. */
  sendText(text: string): void {
    const typed = text.trim()
    if (typed === '') return
    if (this.#engine) return this.#engine.sendText(typed)
    if (this.#pending) {
      ;(this.#pending.typed ??= []).push(typed)
      return
    }
    // A typed question opens a conversation as a press does, so the day's budget holds it back the same way.
    if (this.#refusedByBudget()) return
    this.#newConversation(this.#deps.settings().realtime.mode)
    this.#pending = { frames: [], ms: 0, released: true, pressed: false, typed: [typed] }
    void this.#startConversation()
  }

  /**
   * The Voice view's Reconnect, after `realtime_session_already_connected`: the conversation's session is
   * taken back with a new token. Without a conversation there is nothing to take back: a no-op.
   */
  reconnect(): void {
    this.#engine?.reconnect()
  }

  /**
   * Starts sharing: the conversation's session is ended and one that takes video opens in its place (the
   * model starts fresh; the captions stay). Resolves when it is open, or rejects with why it could not be
   * (`realtime_video_not_allowed` from the models list or the service), and then nothing is shared. Null
   * stops sharing: the video session ends, and the next press opens an audio-only one.
   */
  async share(source: VoiceShareSource | null): Promise<void> {
    if (source === null) return this.#stopSharing('stopped')
    // Sharing opens a conversation of its own, so the day's budget holds it back as it does a press.
    if (this.#refusedByBudget())
      throw new AppError('forbidden', "Today's voice spending reached the daily budget.", {
        code: DAILY_BUDGET_CODE,
      })
    const settings = this.#deps.settings()
    const model = await this.#modelFor(settings.realtime.model)
    if (!model)
      throw new AppError('unavailable', 'The service offers no realtime model.', {
        code: 'no_realtime_model',
      })
    checkTakesVideo(
      model,
      this.#models?.value.models.find((m) => m.id === model),
    )
    await this.#preparer.discard()
    if (this.#engine) await this.end()
    this.#sharing = { source, model }
    this.#status.setSharing({ source, live: false })
    const engine = this.#newEngine(settings, model, true)
    this.#engine = engine
    const opened = sessionOpened(engine)
    engine.warm()
    try {
      await opened
    } catch (err) {
      // No session was made: nothing to end or bill; the next press opens an audio-only one.
      this.#dropEngine(engine)
      this.#sharing = null
      this.#status.setSharing(null)
      this.#publishStatus()
      throw err
    }
    // Stopped while it opened: #stopSharing has ended it and gone back to audio only.
    if (this.#engine !== engine) return
    this.#status.setSharing({ source, live: true })
    this.#status.setVideoWarning('started')
    this.#publishStatus()
  }

  /** A frame of what is shared, sent on the session's link; false when no video session is open. */
  videoFrame(frame: VoiceVideoFrame): { sent: boolean } {
    if (this.#sharing === null || !this.#engine) return { sent: false }
    return { sent: this.#engine.videoFrame(frame.jpegBase64) }
  }

  /** Ends the conversation; null when none was live. */
  async end(): Promise<VoiceConversationSummary | null> {
    const engine = this.#engine
    if (!engine) return null
    this.#setPressed(false)
    return this.#toSummary(await engine.end())
  }

  /** A conversation holds a session on the service, which bills while it is open. */
  get sessionOpen(): boolean {
    return (this.#engine?.sessionId ?? null) !== null
  }

  /**
   * Ends the conversation now, for a crash: its DELETE settles the bill at once, where a process that just
   * went would leave the session billed until the service's 3-minute idle end (realtime-api.md "Session
   * lifecycle"). Waits at most `timeoutMs`, since a crashing app cannot wait on a network that does not
   * answer; 'timeout' then says the service may still hold it.
   */
  async endNow(timeoutMs: number): Promise<'ended' | 'none' | 'timeout'> {
    if (!this.#engine) return 'none'
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    )
    const ended = this.end().then(
      () => 'ended' as const,
      () => 'ended' as const,
    )
    try {
      return await Promise.race([ended, late])
    } finally {
      clearTimeout(timer)
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#prepareRound++
    this.#prepareWindow.dispose()
    await this.#preparer.discard()
    this.#deps.audioPorts.setCaptureConsumer(null)
    this.#deps.audioPorts.setPlaybackListener(null)
    await this.end().catch(() => null)
  }

  /** The connection changed (a key saved or cleared): the conversation on the old one ends. */
  async connectionChanged(): Promise<void> {
    this.#models = null
    await this.#preparer.discard()
    await this.end().catch(() => null)
    void this.#reconsiderPrepared()
  }

  /** Back to audio only: the video session ends (`elapsed`: the service ended it at its 2 minutes). */
  async #stopSharing(reason: 'stopped' | 'elapsed'): Promise<void> {
    const sharing = this.#sharing
    if (sharing === null) return
    this.#sharing = null
    this.#status.setSharing(null)
    await this.end().catch(() => null)
    // The conversation goes on, audio only: the next press opens its session, and the captions stay.
    if (!this.#closed && !this.#engine) this.#engine = this.#newEngine(this.#deps.settings(), sharing.model)
    this.#status.setVideoWarning(reason)
    this.#publishStatus()
  }

  /** An engine that never opened a session is let go without a summary: there was no conversation. */
  #dropEngine(engine: SessionEngine): void {
    if (this.#engine !== engine) return
    this.#unlisten?.()
    this.#unlisten = null
    this.#engine = null
    this.#setPressed(false)
  }

  #releaseNow(): void {
    this.#setPressed(false)
    if (this.#pending) this.#pending.released = true
    this.#engine?.release()
  }

  async #startConversation(): Promise<void> {
    const pending = this.#pending
    try {
      const settings = this.#deps.settings()
      const model = await this.#modelFor(settings.realtime.model)
      if (!model)
        throw new AppError('unavailable', 'The service offers no realtime model.', {
          code: 'no_realtime_model',
        })
      await this.#waitForPage(settings, model)
      this.#engine = this.#newEngine(settings, model)
    } catch (err) {
      this.#pending = null
      this.#setPressed(false)
      const e = toIpcError(err)
      this.#status.setProblem({
        kind: e.kind,
        code: e.code ?? null,
        message: e.message,
        fatal: true,
        ...(e.requestId ? { requestId: e.requestId } : {}),
      })
      this.#publishStatus()
      return
    }
    this.#pending = null
    const engine = this.#engine
    for (const text of pending?.typed ?? []) engine.sendText(text)
    if (pending?.pressed === false) return
    engine.press()
    for (const [rateHz, samples] of pending?.frames ?? []) engine.capture(rateHz, samples)
    if (pending?.released) {
      this.#setPressed(false)
      engine.release()
    }
  }

  /**
   * A press that wants WebRTC in the moment before the Voice view's audio port is open waits for it
   * (page-wait.ts), its audio held in `#pending`. A view whose audio never starts is refused here, with
   * what to do; with no view at all, the transport refuses as before, or `auto` takes a WebSocket.
   */
  async #waitForPage(settings: Settings, model: string): Promise<void> {
    const setting = settings.realtime.transport
    const listed = this.#models?.value.models.find((m) => m.id === model)
    const withPage = transportFor(setting, { listed, rtcAvailable: true, outputRateHz: null })
    const viewShown = this.#prepareWindow.viewShown
    if (!shouldWaitForPage(setting, withPage, { pageOpen: this.#rtc.available, viewShown })) return
    const open = await waitForPage(
      this.#clock,
      () => this.#rtc.available,
      () => this.#closed,
    )
    if (open || setting !== 'webrtc' || !viewShown) return
    throw new AppError(
      'unavailable',
      `The Voice view's audio did not start within ${PAGE_WAIT_MS / 1000} s, and WebRTC needs it. Check that Loa may use the microphone and press again, or choose WebSocket in Settings.`,
      { code: 'webrtc_unavailable' },
    )
  }

  /** voice-catalog.ts `modelToOpen`; without the list, the saved model is tried as it is. */
  async #modelFor(saved: string | null): Promise<string | null> {
    const models = saved === null ? await this.models() : await this.models().catch(() => null)
    if (!models) return saved
    return modelToOpen(models.models, saved)
  }

  /**
   * What the last conversation left (its lines, cost, balance and estimate, warning, problem) goes before
   * the press that opens the next is shown; the last one's sessions stay in the history.
   */
  #newConversation(mode: VoiceMode): void {
    this.#transcript.clear()
    this.#status.reset(mode)
    this.#setLinkInterrupted(false)
    this.#lowBalanceNotified = false
    this.#budget.started()
  }

  /** Past the daily budget and not told to go on: the press says so instead of opening a conversation. */
  #refusedByBudget(): boolean {
    const refusal = this.#budget.refusal(this.#status.current.problem?.code === DAILY_BUDGET_CODE)
    if (!refusal) return false
    this.#status.setProblem(refusal)
    this.#publishStatus()
    return true
  }

  #newEngine(settings: Settings, model: string, video = false): SessionEngine {
    const audioOnly = this.#engineOptions(settings, model)
    const options = video ? videoOptions(audioOnly) : audioOnly
    const listed = this.#models?.value.models.find((m) => m.id === model)
    this.#status.setSessionLength(
      options.maxDurationSec ?? Math.min(SPEC_DEFAULT_SESSION_SEC, sessionLimitSec(listed)),
    )
    const endpoint = this.#deps.endpoint()
    const prepared = this.#preparer.sourceFor(endpoint, options)
    const create =
      this.#deps.createEngine ??
      ((e, o, p, ready, runTool) =>
        createSessionEngine(e, o, {
          playback: p,
          rtc: this.#rtc,
          prepared: ready,
          ...(runTool ? { runTool } : {}),
        }))
    const engine = create(endpoint, options, this.#playback, prepared, this.#tools(settings)?.run)
    this.#unlisten = engine.on((event) => this.#onEvent(engine, event))
    return engine
  }

  /** What a conversation opens with now; also the key of the session made ready for it. */
  #engineOptions(settings: Settings, model: string): EngineOptions {
    const options = engineOptionsFor(settings, model, {
      listed: this.#models?.value.models.find((m) => m.id === model),
      rtcAvailable: this.#rtc.available,
      outputRateHz: this.#deps.audioPorts.outputRateHz,
    })
    const tools = this.#tools(settings)
    return tools && tools.declarations.length > 0 ? { ...options, tools: tools.declarations } : options
  }

  /** The tools the settings allow; null when they are off or the host has none. */
  #tools(settings: Settings): VoiceToolSet | null {
    const deps = this.#deps.tools
    if (!deps || !settings.realtime.tools) return null
    return voiceToolSet(deps, { sideEffects: settings.realtime.toolActions })
  }

  /**
   * Keeps one session ready for the next press while one is likely (prepare-window.ts) and no session of
   * this app is live, for the options the press would use; otherwise deletes it. Never connects it.
   */
  async #reconsiderPrepared(): Promise<void> {
    const round = ++this.#prepareRound
    const engine = this.#engine
    const live = engine !== null && !['idle', 'ended', 'failed'].includes(engine.state)
    // A press under way takes the kept session itself; one opened without it needs none.
    if (live || this.#pending) return
    if (this.#closed || !this.#prepareWindow.wanted) return this.#preparer.discard()
    const settings = this.#deps.settings()
    let model: string | null
    try {
      model = await this.#modelFor(settings.realtime.model)
    } catch {
      return
    }
    if (round !== this.#prepareRound || !model) return
    this.#preparer.keep(this.#deps.endpoint(), this.#engineOptions(settings, model))
  }

  #capture(rateHz: number, samples: Float32Array, onTrack: boolean): void {
    if (this.#engine) return this.#engine.capture(rateHz, samples, onTrack)
    const pending = this.#pending
    if (!pending || pending.released || pending.ms > MAX_PENDING_CAPTURE_MS) return
    pending.frames.push([rateHz, samples])
    pending.ms += (samples.length * 1000) / rateHz
  }

  #onEvent(engine: SessionEngine, event: EngineEvent): void {
    if (engine !== this.#engine) return
    if (event.type === 'caption') {
      const line = this.#transcript.apply(event)
      if (line) this.#deps.events.emit('voice:line', line)
      return
    }
    if (event.type === 'summary') {
      this.#finish(engine, event.summary)
      return
    }
    if (event.type === 'track') return this.#rtc.setTrackLive(event.live, event.held, event.backlogMs)
    if (event.type === 'trackReleased') return this.#rtc.releaseTrack()
    if (event.type === 'tool') {
      const line = this.#transcript.applyTool(event)
      if (line) this.#deps.events.emit('voice:line', line)
      return
    }
    if (event.type === 'turn' && event.phase === 'committed') this.#transcript.reserveTurn()
    if (event.type === 'state') {
      this.#setActivity(event.state)
      // The session is gone (the engine ended it when idle, or it failed): the next press opens another.
      if (event.state === 'idle' || event.state === 'failed') void this.#reconsiderPrepared()
    }
    // The video session's 2 minutes are up (or the service cut it): back to audio only, said as such.
    // After the engine's own reaction (a renewal may already be opening a session with video), so that
    // ending the conversation also ends that one.
    if (this.#sharing !== null && (event.type === 'terminated' || event.type === 'sessionEnded')) {
      queueMicrotask(() => void this.#stopSharing('elapsed'))
      return
    }
    if (event.type === 'terminated') {
      const text = terminatedText(this.#deps.language(), event)
      this.#deps.host.notify(text.title, text.body)
    }
    const changed = this.#status.apply(event)
    this.#setLinkInterrupted(this.#status.current.link === 'interrupted')
    const cost = this.#status.current.cost
    if (event.type === 'cost' && cost) this.#budget.cost(cost)
    if (event.type === 'warning' && event.kind === 'low_balance' && !this.#lowBalanceNotified) {
      this.#lowBalanceNotified = true
      const cost = this.#status.current.cost
      const text = lowBalanceText(this.#deps.language(), event.balanceVnd, cost?.minutesLeft ?? null)
      this.#deps.host.notify(text.title, text.body)
    }
    if (changed) this.#publishStatus()
  }

  #finish(engine: SessionEngine, summary: ConversationSummary): void {
    this.#unlisten?.()
    this.#unlisten = null
    this.#rtc.setTrackLive(false)
    if (this.#engine === engine) this.#engine = null
    this.#lastSummary = this.#toSummary(summary)
    this.#budget.finished(summary.costVnd)
    this.#setActivity('ended')
    this.#status.apply({ type: 'state', state: 'ended', previous: engine.state })
    this.#setLinkInterrupted(false)
    this.#publishStatus()
    this.#deps.events.emit('voice:summary', this.#lastSummary)
    this.#prepareWindow.used()
  }

  #toSummary(summary: ConversationSummary): VoiceConversationSummary {
    return {
      durationMs: summary.durationMs,
      costVnd: summary.costVnd,
      turns: summary.turns,
      responses: summary.responses,
      sessions: summary.sessions.map((s) => ({
        id: s.id,
        model: s.model,
        totalVnd: s.totalVnd,
        durationSec: s.durationSec,
        endReason: s.endReason,
        startedAt: null,
      })),
    }
  }

  #setPressed(pressed: boolean): void {
    this.#rtc.setKeyDown(pressed)
    this.#status.setPressed(pressed)
    this.#publishStatus()
  }

  #setActivity(state: string): void {
    const activity: VoiceActivity =
      state === 'listening' ? 'listening' : state === 'speaking' || state === 'thinking' ? 'speaking' : null
    if (activity === this.#activity) return
    this.#activity = activity
    this.#deps.host.setVoiceActivity(activity)
  }

  #setLinkInterrupted(interrupted: boolean): void {
    if (interrupted === this.#linkInterrupted) return
    this.#linkInterrupted = interrupted
    this.#deps.host.setVoiceLinkInterrupted(interrupted)
  }

  #publishStatus(): void {
    this.#deps.events.emit('voice:status', this.#statusNow())
  }

  #statusNow(): VoiceStatus {
    return { ...this.#status.current, budget: this.#budget.status() }
  }

  #api(endpoint: GatewayEndpoint): Pick<SessionsApi, 'models' | 'list' | 'delete'> {
    return this.#deps.api?.(endpoint) ?? new SessionsApi(endpoint)
  }
}
