// What the Reader reads with: the speech models (with a retry), each model's voices, and the choice of
// model, voice, format and speed. The choice starts from settings.tts, is fitted to the model whenever
// the model or its voices change, and is saved back when the user changes it.
import { untrack } from 'svelte'
import type {
  IpcError,
  ReaderFormat,
  ReaderModel,
  ReaderModels,
  ReaderVoices,
  TtsDefaults,
} from '../../preload/contract'
import { loa, unwrap } from '../lib/bridge'
import { app } from './app.svelte'
import { asIpcError } from './ipc-error'
import { fitChoice, fitSpeed, pickModel, sameTts, usableFormat } from './reader-choice'

/** The model list failed to load: one more try after this long (the view also has a retry). */
export const MODELS_RETRY_MS = 5_000

const DEFAULT_TTS: TtsDefaults = { model: null, voice: null, format: 'mp3', speed: 1 }

export class ReaderOptions {
  models: ReaderModels | null = $state.raw(null)
  modelsError: IpcError | null = $state.raw(null)
  modelsLoading = $state(false)
  voicesError: IpcError | null = $state.raw(null)
  settingsError: IpcError | null = $state.raw(null)

  #voiceLists: Record<string, ReaderVoices> = $state.raw({})
  /** Voice lists on their way, by model: asking again joins the request already out. */
  #voiceLoads: Record<string, Promise<void>> = {}
  /** What the user picked (or settings.tts said), fitted to the model. */
  #picked: TtsDefaults = $state.raw(DEFAULT_TTS)
  /** The settings.tts last adopted or saved: a settings change equal to it is ours, not news. */
  #known: TtsDefaults | null = null
  #modelsRetry: ReturnType<typeof setTimeout> | null = null

  /** Follows settings.tts and the connection, loads the models; returns the stop. */
  start(): () => void {
    const stops = [
      // Another key or service: other models, prices and voices.
      loa.connection.onChanged(() => {
        this.models = null
        this.#voiceLists = {}
        this.#voiceLoads = {}
        void this.loadModels()
      }),
      $effect.root(() => {
        $effect(() => {
          const tts = app.settings.current?.tts ?? null
          untrack(() => this.#adopt(tts))
        })
      }),
    ]
    void this.loadModels()
    return () => {
      for (const stop of stops) stop()
      if (this.#modelsRetry) clearTimeout(this.#modelsRetry)
      this.#modelsRetry = null
    }
  }

  async loadModels(): Promise<void> {
    if (this.models || this.modelsLoading) return
    if (this.#modelsRetry) clearTimeout(this.#modelsRetry)
    this.#modelsRetry = null
    this.modelsLoading = true
    try {
      this.models = await unwrap(loa.tts.models())
      this.modelsError = null
      this.#normalize()
    } catch (err) {
      const first = this.modelsError === null
      this.modelsError = asIpcError(err)
      if (first) this.#modelsRetry = setTimeout(() => void this.loadModels(), MODELS_RETRY_MS)
    } finally {
      this.modelsLoading = false
    }
  }

  /** A model's voices, once per model (a failed load is tried again on the next ask). */
  loadVoices(model: string): Promise<void> {
    if (this.#voiceLists[model]) return Promise.resolve()
    const pending =
      this.#voiceLoads[model] ?? this.#fetchVoices(model).finally(() => delete this.#voiceLoads[model])
    this.#voiceLoads[model] = pending
    return pending
  }

  async #fetchVoices(model: string): Promise<void> {
    try {
      const list = await unwrap(loa.tts.voices({ model }))
      this.#voiceLists = { ...this.#voiceLists, [model]: list }
      this.voicesError = null
      if (this.selectedModel?.id === model) this.#normalize()
    } catch (err) {
      this.voicesError = asIpcError(err)
    }
  }

  get selectedModel(): ReaderModel | null {
    return pickModel(this.models?.models ?? [], this.#picked.model, this.models?.defaultModel ?? null)
  }

  /** The selected model's voice list; null while unknown or for models that take codes or patterns. */
  get voices(): ReaderVoices | null {
    const model = this.selectedModel
    return model ? (this.#voiceLists[model.id] ?? null) : null
  }

  get voice(): string | null {
    return this.#picked.voice
  }

  get format(): ReaderFormat {
    return this.#picked.format
  }

  get speed(): number {
    return this.#picked.speed
  }

  /** Another model: its voice, format and speed are fitted to it, then all four are saved. */
  async setModel(id: string): Promise<void> {
    const model = this.models?.models.find((m) => m.id === id)
    if (!model) return
    this.#picked = fitChoice(model, this.#voiceLists[id] ?? null, { ...this.#picked, model: id })
    await this.loadVoices(id)
    if (this.#picked.model !== id) return
    this.#picked = fitChoice(model, this.#voiceLists[id] ?? null, this.#picked)
    await this.#save(this.#picked)
  }

  /** `save` false: a name being typed, priced as it grows and saved when the field is left. */
  async setVoice(voice: string | null, save = true): Promise<void> {
    this.#picked = { ...this.#picked, voice }
    if (save) await this.#save({ voice })
  }

  async setFormat(format: ReaderFormat): Promise<void> {
    const model = this.selectedModel
    if (!model || !usableFormat(model, format)) return
    this.#picked = { ...this.#picked, format }
    await this.#save({ format })
  }

  /** `save` false: the slider is still moving. */
  async setSpeed(speed: number, save = true): Promise<void> {
    const model = this.selectedModel
    const fitted = model ? fitSpeed(model.speed, speed) : speed
    this.#picked = { ...this.#picked, speed: fitted }
    if (save) await this.#save({ speed: fitted })
  }

  async #save(patch: Partial<TtsDefaults>): Promise<void> {
    this.#known = { ...this.#picked }
    try {
      await app.updateSettings({ tts: patch })
      this.settingsError = null
    } catch (err) {
      this.settingsError = asIpcError(err)
    }
  }

  #adopt(tts: TtsDefaults | null): void {
    if (!tts || (this.#known && sameTts(tts, this.#known))) return
    this.#known = { ...tts }
    this.#picked = { ...tts }
    this.#normalize()
  }

  /** Fits the choice to the model in use (a saved model may be gone, a saved voice not its own). */
  #normalize(): void {
    const model = this.selectedModel
    if (!model) return
    const fixed = fitChoice(model, this.#voiceLists[model.id] ?? null, this.#picked)
    if (!sameTts(fixed, this.#picked)) this.#picked = fixed
    void this.loadVoices(model.id)
  }
}
