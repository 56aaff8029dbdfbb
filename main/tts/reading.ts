// One reading as the Reader follows it: the speech job, where each chunk sits in the text (for
// highlighting), and the status every window is shown. Knows nothing of IPC or files.
import { randomUUID } from 'node:crypto'
import type { ReaderChoice, ReadingState, ReadingStatus, ReadingStopCode } from '../../preload/contract'
import { AppError, toIpcError } from '../errors'
import type { SpeechRequestBody } from '../api/tts/tts-check'
import type { TtsRules } from '../api/tts/tts-rules'
import type { UsageHistory } from './free-allowance'
import type { Clock } from './pacing'
import {
  SpeechJob,
  SpeechJobError,
  type SpeechChunk,
  type SpeechJobErrorCode,
  type SpeechJobOptions,
  type SpeechSynthesizer,
} from './speech-job'

export interface ReadingOptions {
  client: SpeechSynthesizer
  choice: ReaderChoice
  /** The body the rules allow, for the first chunk; each chunk sends it with its own text. */
  request: SpeechRequestBody
  rules: TtsRules
  rpm: number
  firstChunkChars: number
  estimateVnd: number | null
  /** A document's sentences, one chunk each (see SpeechJobOptions.parts); unset: the text is cut by size. */
  parts?: readonly string[]
  /** Asked before each chunk is sent (see SpeechJobOptions.admit): run-ahead and the spending limit. */
  admit?: SpeechJobOptions['admit']
  /** Audio made before for a whole part (see SpeechJobOptions.made). */
  made?: SpeechJobOptions['made']
  /** A chunk has its audio and its cost (a document's run-ahead learns the price, keeps the audio). */
  onAnswered?: (chunk: SpeechChunk) => void
  /** The account's latest usage records read now: was a chunk whose answer was lost charged? */
  usageHistory?: () => Promise<UsageHistory | null>
  clock?: Clock
  /** Every change of status. */
  onChange: (status: ReadingStatus) => void
  /** A run ended (done, failed or cancelled), having spent `spentVnd` (lost answers charged included). */
  onSettled: (reading: Reading, spentVnd: number) => void
}

export class Reading {
  readonly id = randomUUID()
  readonly text: string
  readonly startedAt = new Date().toISOString()
  readonly job: SpeechJob
  readonly #opts: ReadingOptions
  #run: Promise<void> | null = null

  constructor(opts: ReadingOptions) {
    this.#opts = opts
    this.text = opts.choice.text
    const { request } = opts
    this.job = new SpeechJob({
      client: opts.client,
      request: {
        model: request.model,
        responseFormat: request.response_format,
        ...(request.voice === undefined ? {} : { voice: request.voice }),
        ...(request.speed === undefined ? {} : { speed: request.speed }),
      },
      text: opts.choice.text,
      rules: opts.rules,
      rpm: opts.rpm,
      firstChunkChars: opts.firstChunkChars,
      ...(opts.parts ? { parts: opts.parts } : {}),
      ...(opts.admit ? { admit: opts.admit } : {}),
      ...(opts.made ? { made: opts.made } : {}),
      ...(opts.usageHistory ? { usageHistory: opts.usageHistory } : {}),
      ...(opts.clock ? { clock: opts.clock } : {}),
      // Every finished chunk reports progress; its audio is ready for the player from then on.
      onProgress: ({ index }) => {
        const chunk = this.job.chunks[index]
        if (chunk) opts.onAnswered?.(chunk)
        this.#changed()
      },
      // A held-back chunk is shown counting down, so a wait never looks like a stall.
      onWait: () => this.#changed(),
    })
  }

  get request(): SpeechRequestBody {
    return this.#opts.request
  }

  get running(): boolean {
    return this.job.status === 'running'
  }

  /** Chunks with audio, in order, as long as none before them is missing. */
  readyChunks(): SpeechChunk[] {
    const out: SpeechChunk[] = []
    for (const c of this.job.chunks) {
      if (!c.audio) break
      out.push(c)
    }
    return out
  }

  chunkAudio(index: number): SpeechChunk {
    const chunk = this.job.chunks[index]
    if (!chunk?.audio) throw new AppError('not_found', `Chunk ${index + 1} of this reading has no audio yet.`)
    return chunk
  }

  /**
   * Starts the job, or continues it from its first unfinished chunk; `payAgain`: the user agrees to pay
   * again for the chunks it stopped at as charged already (or not known to be).
   */
  start(opts: { payAgain?: boolean } = {}): void {
    if (this.running) return
    const spentBefore = this.job.progress.spentVnd
    this.#run = this.job
      .resume(opts)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.#changed()
        this.#opts.onSettled(this, this.job.progress.spentVnd - spentBefore)
      })
    this.#changed()
  }

  cancel(): void {
    this.job.cancel()
  }

  /** Resolves when the current run has settled. */
  settled(): Promise<void> {
    return this.#run ?? Promise.resolve()
  }

  status(): ReadingStatus {
    const p = this.job.progress
    // Worked out each time: a chunk refused as over the model's limit may have been split since.
    let at = 0
    const offsets = this.job.chunks.map((c) => (at += c.text.length) - c.text.length)
    const { choice, request } = this.#opts
    return {
      id: this.id,
      state: stateOf(this.job.status),
      model: choice.model,
      voice: request.voice ?? null,
      format: request.response_format,
      speed: request.speed ?? null,
      chunks: this.job.chunks.map((c, i) => ({
        index: c.index,
        start: offsets[i] as number,
        end: (offsets[i] as number) + c.text.length,
        chars: c.chars,
        ready: c.audio !== null,
        costVnd: c.costVnd,
      })),
      chunksDone: p.chunksDone,
      chunkCount: p.chunkCount,
      charsDone: p.charsDone,
      charsTotal: p.charsTotal,
      spentVnd: p.spentVnd,
      estimateVnd: this.#opts.estimateVnd,
      error: this.#error(),
      wait: this.#wait(),
      startedAt: this.startedAt,
    }
  }

  #wait(): ReadingStatus['wait'] {
    const wait = this.running ? this.job.wait : null
    return wait ? { reason: wait.reason, until: wait.untilMs } : null
  }

  #error(): ReadingStatus['error'] {
    const err = this.job.error
    if (!err || err.code === 'SPEECH_JOB_CANCELLED') return null
    // Stopped before the limit the user set for the document: raising it continues.
    if (err.code === 'SPEECH_JOB_LIMIT')
      return {
        kind: 'insufficient_balance',
        code: 'document_spending_limit',
        message: err.message,
        chunkIndex: err.chunkIndex,
      }
    const code = STOP_CODES[err.code]
    // A chunk held for its charge: its answer was lost on the way.
    if (code) return { kind: 'network', code, message: err.message, chunkIndex: err.chunkIndex }
    const cause = err.cause
    // The service's refusal as the UI needs it: kind, code, figures, request id, wait, field.
    const said = cause instanceof AppError ? toIpcError(cause) : { kind: 'internal' as const }
    return {
      ...said,
      message: err.message,
      chunkIndex: err instanceof SpeechJobError ? err.chunkIndex : null,
    }
  }

  #changed(): void {
    this.#opts.onChange(this.status())
  }
}

const STOP_CODES: Partial<Record<SpeechJobErrorCode, ReadingStopCode>> = {
  SPEECH_JOB_ALREADY_CHARGED: 'already_charged',
  SPEECH_JOB_CHARGE_UNKNOWN: 'charge_unknown',
}

function stateOf(status: SpeechJob['status']): ReadingState {
  return status === 'idle' ? 'running' : status
}
