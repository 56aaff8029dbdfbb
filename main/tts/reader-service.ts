// Over 400 lines on purpose: the Reader's IPC face (models, estimate, read, resume, history, save) over
// one current reading; the reading itself is in reading.ts and speech-job.ts.
// The Reader as the app runs it: speech models and voices with their rules, the price before the click,
// one reading at a time (its audio kept for playback and saving), the history of recent readings with
// re-download, and voice samples. Every request to the service goes through here; the renderer gets
// audio bytes and plain data only.
import type {
  ReaderAudio,
  ReaderChoice,
  ReaderEstimate,
  ReaderHistoryItem,
  ReaderModels,
  ReaderSaved,
  ReaderSnapshot,
  ReaderWait,
  ReaderVoices,
  ReadingStatus,
  TtsDefaults,
} from '../../preload/contract'
import { GatewayError } from '../api/gateway-error'
import type { GatewayEndpoint } from '../api/http'
import { keyHash } from '../api/management/key-hash'
import { estimateCostVnd, billableChars } from '../api/tts/text-count'
import { checkRequest, type CheckResult } from '../api/tts/tts-check'
import { TtsClient } from '../api/tts/tts-client'
import type { RequestWait } from '../api/tts/tts-retry'
import type { TtsFormat, TtsRules } from '../api/tts/tts-rules'
import { AppError } from '../errors'
import type { EventHub } from '../ipc/event-hub'
import { joinAudio, JOINABLE_FORMATS } from './audio-join'
import { FIRST_CHUNK_CHARS } from './first-chunk'
import { chunkLimitOf } from './pacing'
import { speechRpm, retentionMs } from './plan-limits'
import { splitRampedYielding } from './ramp-split'
import type { HistoryRecord, ReaderHistory } from './reader-history'
import { toReaderVoices } from './reader-models'
import { ReaderCatalog } from './reader-catalog'
import { Reading, type ReadingOptions } from './reading'
import type { SpeechChunk } from './speech-job'
import { defaultChoice, defaultModel } from './default-choice'
import { charsUsedThisMonth, freeCharsLeft, type UsageHistory } from './free-allowance'
import { hasVietnamese } from './text-language'
import { MAX_READER_TEXT } from './text-limit'
import { fetchPreview } from './voice-preview'

export interface SaveAudioRequest {
  suggestedName: string
  bytes: Uint8Array
  format: TtsFormat
}

export interface ReaderServiceDeps {
  endpoint(): GatewayEndpoint
  events: EventHub
  history: ReaderHistory
  balanceVnd(): number | null
  plan(): string | null
  /** Asks where to save and writes the file; null when the user cancels. */
  saveAudio(request: SaveAudioRequest): Promise<{ path: string } | null>
  /** `onWait` hears the client's waits before a retry the service asked for (see TtsClientOptions). */
  client?: (endpoint: GatewayEndpoint, onWait?: (wait: RequestWait | null) => void) => TtsClient
  firstChunkChars?: number
  /** The account's latest usage records, for a monthly free allowance; null when they cannot be had. */
  usageHistory?: () => Promise<UsageHistory | null>
  /**
   * The same read now, past any cache: whether a chunk whose answer was lost longer ago than its key
   * holds was charged. Unset: such a chunk waits for the user's say-so to pay again.
   */
  usageNow?: () => Promise<UsageHistory | null>
  /** A run of a reading ended having spent something: the balance shown is out of date. */
  onSpent?: () => void
  now?: () => number
}

/** What a document's reading adds to a plain one (see DocumentReader). */
export interface DocumentRun {
  parts: readonly string[]
  admit: NonNullable<ReadingOptions['admit']>
  /** Audio made before for a whole part (see SpeechJobOptions.made). */
  made: NonNullable<ReadingOptions['made']>
  /** A chunk has its audio and its cost. */
  onAnswered: NonNullable<ReadingOptions['onAnswered']>
  /** A run of the reading ended having spent `spentVnd`. */
  onSettled(spentVnd: number): void
}

/** Readings whose audio stays in memory, for playback and saving without a download. */
const READINGS_KEPT = 3
const PREVIEW_WORDS = 12

export class ReaderService {
  readonly #deps: ReaderServiceDeps
  readonly #catalog: ReaderCatalog
  /** Newest last; the last is the current reading. */
  #readings: Reading[] = []
  /** History writes under way: quitting waits for them. */
  readonly #remembering = new Set<Promise<void>>()

  constructor(deps: ReaderServiceDeps) {
    this.#deps = deps
    // The lists are read for the price above all: a wait for them shows on the price line.
    this.#catalog = new ReaderCatalog(
      () => this.#client(this.#waitTold('estimate', null)),
      () => this.#account(),
    )
  }

  models(): Promise<ReaderModels> {
    return this.#catalog.models(this.#deps.plan())
  }

  async voices(model: string): Promise<ReaderVoices> {
    return toReaderVoices(model, await this.#catalog.voices(model))
  }

  async estimate(choice: ReaderChoice): Promise<ReaderEstimate> {
    const rules = await this.#catalog.rules(choice.model)
    const check = this.#check(choice, rules)
    const { costVnd, freeChars, chars } = await this.#price(choice.text, rules)
    const balanceVnd = this.#deps.balanceVnd()
    const limit = rules.maxInputChars
    // Up to 200,000 characters are segmented here on every change of the text: in slices, so the
    // voice chat and the rest of main keep running meanwhile.
    const chunks = await splitRampedYielding(
      choice.text,
      chunkLimitOf(limit, undefined),
      this.#firstChunkChars(),
    )
    return {
      chars,
      chunks: chunks.length,
      costVnd,
      freeChars,
      free: rules.unitPriceVndPer1M === 0,
      balanceVnd,
      affordable: affordable(costVnd, balanceVnd, freeChars),
      problems: check.ok ? [] : check.problems,
      notes: check.ok ? check.notes : [],
      poorVietnamese: rules.vietnamese === 'poor' && hasVietnamese(choice.text),
    }
  }

  /**
   * Starts a reading of `choice`, replacing the current one. Refuses what the service would refuse. A
   * document's reading comes with its sentences and run-ahead (`run`): its spending limit, not the whole
   * chapter's price, is what it is held to.
   */
  async read(choice: ReaderChoice, run?: DocumentRun): Promise<ReadingStatus> {
    const rules = await this.#catalog.rules(choice.model)
    const check = this.#check(choice, rules)
    if (!check.ok) {
      const first = check.problems[0]
      throw new AppError('invalid_input', check.problems.map((p) => p.message).join(' '), {
        ...(first ? { field: first.field, code: first.code, params: first.params } : {}),
      })
    }
    const { costVnd: estimateVnd, freeChars } = await this.#price(choice.text, rules)
    const balance = this.#deps.balanceVnd()
    if (
      !run &&
      affordable(estimateVnd, balance, freeChars) === false &&
      estimateVnd !== null &&
      balance !== null
    ) {
      // Money first: not a mistake in the text, and the way on is to top up (or read less).
      throw new AppError(
        'insufficient_balance',
        `Reading this costs about ${Math.ceil(estimateVnd)} VND; the balance is ${Math.floor(balance)} VND.`,
        {
          field: 'input',
          code: 'reading_over_balance',
          params: { costVnd: Math.ceil(estimateVnd), balanceVnd: Math.floor(balance) },
        },
      )
    }
    this.current?.cancel()
    const reading = new Reading({
      client: this.#client(),
      choice,
      request: check.request,
      rules,
      rpm: speechRpm(this.#deps.plan(), rules.unitPriceVndPer1M === 0, rules.rpm),
      firstChunkChars: this.#firstChunkChars(),
      estimateVnd,
      ...(run ? { parts: run.parts, admit: run.admit, made: run.made, onAnswered: run.onAnswered } : {}),
      ...(this.#deps.usageNow ? { usageHistory: this.#deps.usageNow } : {}),
      ...(this.#deps.now ? { clock: { now: this.#deps.now } } : {}),
      onChange: (status) => this.#deps.events.emit('tts:reading', status),
      onSettled: (r, spentVnd) => {
        if (spentVnd > 0) this.#deps.onSpent?.()
        run?.onSettled(spentVnd)
        const write = this.#remember(r).finally(() => this.#remembering.delete(write))
        this.#remembering.add(write)
      },
    })
    this.#readings = [...this.#readings, reading].slice(-READINGS_KEPT)
    reading.start()
    return reading.status()
  }

  /**
   * What `text` is read with when the user does not choose (the read-selection hotkey): the saved
   * settings where the model takes them, else the one default every path uses. `poorVietnamese`: the
   * model has English voices only and the text is Vietnamese, to be said before anything is paid.
   */
  async chooseFor(
    text: string,
    saved: TtsDefaults,
  ): Promise<{ choice: ReaderChoice; poorVietnamese: boolean }> {
    if (text.trim() === '')
      throw new AppError('invalid_input', 'There is no text to read.', {
        field: 'input',
        code: 'empty_input',
      })
    const { models } = await this.models()
    const model = defaultModel(models, saved.model)
    if (!model)
      throw new AppError('unavailable', 'The service offers no speech model.', { code: 'no_speech_model' })
    const voices = await this.voices(model.id).catch(() => null)
    const choice = defaultChoice(text.slice(0, MAX_READER_TEXT), saved, model, voices)
    return { choice, poorVietnamese: model.vietnamese === 'poor' && hasVietnamese(text) }
  }

  /** Reads `text` with the saved Reader settings (the read-selection hotkey). */
  async readWithDefaults(text: string, saved: TtsDefaults): Promise<ReadingStatus> {
    return this.read((await this.chooseFor(text, saved)).choice)
  }

  /**
   * The text's cost with what is left of the model's monthly free allowance taken off. `freeChars`: the
   * characters the allowance covers; null when the month's use cannot be known, and then the cost is
   * the price beyond the allowance, the most it can be.
   */
  async #price(
    text: string,
    rules: TtsRules,
  ): Promise<{ costVnd: number | null; freeChars: number | null; chars: number }> {
    const chars = billableChars(text)
    const left = rules.freeCharsPerMonth > 0 ? await this.#freeCharsLeft(rules) : 0
    return {
      chars,
      costVnd: estimateCostVnd(text, rules, left ?? 0),
      freeChars: left === null ? null : Math.min(left, chars),
    }
  }

  /** What is left of `model`'s monthly free allowance, in characters; null when the month's use is unknown. */
  async freeCharsLeft(model: string): Promise<number | null> {
    const rules = await this.#catalog.rules(model)
    return rules.freeCharsPerMonth > 0 ? this.#freeCharsLeft(rules) : 0
  }

  async #freeCharsLeft(rules: TtsRules): Promise<number | null> {
    const history = await this.#deps.usageHistory?.().catch(() => null)
    if (!history) return null
    const now = this.#deps.now?.() ?? Date.now()
    return freeCharsLeft(rules.freeCharsPerMonth, charsUsedThisMonth(history, rules.modelId, now))
  }

  get current(): Reading | null {
    return this.#readings.at(-1) ?? null
  }

  snapshot(): ReaderSnapshot {
    const r = this.current
    return { reading: r?.status() ?? null, text: r?.text ?? '' }
  }

  cancel(): ReadingStatus | null {
    const r = this.current
    r?.cancel()
    return r?.status() ?? null
  }

  /** Continues the current reading; `payAgain`: the user agrees to pay again for a chunk held for its charge. */
  resume(opts: { payAgain?: boolean } = {}): ReadingStatus {
    const r = this.current
    if (!r) throw new AppError('not_found', 'There is no reading to continue.', { code: 'no_reading' })
    if (r.job.status === 'done') return r.status()
    r.start(opts)
    return r.status()
  }

  audio(id: string, index: number): ReaderAudio {
    const reading = this.#reading(id)
    const audio = reading.chunkAudio(index).audio as NonNullable<SpeechChunk['audio']>
    return {
      data: Buffer.from(audio.bytes).toString('base64'),
      contentType: audio.contentType,
      format: reading.request.response_format,
      sampleRateHz: audio.sampleRateHz,
    }
  }

  /**
   * Saves a reading as one file: from memory while Loa has it, else downloaded again (free). A reading
   * still under way, or one that stopped part way, saves the chunks it has from the first on, and both
   * the file's name and the answer say which.
   */
  async save(id: string): Promise<ReaderSaved | null> {
    const inMemory = this.#readings.find((r) => r.id === id)
    const record = this.#deps.history.get(id)
    const format = inMemory?.request.response_format ?? record?.format
    if (!format)
      throw new AppError('not_found', 'This reading is no longer known.', { code: 'reading_unknown' })
    if (!JOINABLE_FORMATS.includes(format)) {
      throw new AppError(
        'invalid_input',
        `A reading in ${format} cannot be saved as one file; use mp3, wav or pcm.`,
        { code: 'format_not_joinable', params: { format } },
      )
    }
    const parts = inMemory
      ? inMemory.readyChunks().map((c) => c.audio?.bytes as Uint8Array)
      : await this.#download(id)
    if (parts.length === 0)
      throw new AppError('not_found', 'This reading has no audio yet.', { code: 'reading_no_audio' })
    const of = inMemory ? inMemory.job.chunks.length : (record?.chunkCount ?? parts.length)
    const partial = parts.length < of ? { parts: parts.length, of } : null
    const text = inMemory?.text ?? record?.preview ?? ''
    const saved = await this.#deps.saveAudio({
      suggestedName: fileNameFor(text, format, new Date(), partial),
      bytes: joinAudio(parts, format),
      format,
    })
    return saved ? { path: saved.path, partial } : null
  }

  history(): ReaderHistoryItem[] {
    const account = this.#account()
    return this.#deps.history.list(account).map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      model: r.model,
      voice: r.voice,
      format: r.format,
      chars: r.chars,
      costVnd: r.costVnd,
      chunkCount: r.chunkCount ?? r.jobIds.length,
      preview: r.preview,
      expiresAt: r.expiresAt,
      inMemory: this.#readings.some((m) => m.id === r.id),
      downloadable: r.jobIds.length > 0 && r.jobIds.every((j) => j !== null),
      gone: r.gone,
    }))
  }

  async preview(model: string, voice: string): Promise<ReaderAudio> {
    const url = await this.#catalog.previewUrl(model, voice)
    if (!url) {
      throw new AppError('not_found', `The service has no sample of ${voice}.`, {
        code: 'no_voice_sample',
        params: { voice },
      })
    }
    return fetchPreview(url, fetch, this.#waitTold('preview', null))
  }

  /** Stops the current reading and lets requests in flight and history writes finish; used at quit. */
  async close(): Promise<void> {
    this.current?.cancel()
    await Promise.all(this.#readings.map((r) => r.settled()))
    await Promise.all(this.#remembering)
  }

  #check(choice: ReaderChoice, rules: TtsRules): CheckResult {
    // The text is read in chunks under the model's limit, so the limit applies to one chunk's worth.
    const limit = rules.maxInputChars
    const sample = limit === null ? choice.text : [...choice.text].slice(0, limit).join('')
    return checkRequest(rules, {
      text: sample,
      format: choice.format,
      speed: choice.speed,
      ...(choice.voice === null ? {} : { voice: choice.voice }),
    })
  }

  #reading(id: string): Reading {
    const r = this.#readings.find((m) => m.id === id)
    if (!r) {
      throw new AppError('not_found', 'This reading is no longer in memory; save it from the history.', {
        code: 'reading_not_in_memory',
      })
    }
    return r
  }

  async #download(id: string): Promise<Uint8Array[]> {
    const record = this.#deps.history.get(id)
    if (!record)
      throw new AppError('not_found', 'This reading is no longer known.', { code: 'reading_unknown' })
    if (record.jobIds.some((j) => j === null)) {
      throw new AppError('not_found', 'The service did not name the stored audio of this reading.', {
        code: 'audio_not_named',
      })
    }
    const client = this.#client(this.#waitTold('download', id))
    const parts: Uint8Array[] = []
    for (const jobId of record.jobIds as string[]) {
      try {
        parts.push((await client.download(jobId)).bytes)
      } catch (err) {
        throw await this.#explainGone(record, err)
      }
    }
    return parts
  }

  async #explainGone(record: HistoryRecord, err: unknown): Promise<unknown> {
    const status = err instanceof GatewayError ? err.details.status : null
    if (status !== 404 && status !== 410) return err
    const gone = status === 410 ? 'expired' : 'not_found'
    await this.#deps.history.update(record.id, { gone })
    this.#emitHistory()
    return new AppError(
      'not_found',
      gone === 'expired'
        ? 'The service has deleted this audio (it keeps it 24 hours on FREE, 72 hours on paid plans). Read the text again.'
        : 'The service did not keep this audio (files over 50 MB are not stored) or no longer knows it.',
      { cause: err, code: gone === 'expired' ? 'audio_expired' : 'audio_not_stored' },
    )
  }

  /** A run ended: the reading goes into the history if any of it was paid for. */
  async #remember(r: Reading): Promise<void> {
    const ready = r.job.chunks.filter((c) => c.audio !== null)
    if (ready.length === 0) return
    const createdMs = Date.parse(r.startedAt)
    const expiries = ready
      .map((c) => c.audio?.expiresAt)
      .filter((e): e is string => !!e && !Number.isNaN(Date.parse(e)))
    const expiresAt =
      expiries.length > 0
        ? new Date(Math.min(...expiries.map((e) => Date.parse(e)))).toISOString()
        : new Date(createdMs + retentionMs(this.#deps.plan())).toISOString()
    const complete = ready.length === r.job.chunks.length
    await this.#deps.history.put({
      id: r.id,
      account: this.#account(),
      createdAt: r.startedAt,
      model: r.request.model,
      voice: r.request.voice ?? null,
      format: r.request.response_format,
      chars: ready.reduce((n, c) => n + c.chars, 0),
      costVnd: r.job.progress.spentVnd,
      preview: firstWords(r.text),
      expiresAt,
      // A partial reading is re-downloadable only for its finished chunks, in order.
      jobIds: (complete ? r.job.chunks : r.readyChunks()).map((c) => c.audio?.jobId ?? null),
      chunkCount: r.job.chunks.length,
      sampleRateHz: ready[0]?.audio?.sampleRateHz ?? null,
      gone: null,
    })
    this.#emitHistory()
  }

  #emitHistory(): void {
    this.#deps.events.emit('tts:history', this.history())
  }

  #account(): string {
    return keyHash(this.#deps.endpoint())
  }

  #client(onWait?: (wait: RequestWait | null) => void): TtsClient {
    const endpoint = this.#deps.endpoint()
    return this.#deps.client?.(endpoint, onWait) ?? new TtsClient({ endpoint, ...(onWait ? { onWait } : {}) })
  }

  /** Tells the windows when `request` starts and stops waiting, so they count the wait down. */
  #waitTold(request: ReaderWait['request'], id: string | null): (wait: RequestWait | null) => void {
    return (wait) =>
      this.#deps.events.emit('tts:wait', {
        request,
        id,
        wait: wait ? { reason: wait.reason, until: wait.untilMs } : null,
      })
  }

  #firstChunkChars(): number {
    return this.#deps.firstChunkChars ?? FIRST_CHUNK_CHARS
  }
}

function firstWords(text: string): string {
  return text.trim().split(/\s+/).slice(0, PREVIEW_WORDS).join(' ')
}

/**
 * `loa-2026-11-23-xin-chao-cac-ban.mp3`: the date and the first words, safe on every OS. A file that holds
 * only the first chunks says so, and which: `... (partial, parts 1-3 of 12).mp3`.
 */
export function fileNameFor(
  text: string,
  format: TtsFormat,
  now = new Date(),
  partial: { parts: number; of: number } | null = null,
): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  const date = now.toISOString().slice(0, 10)
  const part = partial ? ` (partial, parts 1-${partial.parts} of ${partial.of})` : ''
  return `loa-${date}${slug ? `-${slug}` : ''}${part}.${format}`
}

/**
 * Whether the balance pays for the text: false only when it surely does not. A cost over the balance
 * whose free allowance is unknown may be covered by it, so it is not refused.
 */
function affordable(
  costVnd: number | null,
  balanceVnd: number | null,
  freeChars: number | null,
): boolean | null {
  if (costVnd === null || balanceVnd === null) return null
  if (costVnd <= balanceVnd) return true
  return freeChars === null ? null : false
}
