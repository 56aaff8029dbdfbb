// The speech models and their voice lists, fetched once and kept a while: the model list changes
// rarely, and the service itself caches voices for an hour (tts-api.md "Other limits"). A model's rules
// read both, so the Reader checks a voice against the model's real list.
import type { ReaderModels } from '../../preload/contract'
import { modelInfoOf } from '../api/tts/model-info'
import { voicesOfModel } from '../api/tts/model-voices'
import type { TtsClient } from '../api/tts/tts-client'
import { rulesFor, type TtsRules } from '../api/tts/tts-rules'
import type { TtsModel, TtsVoiceList } from '../api/tts/tts-schemas'
import { defaultModel } from './default-choice'
import { toReaderModel } from './reader-models'

const MODELS_TTL_MS = 10 * 60_000
const VOICES_TTL_MS = 60 * 60_000

interface Cached<T> {
  atMs: number
  value: Promise<T>
}

export class ReaderCatalog {
  readonly #client: () => TtsClient
  readonly #owner: () => string
  readonly #now: () => number
  #models: Cached<TtsModel[]> | null = null
  readonly #voices = new Map<string, Cached<TtsVoiceList>>()
  /** Whose lists the caches hold: another key or service starts them afresh. */
  #filledFor: string | null = null

  /** `owner` names the account in use (a key hash). */
  constructor(client: () => TtsClient, owner: () => string, now: () => number = Date.now) {
    this.#client = client
    this.#owner = owner
    this.#now = now
  }

  async models(plan: string | null): Promise<ReaderModels> {
    const list = await this.#modelList()
    const models = list.map((m) => toReaderModel(m, rulesFor(m.id, modelInfoOf(m))))
    return { plan, models, defaultModel: defaultModel(models, null)?.id ?? null }
  }

  /** The model's own voices: the service's list for it, else the spec's names. */
  async voices(model: string): Promise<TtsVoiceList> {
    return voicesOfModel(model, await this.#voiceList(model))
  }

  async rules(model: string): Promise<TtsRules> {
    const listed = (await this.#modelList()).find((m) => m.id === model)
    if (!listed) return rulesFor(model)
    // Only what the service listed for this model narrows its rules; the spec's stand-in names do not.
    const voices = await this.#voiceList(model).catch(() => undefined)
    return rulesFor(model, modelInfoOf(listed, voices))
  }

  async previewUrl(model: string, voice: string): Promise<string | null> {
    const list = await this.voices(model)
    return list.voices.find((v) => v.id === voice)?.previewUrl ?? null
  }

  #modelList(): Promise<TtsModel[]> {
    this.#checkOwner()
    this.#models = fresh(this.#models, MODELS_TTL_MS, this.#now, () => this.#client().models())
    return this.#models.value
  }

  #voiceList(model: string): Promise<TtsVoiceList> {
    this.#checkOwner()
    const entry = fresh(this.#voices.get(model), VOICES_TTL_MS, this.#now, () => this.#client().voices(model))
    this.#voices.set(model, entry)
    return entry.value
  }

  #checkOwner(): void {
    const owner = this.#owner()
    if (this.#filledFor === owner) return
    this.#filledFor = owner
    this.#models = null
    this.#voices.clear()
  }
}

/** The cached entry while it is young and did not fail; else a new fetch. */
function fresh<T>(
  entry: Cached<T> | null | undefined,
  ttlMs: number,
  now: () => number,
  load: () => Promise<T>,
): Cached<T> {
  if (entry && now() - entry.atMs < ttlMs) return entry
  const value = load()
  const next = { atMs: now(), value }
  // A failure is not kept: the next call asks again.
  value.catch(() => (next.atMs = -Infinity))
  return next
}
