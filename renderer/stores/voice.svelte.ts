// The voice chat as the window shows it: main's status, the conversation's lines, the last summary, the
// realtime models and the session history. Main does the talking to the service; this store follows its
// events, forwards the talk key, opens and closes the microphone when main wants it, hands main's WebRTC
// work to the audio controller, and saves the options for the next conversation.
import type {
  AudioSettings,
  IpcError,
  IpcResult,
  RealtimeDefaults,
  VoiceConversationSummary,
  VoiceHistory,
  VoiceLine,
  VoiceMode,
  VoiceModality,
  VoiceModel,
  VoiceModels,
  VoiceProblem,
  VoiceSessionSummary,
  VoiceState,
  VoiceStatus,
} from '../../preload/contract'
import { SvelteSet } from 'svelte/reactivity'
import type { VoiceAudio } from '../audio/voice-audio-api'
import { loa, unwrap } from '../lib/bridge'
import { asIpcError } from './ipc-error'
import { app } from './app.svelte'
import { upsertLine } from './voice-lines'

/** How many past sessions the history table shows. */
export const HISTORY_LIMIT = 20
/** The model list failed to load: one more try after this long (the options panel also has a retry). */
export const MODELS_RETRY_MS = 5_000

/** A 429 without Retry-After: the creation limit is per minute (realtime-api.md "Errors": wait 60 seconds). */
const RATE_LIMIT_WAIT_MS = 60_000

/** States with nothing live: no session, or the conversation is over. */
const RESTING: ReadonlySet<VoiceState> = new Set(['idle', 'ended'])

export class VoiceStore {
  status: VoiceStatus | null = $state.raw(null)
  /** The conversation so far, in order; the last conversation's stay until the next opens a session. */
  lines: VoiceLine[] = $state.raw([])
  lastSummary: VoiceConversationSummary | null = $state.raw(null)
  /** A conversation has begun and not ended (its session may be idle or failed in between). */
  conversationOpen = $state(false)
  loadError: IpcError | null = $state.raw(null)
  /** The last talk or end request main refused. */
  actionError: IpcError | null = $state.raw(null)
  settingsError: IpcError | null = $state.raw(null)

  models: VoiceModels | null = $state.raw(null)
  modelsError: IpcError | null = $state.raw(null)
  modelsLoading = $state(false)
  history: VoiceHistory | null = $state.raw(null)
  historyError: IpcError | null = $state.raw(null)
  /** When a press may be tried again after the service said "too many" (ms since the epoch); else null. */
  retryAt: number | null = $state(null)
  /** The account's open sessions, loaded when the plan's limit refused a new one; oldest first. */
  activeSessions: VoiceSessionSummary[] | null = $state.raw(null)
  activeSessionsError: IpcError | null = $state.raw(null)
  activeSessionsLoading = $state(false)
  /** Sessions this window asked the service to end and that have not answered yet. */
  readonly endingSessions = new SvelteSet<string>()

  #modelsRetry: ReturnType<typeof setTimeout> | null = null

  constructor(readonly audio: VoiceAudio | null = null) {}

  /** Follows main's voice events, loads what the view shows; returns the stop. */
  start(): () => void {
    const stops = [
      loa.voice.onStatus((status) => this.#applyStatus(status)),
      loa.voice.onLine((line) => this.#applyLine(line)),
      loa.voice.onSummary((summary) => this.#applySummary(summary)),
      // Another key or service: other models, prices and sessions.
      loa.connection.onChanged(() => {
        this.models = null
        void this.loadModels()
        void this.loadHistory()
      }),
    ]
    if (this.audio) {
      const audio = this.audio
      void audio.start()
      stops.push(this.#followAudioSettings(audio))
      // For as long as the window lives, shown or hidden: a WebRTC session started by the global hotkey
      // needs this page's peer. The popup makes no VoiceStore with audio, so only this window answers.
      stops.push(loa.voice.onRtc((command) => audio.handleRtc(command)))
    }
    void this.load()
    void this.loadModels()
    void this.loadHistory()
    return () => {
      for (const stop of stops) stop()
      if (this.#modelsRetry) clearTimeout(this.#modelsRetry)
      this.#modelsRetry = null
    }
  }

  /** Keeps the controller on the saved devices and processing, whichever view is showing. */
  #followAudioSettings(audio: VoiceAudio): () => void {
    let applied = ''
    return $effect.root(() => {
      $effect(() => {
        const settings: AudioSettings | undefined = app.settings.current?.audio
        const key = JSON.stringify(settings ?? null)
        if (!settings || key === applied) return
        applied = key
        void audio.configure(settings)
      })
    })
  }

  async load(): Promise<void> {
    try {
      const snapshot = await unwrap(loa.voice.snapshot())
      this.lines = [...snapshot.lines].sort((a, b) => a.order - b.order)
      this.lastSummary = snapshot.lastSummary
      const { state } = snapshot.status
      // Idle with lines: the session timed out inside a conversation that is still open.
      this.conversationOpen = !RESTING.has(state) || (state === 'idle' && snapshot.lines.length > 0)
      this.#applyStatus(snapshot.status)
      this.loadError = null
    } catch (err) {
      this.loadError = asIpcError(err)
    }
  }

  /**
   * Tells main whether the Voice view is on screen, now and whenever the window shows or hides, so a
   * session is made ready for the press while it is. Returns the stop, which says it is gone.
   */
  followViewShown(doc: Document = document): () => void {
    const tell = (): void => void loa.voice.viewShown({ shown: doc.visibilityState === 'visible' })
    tell()
    doc.addEventListener('visibilitychange', tell)
    return () => {
      doc.removeEventListener('visibilitychange', tell)
      void loa.voice.viewShown({ shown: false })
    }
  }

  async loadModels(): Promise<void> {
    if (this.models || this.modelsLoading) return
    if (this.#modelsRetry) clearTimeout(this.#modelsRetry)
    this.#modelsRetry = null
    this.modelsLoading = true
    try {
      this.models = await unwrap(loa.voice.models())
      this.modelsError = null
    } catch (err) {
      const first = this.modelsError === null
      this.modelsError = asIpcError(err)
      if (first) this.#modelsRetry = setTimeout(() => void this.loadModels(), MODELS_RETRY_MS)
    } finally {
      this.modelsLoading = false
    }
  }

  async loadHistory(): Promise<void> {
    try {
      this.history = await unwrap(loa.voice.history({ limit: HISTORY_LIMIT }))
      this.historyError = null
    } catch (err) {
      this.historyError = asIpcError(err)
    }
  }

  async loadActiveSessions(): Promise<void> {
    this.activeSessionsLoading = true
    try {
      this.activeSessions = await unwrap(loa.voice.activeSessions())
      this.activeSessionsError = null
    } catch (err) {
      this.activeSessionsError = asIpcError(err)
    } finally {
      this.activeSessionsLoading = false
    }
  }

  /** Ends one of the account's open sessions; the next press has room again under the plan's limit. */
  async endSession(id: string): Promise<void> {
    if (this.endingSessions.has(id)) return
    this.endingSessions.add(id)
    try {
      await unwrap(loa.voice.endSession({ id }))
      this.activeSessions = (this.activeSessions ?? []).filter((s) => s.id !== id)
      this.activeSessionsError = null
      void this.loadHistory()
    } catch (err) {
      this.activeSessionsError = asIpcError(err)
    } finally {
      this.endingSessions.delete(id)
    }
  }

  // ---- Talking ----------------------------------------------------------------------------------------

  /** The talk key went down. Over the model's voice, silence the player here first: main's flush is a hop away. */
  async press(): Promise<void> {
    const status = this.status
    const stopping = this.mode === 'hands-free' && status?.pressed === true
    if (status?.state === 'speaking' && !stopping) this.audio?.flushPlayback()
    await this.#act(loa.voice.press())
  }

  async release(): Promise<void> {
    await this.#act(loa.voice.release())
  }

  /** A typed turn; over the model's voice, the player here is silenced first, as for a press. */
  async sendText(text: string): Promise<boolean> {
    const typed = text.trim()
    if (typed === '') return false
    if (this.status?.state === 'speaking') this.audio?.flushPlayback()
    await this.#act(loa.voice.sendText({ text: typed }))
    return this.actionError === null
  }

  /** Takes the session back after `realtime_session_already_connected` (realtime-api.md "Errors": use reconnect). */
  async reconnect(): Promise<void> {
    await this.#act(loa.voice.reconnect())
  }

  /** Past the daily voice budget: the user goes on for today. */
  async continueToday(): Promise<void> {
    await this.#act(loa.voice.continueToday())
  }

  async end(): Promise<void> {
    const summary = await this.#act(loa.voice.end())
    if (!summary) return
    // The `voice:summary` event brings the same summary and refreshes the history.
    this.lastSummary = summary
    this.conversationOpen = false
  }

  async #act<T>(pending: Promise<IpcResult<T>>): Promise<T | null> {
    try {
      const value = await unwrap(pending)
      this.actionError = null
      return value
    } catch (err) {
      this.actionError = asIpcError(err)
      return null
    }
  }

  // ---- Options for the next conversation ----------------------------------------------------------------

  get realtime(): RealtimeDefaults | null {
    return app.settings.current?.realtime ?? null
  }

  /** How the talk key behaves: main reads the setting on each press. */
  get mode(): VoiceMode {
    return this.realtime?.mode ?? this.status?.mode ?? 'push-to-talk'
  }

  /**
   * The model the next conversation uses: the saved one when it can be used, else the first that can.
   * One listed without a complete price table is never chosen: the service would refuse it (main's
   * voice-catalog.ts `modelToOpen` makes the same choice).
   */
  get selectedModel(): VoiceModel | null {
    const usable = (this.models?.models ?? []).filter((m) => m.unavailable === null)
    return usable.find((m) => m.id === this.realtime?.model) ?? usable[0] ?? null
  }

  /** The voice the next conversation uses: the saved one when the model has it, else the model's default. */
  get selectedVoice(): string | null {
    const model = this.selectedModel
    const saved = this.realtime?.voice ?? null
    if (!model) return saved
    return saved !== null && model.voices.includes(saved) ? saved : model.defaultVoice
  }

  setModel(id: string): Promise<void> {
    const model = this.models?.models.find((m) => m.id === id)
    const voice = this.realtime?.voice ?? null
    // A voice the new model lacks would be refused when the session opens: fall back to its default.
    const keepVoice = voice !== null && model !== undefined && model.voices.includes(voice)
    return this.#saveRealtime({ model: id, ...(keepVoice ? {} : { voice: null }) })
  }

  setVoice(voice: string | null): Promise<void> {
    return this.#saveRealtime({ voice })
  }

  async setInstructions(instructions: string): Promise<void> {
    if (instructions === (this.realtime?.instructions ?? '')) return
    await this.#saveRealtime({ instructions })
  }

  async setModalities(modalities: VoiceModality[]): Promise<void> {
    // The model must answer somehow: the last one cannot be turned off.
    if (modalities.length === 0) return
    await this.#saveRealtime({ modalities })
  }

  setMode(mode: VoiceMode): Promise<void> {
    return this.#saveRealtime({ mode })
  }

  async #saveRealtime(patch: Partial<RealtimeDefaults>): Promise<void> {
    try {
      await app.updateSettings({ realtime: patch })
      this.settingsError = null
    } catch (err) {
      this.settingsError = asIpcError(err)
    }
  }

  // ---- Money --------------------------------------------------------------------------------------------

  /** VND per minute: the live session's rate, else the chosen model's estimate for the plan. */
  get vndPerMin(): number | null {
    return this.status?.cost?.estimatedVndPerMin ?? this.selectedModel?.estimatedVndPerMin ?? null
  }

  get minutesLeft(): number | null {
    return this.status?.cost?.minutesLeft ?? null
  }

  /** No key saved and no demo service to talk to instead. */
  get keyMissing(): boolean {
    const key = app.key.current
    return key !== null && !key.hasKey && !key.demo
  }

  /** Whether a press can start or continue talking. */
  get canTalk(): boolean {
    const status = this.status
    if (!status || status.state === 'ending') return false
    if (this.keyMissing) return false
    // No usable model: nothing to talk to (an unloaded list is main's to fetch on the press).
    return !(this.models && this.selectedModel === null && !this.#savedUnlisted)
  }

  /** A saved model the list does not name: main tries it as it is. */
  get #savedUnlisted(): boolean {
    const saved = this.realtime?.model ?? null
    return saved !== null && !(this.models?.models ?? []).some((m) => m.id === saved)
  }

  // ---- Main's events ------------------------------------------------------------------------------------

  #applyStatus(next: VoiceStatus): void {
    const prev = this.status
    this.status = next
    this.#followProblem(prev?.problem ?? null, next.problem)
    if (next.state === 'ended') this.conversationOpen = false
    else if (!RESTING.has(next.state) && !this.conversationOpen) {
      // A new conversation opens its first session: the last one's captions leave the live view (its
      // sessions stay in the history). Main has already dropped its cost figures from the status.
      this.conversationOpen = true
      this.lines = []
    }
    this.#followMic(prev?.micWanted ?? false, next.micWanted)
    if (prev) this.#cue(prev.state, next.state)
  }

  /** The wait counts from when the refusal arrived, not from each later status that repeats it. */
  #followProblem(before: VoiceProblem | null, now: VoiceProblem | null): void {
    const fresh = JSON.stringify(before) !== JSON.stringify(now)
    // A new refusal: the open sessions listed for the last one may have changed since.
    if (fresh) {
      this.activeSessions = null
      this.activeSessionsError = null
    }
    if (now?.kind !== 'rate_limit') {
      this.retryAt = null
      return
    }
    if (this.retryAt !== null && !fresh) return
    this.retryAt = Date.now() + (now.retryAfterMs ?? RATE_LIMIT_WAIT_MS)
  }

  #followMic(wanted: boolean, wants: boolean): void {
    if (!this.audio || wanted === wants) return
    // openMic reports its own failures through audio.error; it never throws.
    if (wants) void this.audio.openMic()
    else this.audio.closeMic()
  }

  #cue(from: VoiceState, to: VoiceState): void {
    if (!this.audio || from === to || !app.settings.current?.audio.soundCues) return
    if (to === 'listening') this.audio.playCue('start')
    else if (from === 'listening') this.audio.playCue('stop')
  }

  #applyLine(line: VoiceLine): void {
    this.lines = upsertLine(this.lines, line)
  }

  #applySummary(summary: VoiceConversationSummary): void {
    this.lastSummary = summary
    this.conversationOpen = false
    void this.loadHistory()
  }
}
