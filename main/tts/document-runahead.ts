// How far a document's synthesis runs ahead of the listener, and where it stops for money. A book is never
// charged up front: a chunk is sent only once the listener is within AHEAD_CHUNKS of it, and not at all when
// what the document has cost, with what this reading has sent and the chunk itself, would pass the limit
// set for it. A chunk is priced by its own characters, less what is left of the model's monthly free
// allowance (tts-api.md "Billing", the Classic group's free characters); with the model's price unknown,
// the first charge the service answers tells it.
import { CHARS_PER_PRICE_UNIT, estimateCostVnd } from '../api/tts/text-count'
import type { SpeechChunk } from './speech-job'

/**
 * Sentences synthesized beyond the one being heard. A sentence lasts a few seconds; three cover a
 * request's round trip and the plan's pacing, and are all that is paid for and lost if the listener skips
 * away or stops.
 */
export const AHEAD_CHUNKS = 3

export interface RunAheadOptions {
  /** The document's limit in VND; null: none. */
  limitVnd: number | null
  /** What the document cost before this reading. */
  spentBeforeVnd: number
  /** The model's price, VND per million characters; null when the service has not said. */
  unitPriceVndPer1M: number | null
  /**
   * Characters of the model's monthly free allowance left as the reading starts; null when the month's
   * use cannot be known, and then none is counted: the most the reading can cost.
   */
  freeCharsLeft: number | null
  ahead?: number
}

export class RunAhead {
  readonly #opts: RunAheadOptions
  /** The chunk being heard; -1 before the first. */
  #heard = -1
  /** In the order they were let go, each with the free characters it was priced with. */
  readonly #sent = new Map<SpeechChunk, number>()
  /** The price, from the model list or else learned from the first charge answered. */
  #unitPrice: number | null
  #wake: Array<() => void> = []
  /** Chunks waiting to be let go: they are decided in text order, whichever worker asks first. */
  readonly #waiting = new Set<SpeechChunk>()

  constructor(opts: RunAheadOptions) {
    this.#opts = opts
    this.#unitPrice = opts.unitPriceVndPer1M
  }

  get heardIndex(): number {
    return this.#heard
  }

  /** The price the limit is checked with: the model list's, else the one learned; null before either. */
  get unitPriceVndPer1M(): number | null {
    return this.#unitPrice
  }

  /** The listener reached chunk `index` (a skip back lowers it). */
  heard(index: number): void {
    this.#heard = index
    this.#wakeAll()
  }

  /** A chunk sent by this reading has its answer and its cost: the price may be known from it now. */
  answered(chunk: SpeechChunk): void {
    const free = this.#sent.get(chunk)
    if (this.#unitPrice === null && free !== undefined && chunk.costVnd !== null && chunk.costVnd > 0) {
      const billed = chunk.chars - free
      if (billed > 0) this.#unitPrice = (chunk.costVnd * CHARS_PER_PRICE_UNIT) / billed
    }
    this.#wakeAll()
  }

  /**
   * Waits until the chunk is within reach of the listener, and with a limit and no price, until every
   * chunk sent has told its cost; `limit` when sending it would pass the limit.
   */
  readonly admit = async (chunk: SpeechChunk, signal: AbortSignal): Promise<'go' | 'limit'> => {
    const ahead = this.#opts.ahead ?? AHEAD_CHUNKS
    this.#waiting.add(chunk)
    try {
      while (
        (chunk.index > this.#heard + ahead || this.#pricing() || this.#earlierWaiting(chunk)) &&
        !signal.aborted
      ) {
        await new Promise<void>((resolve) => {
          this.#wake.push(resolve)
          signal.addEventListener('abort', () => resolve(), { once: true })
        })
      }
    } finally {
      this.#waiting.delete(chunk)
    }
    const free = this.#freeLeft()
    const { limitVnd } = this.#opts
    if (limitVnd !== null && this.committedVnd() + (this.#priceOf(chunk, free) ?? 0) > limitVnd)
      return 'limit'
    this.#sent.set(chunk, Math.min(free, chunk.chars))
    // The next chunk in line may be waiting on this one, or on the price this one did not need.
    this.#wakeAll()
    return 'go'
  }

  /**
   * The document's cost once everything sent so far is paid: earlier readings, then each chunk of this one
   * at what it cost, or its price while its answer is on the way.
   */
  committedVnd(): number {
    let vnd = this.#opts.spentBeforeVnd
    for (const [c, free] of this.#sent) vnd += c.costVnd ?? this.#priceOf(c, free) ?? 0
    return vnd
  }

  /**
   * A limit is set, the price is not known and a chunk sent has not told its cost: the next chunk's price
   * cannot be counted, so it waits, and the limit is passed by no more than the first chunk sent blind.
   */
  #pricing(): boolean {
    if (this.#opts.limitVnd === null || this.#unitPrice !== null) return false
    for (const c of this.#sent.keys()) if (c.costVnd === null) return true
    return false
  }

  #earlierWaiting(chunk: SpeechChunk): boolean {
    for (const c of this.#waiting) if (c.index < chunk.index) return true
    return false
  }

  #priceOf(chunk: SpeechChunk, freeChars: number): number | null {
    return estimateCostVnd(chunk.text, this.#unitPrice, freeChars)
  }

  /** What is left of the free allowance once the chunks sent are counted against it. */
  #freeLeft(): number {
    let left = this.#opts.freeCharsLeft ?? 0
    for (const c of this.#sent.keys()) left -= c.chars
    return Math.max(0, left)
  }

  #wakeAll(): void {
    for (const wake of this.#wake.splice(0)) wake()
  }
}
