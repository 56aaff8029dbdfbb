// Reads a long text aloud: one speech request per chunk, a few at a time and paced to the plan's RPM,
// delivered in order as soon as the next one is ready so playback can start with the first chunk.
// Each chunk's Idempotency-Key is made once and kept across retries, failures and resume: within the
// service's 60-second memory a chunk it already charged is replayed, not charged again (tts-api.md
// "Idempotency"). Later the key no longer protects: a chunk whose answer was lost is sent again only when
// the usage history shows it was not charged (key-guard.ts); when it was, or the history cannot tell, the
// reading stops and waits for the user's say-so to pay again. A chunk the service refuses as over the
// model's real limit (a 400, not charged) is split under that limit and the reading goes on; so are the
// unsent chunks still over it.
import { randomUUID } from 'node:crypto'
import { chunkLimitOf, RequestPacer, type Clock } from './pacing'
import { splitRamped } from './ramp-split'
import { splitText } from '../api/tts/chunker'
import { learnedInputLimit } from '../api/tts/input-limit'
import { billableChars, estimateCostVnd } from '../api/tts/text-count'
import type { UsageHistory } from './free-allowance'
import { ChargeHold, KeyGuard } from './key-guard'
import type { RequestWait, Sleep } from '../api/tts/tts-retry'
import type { SpeechAudio, SpeechRequest, SynthesizeOptions } from '../api/tts/tts-client'
import type { TtsRules } from '../api/tts/tts-rules'

/** What the job needs of TtsClient. */
export interface SpeechSynthesizer {
  synthesize(request: SpeechRequest, opts: SynthesizeOptions): Promise<SpeechAudio>
}

export interface SpeechChunk {
  index: number
  text: string
  chars: number
  /** Made once when the text is split; every request for this chunk carries it. */
  idempotencyKey: string
  /** The part (see SpeechJobOptions.parts) the chunk is, or is a piece of; null when the text was cut by size. */
  part: number | null
  audio: SpeechAudio | null
  /**
   * From the service's answer, else estimated from the unit price, plus any charge for an answer that was
   * lost (found in the usage history); null while nothing is known to be charged.
   */
  costVnd: number | null
}

export interface SpeechProgress {
  /** The chunk that just finished. */
  index: number
  chunksDone: number
  chunkCount: number
  charsDone: number
  charsTotal: number
  spentVnd: number
}

export type SpeechJobStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled'

export type SpeechJobErrorCode =
  | 'SPEECH_JOB_FAILED'
  | 'SPEECH_JOB_CANCELLED'
  | 'SPEECH_JOB_BUSY'
  /** A chunk's answer was lost after the service charged it, too long ago for the key to replay it. */
  | 'SPEECH_JOB_ALREADY_CHARGED'
  /** A chunk's answer was lost too long ago for the key to hold, and the usage history cannot tell more. */
  | 'SPEECH_JOB_CHARGE_UNKNOWN'
  /** The next chunk would pass the spending limit set for the text. */
  | 'SPEECH_JOB_LIMIT'

export class SpeechJobError extends Error {
  constructor(
    readonly code: SpeechJobErrorCode,
    message: string,
    /** The chunk whose request failed, when one did. */
    readonly chunkIndex: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'SpeechJobError'
  }
}

export interface SpeechJobOptions {
  client: SpeechSynthesizer
  /** Model, voice, format and speed; `input` comes from the chunks. */
  request: Omit<SpeechRequest, 'input'>
  text: string
  /**
   * The text already cut where the listener will find it again (a document's sentences, joined they are
   * `text`): one chunk each, split further only where one is over the model's limit, and the first part
   * where it is longer than `firstChunkChars`. Unset: `text` is cut by size.
   */
  parts?: readonly string[]
  /**
   * Audio already made and paid for a whole part (a document's sentence heard before, or made ahead by an
   * earlier reading): its chunk starts with it, costs nothing more and is never requested.
   */
  made?: (part: number, text: string) => SpeechAudio | null
  /**
   * Asked before each chunk is sent: `go`, or `limit` when sending it would pass the spending limit, which
   * stops the run there. May wait (a document's run-ahead waits for the listener to catch up).
   */
  admit?: (chunk: SpeechChunk, signal: AbortSignal) => Promise<'go' | 'limit'>
  /** Gives the model's input limit and unit price. */
  rules: Pick<TtsRules, 'maxInputChars' | 'unitPriceVndPer1M'>
  /** A smaller chunk than the model allows: the first audio arrives sooner. */
  maxChars?: number
  /** The first chunk's size; the next grow towards the limit. Unset: every chunk at the limit. */
  firstChunkChars?: number
  /** Requests in flight at once. */
  concurrency?: number
  /** Requests the plan allows per minute; null: no pacing. */
  rpm?: number | null
  locale?: string
  clock?: Clock
  sleep?: Sleep
  /**
   * The account's latest usage records read now, not from a cache; null when they cannot be had. Asked
   * only before sending a chunk again whose answer was lost longer ago than the key holds. Unset: such a
   * chunk waits for the user's say-so.
   */
  usageHistory?: () => Promise<UsageHistory | null>
  newKey?: () => string
  /** Called in chunk order, each as soon as it and all before it are ready. */
  onChunk?: (chunk: SpeechChunk) => void
  onProgress?: (progress: SpeechProgress) => void
  /** The job's wait (see `wait`) began, changed or ended. */
  onWait?: () => void
}

const DEFAULT_CONCURRENCY = 2

export class SpeechJob {
  readonly #opts: SpeechJobOptions
  #chunks: SpeechChunk[]
  /** Chunks whose request is under way: never split or handed to another worker. */
  readonly #inFlight = new Set<SpeechChunk>()
  readonly #guard: KeyGuard<SpeechChunk>
  readonly #newKey: () => string
  readonly #pacer: RequestPacer
  /** Chunks held back before they may go: the service's Retry-After, or the plan's rate budget. */
  readonly #waits = new Map<SpeechChunk, RequestWait>()
  #status: SpeechJobStatus = 'idle'
  #delivered = 0
  #controller: AbortController | null = null
  #error: SpeechJobError | null = null
  /** Bumped by every run: a run that is not the last one no longer decides the job's status. */
  #generation = 0
  /** Settles when the last run has finished, its requests in flight included. */
  #settled: Promise<void> = Promise.resolve()

  constructor(opts: SpeechJobOptions) {
    this.#opts = opts
    const limit = chunkLimitOf(opts.rules.maxInputChars, opts.maxChars)
    this.#newKey = opts.newKey ?? randomUUID
    const first = opts.firstChunkChars ?? null
    // A document's first sentence is its first chunk, cut as short as a pasted text's first chunk where it
    // is longer: the first audio waits for no more synthesis than a short text's.
    const texts = opts.parts
      ? opts.parts.flatMap((text, part) =>
          (part === 0
            ? splitRamped(text, limit, first, opts.locale)
            : splitText(text, limit, opts.locale)
          ).map((t) => ({ text: t, part })),
        )
      : splitRamped(opts.text, limit, first, opts.locale).map((text) => ({ text, part: null }))
    this.#chunks = texts.map((t, index) => this.#chunk(t.text, index, t.part))
    for (const chunk of this.#chunks) {
      if (chunk.part === null || opts.parts?.[chunk.part] !== chunk.text) continue
      const audio = opts.made?.(chunk.part, chunk.text)
      if (audio) Object.assign(chunk, { audio, costVnd: 0 })
    }
    this.#pacer = new RequestPacer(opts.rpm ?? null, opts.clock, opts.sleep)
    this.#guard = new KeyGuard({
      model: opts.request.model,
      unitPriceVndPer1M: opts.rules.unitPriceVndPer1M,
      usageHistory: opts.usageHistory,
      now: () => opts.clock?.now() ?? Date.now(),
    })
  }

  /** In text order; a refusal over the real limit can split an unfinished chunk into several. */
  get chunks(): readonly SpeechChunk[] {
    return this.#chunks
  }

  #chunk(text: string, index: number, part: number | null): SpeechChunk {
    return {
      index,
      text,
      part,
      chars: billableChars(text),
      idempotencyKey: this.#newKey(),
      audio: null,
      costVnd: null,
    }
  }

  get status(): SpeechJobStatus {
    return this.#status
  }

  /** Why the last run stopped, when it failed or was cancelled. */
  get error(): SpeechJobError | null {
    return this.#error
  }

  /**
   * What the reading waits for now: the wait of the first chunk in text order that is held back (the
   * one the listener needs next); null when no chunk waits.
   */
  get wait(): RequestWait | null {
    let first: { index: number; wait: RequestWait } | null = null
    for (const [chunk, wait] of this.#waits)
      if (!first || chunk.index < first.index) first = { index: chunk.index, wait }
    return first?.wait ?? null
  }

  #setWait(chunk: SpeechChunk, wait: RequestWait | null): void {
    if (wait) this.#waits.set(chunk, wait)
    else if (!this.#waits.delete(chunk)) return
    this.#opts.onWait?.()
  }

  get progress(): Omit<SpeechProgress, 'index'> {
    const done = this.chunks.filter((c) => c.audio !== null)
    return {
      chunksDone: done.length,
      chunkCount: this.chunks.length,
      charsDone: done.reduce((n, c) => n + c.chars, 0),
      charsTotal: this.chunks.reduce((n, c) => n + c.chars, 0),
      // A lost answer that was charged counts too: the wallet paid for it.
      spentVnd: roundVnd(this.chunks.reduce((n, c) => n + (c.costVnd ?? 0), 0)),
    }
  }

  /** Synthesizes every chunk; resolves with all of them in order, rejects with a SpeechJobError. */
  run(): Promise<readonly SpeechChunk[]> {
    if (this.#status === 'running') {
      return Promise.reject(new SpeechJobError('SPEECH_JOB_BUSY', 'This reading is already running.', null))
    }
    const run = this.#run(this.#settled)
    this.#settled = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  /**
   * Continues a failed or cancelled run from the first unfinished chunk: finished chunks keep their audio
   * and are not requested again; unfinished ones keep their keys. `payAgain`: the user agrees to pay again
   * for the chunks the last run stopped at as charged already, or as not known to be.
   */
  resume(opts: { payAgain?: boolean } = {}): Promise<readonly SpeechChunk[]> {
    if (opts.payAgain === true && this.#status !== 'running') this.#guard.payAgain()
    return this.run()
  }

  /** Stops at once: no further requests, in-flight ones aborted. Chunks already paid keep their audio. */
  cancel(): void {
    if (this.#status !== 'running') return
    this.#fail(new SpeechJobError('SPEECH_JOB_CANCELLED', 'The reading was cancelled.', null), 'cancelled')
    this.#controller?.abort()
  }

  /**
   * One run over the unfinished chunks. A failed run lets its requests in flight finish (the service may
   * have charged them), so a resume can come before the failed run is over: it waits for that run to
   * settle, then takes only what is still unfinished, and that older run no longer speaks for the job.
   */
  async #run(previous: Promise<void>): Promise<readonly SpeechChunk[]> {
    const generation = ++this.#generation
    const controller = new AbortController()
    this.#controller = controller
    this.#status = 'running'
    this.#error = null
    await previous
    // Parts whose audio was made before are ready from the start.
    this.#deliver()
    const run: RunState = {
      error: null,
      limit: null,
      current: () => generation === this.#generation && this.#status === 'running',
    }
    const next = () =>
      this.#chunks.find(
        (c) =>
          c.audio === null && !this.#inFlight.has(c) && (run.limit === null || c.index < run.limit.index),
      )
    const worker = async () => {
      for (let chunk = next(); run.current() && chunk; chunk = next()) {
        this.#inFlight.add(chunk)
        try {
          await this.#synthesize(chunk, controller.signal, run)
        } finally {
          this.#inFlight.delete(chunk)
        }
      }
    }
    const pending = this.#chunks.filter((c) => c.audio === null).length
    const workers = Math.max(1, Math.min(this.#opts.concurrency ?? DEFAULT_CONCURRENCY, pending))
    await Promise.all(Array.from({ length: workers }, worker))
    // The chunks before the one over the limit have been sent and answered: the run stops there.
    if (run.limit && run.current()) {
      run.error = run.limit.error
      this.#fail(run.error, 'failed')
    }
    if (this.#controller === controller) this.#controller = null
    // Superseded by a resume: this run answers only for itself.
    if (generation !== this.#generation) {
      if (run.error) throw run.error
      return this.chunks
    }
    if (this.#error) throw this.#error
    this.#status = 'done'
    return this.chunks
  }

  async #synthesize(chunk: SpeechChunk, signal: AbortSignal, run: RunState): Promise<void> {
    const guard = this.#guard
    try {
      if (this.#opts.admit && (await this.#opts.admit(chunk, signal)) === 'limit') {
        // Chunks let go before this one, which may not have reached their request yet, still go out.
        if (!run.limit || chunk.index < run.limit.index) {
          const message = `Chunk ${chunk.index + 1} of ${this.chunks.length} would pass the spending limit.`
          run.limit = {
            index: chunk.index,
            error: new SpeechJobError('SPEECH_JOB_LIMIT', message, chunk.index),
          }
        }
        return
      }
      if (!run.current()) return
      await this.#pacer.admit(signal, (untilMs) => this.#setWait(chunk, { reason: 'budget', untilMs }))
      this.#setWait(chunk, null)
      if (!run.current()) return
      await guard.beforeSend(chunk, this.#chunks)
      const audio = await this.#opts.client.synthesize(
        { ...this.#opts.request, input: chunk.text },
        {
          idempotencyKey: chunk.idempotencyKey,
          signal,
          beforeRetry: (failed) => {
            guard.noteFailure(chunk, failed)
            return guard.beforeSend(chunk, this.#chunks)
          },
          onWait: (wait) => this.#setWait(chunk, wait),
        },
      )
      this.#setWait(chunk, null)
      chunk.audio = audio
      const lostVnd = guard.lostVnd(chunk)
      // A replay after a lost charge was found is that charge's audio: nothing more was paid.
      const paidNow =
        audio.replay === true && lostVnd > 0
          ? 0
          : costOf(audio, estimateCostVnd(chunk.text, this.#opts.rules.unitPriceVndPer1M))
      chunk.costVnd = roundVnd(lostVnd + paidNow)
    } catch (cause) {
      this.#setWait(chunk, null)
      if (cause instanceof ChargeHold) {
        const lostVnd = guard.lostVnd(chunk)
        if (lostVnd > 0) chunk.costVnd = roundVnd(lostVnd)
        if (!run.current()) return
        run.error = this.#held(chunk, cause)
        this.#fail(run.error, 'failed')
        return
      }
      guard.noteFailure(chunk, cause)
      if (!run.current()) return
      const limit = learnedInputLimit(cause, chunk.chars)
      if (limit !== null) return this.#splitOver(limit, chunk)
      const reason = cause instanceof Error ? cause.message : String(cause)
      const message = `Chunk ${chunk.index + 1} of ${this.chunks.length} failed: ${reason}`
      // Requests already in flight are let finish: the service may have charged them already.
      run.error = new SpeechJobError('SPEECH_JOB_FAILED', message, chunk.index, { cause })
      this.#fail(run.error, 'failed')
      return
    }
    this.#report(chunk.index)
    this.#deliver()
  }

  #held(chunk: SpeechChunk, hold: ChargeHold): SpeechJobError {
    const which = `Chunk ${chunk.index + 1} of ${this.chunks.length}`
    if (hold.reason === 'charged') {
      return new SpeechJobError(
        'SPEECH_JOB_ALREADY_CHARGED',
        `${which} was charged, but its audio was lost on the way more than a minute ago, so the service no ` +
          'longer hands it over for free. Reading it again charges it a second time; continue only if you ' +
          'agree to pay again.',
        chunk.index,
        { cause: hold },
      )
    }
    return new SpeechJobError(
      'SPEECH_JOB_CHARGE_UNKNOWN',
      `${which} got no answer more than a minute ago, and the usage history cannot tell whether it was ` +
        'charged. Reading it again may charge it a second time; continue only if you agree to pay again.',
      chunk.index,
      { cause: hold },
    )
  }

  /**
   * Splits `refused` and every unsent chunk over `limit` into chunks under it, each with a new key (none
   * of them was charged). Chunks with audio, and before them, keep their places and indices.
   */
  #splitOver(limit: number, refused: SpeechChunk): void {
    const splittable = (c: SpeechChunk) =>
      c.audio === null && c.chars > limit && (c === refused || !this.#inFlight.has(c))
    const next: SpeechChunk[] = []
    for (const c of this.#chunks) {
      if (!splittable(c)) next.push(Object.assign(c, { index: next.length }))
      else
        for (const text of splitText(c.text, limit, this.#opts.locale))
          next.push(this.#chunk(text, next.length, c.part))
    }
    this.#chunks = next
  }

  #fail(error: SpeechJobError, status: 'failed' | 'cancelled'): void {
    this.#error = error
    this.#status = status
  }

  #report(index: number): void {
    this.#opts.onProgress?.({ index, ...this.progress })
  }

  /** Hands over every chunk that is ready and has all earlier chunks delivered. */
  #deliver(): void {
    for (let c = this.chunks[this.#delivered]; c?.audio; c = this.chunks[this.#delivered]) {
      this.#delivered += 1
      this.#opts.onChunk?.(c)
    }
  }
}

/** One run's view of itself: whether it still decides the job, and how it failed. */
interface RunState {
  error: SpeechJobError | null
  /** The first chunk the spending limit stopped: no chunk from it on is sent. */
  limit: { index: number; error: SpeechJobError } | null
  current(): boolean
}

/**
 * What a chunk cost. A replay answers 0, but the key is this job's own, so the service charged it once
 * already, for an answer that was lost: the estimate stands in for that charge.
 */
function costOf(audio: SpeechAudio, estimateVnd: number | null): number {
  if (audio.replay === true) return estimateVnd ?? 0
  return audio.costVnd ?? estimateVnd ?? 0
}

const roundVnd = (vnd: number) => Math.round(vnd * 100) / 100
