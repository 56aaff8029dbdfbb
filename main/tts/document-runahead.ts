// How far a document's synthesis runs ahead of the listener, and where it stops for money. A book is never
// charged up front: a chunk is sent only once the listener is within AHEAD_CHUNKS of it, and not at all when
// what the document has cost, with what this reading has sent, would pass the limit set for it.
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
  /** A chunk's price before it is sent; null when the model's price is unknown. */
  estimateVnd(chunk: SpeechChunk): number | null
  ahead?: number
}

export class RunAhead {
  readonly #opts: RunAheadOptions
  /** The chunk being heard; -1 before the first. */
  #heard = -1
  readonly #sent = new Set<SpeechChunk>()
  #wake: Array<() => void> = []

  constructor(opts: RunAheadOptions) {
    this.#opts = opts
  }

  get heardIndex(): number {
    return this.#heard
  }

  /** The listener reached chunk `index` (a skip back lowers it). */
  heard(index: number): void {
    this.#heard = index
    for (const wake of this.#wake.splice(0)) wake()
  }

  /** Waits until the chunk is within reach of the listener; `limit` when sending it would pass the limit. */
  readonly admit = async (chunk: SpeechChunk, signal: AbortSignal): Promise<'go' | 'limit'> => {
    const ahead = this.#opts.ahead ?? AHEAD_CHUNKS
    while (chunk.index > this.#heard + ahead && !signal.aborted) {
      await new Promise<void>((resolve) => {
        this.#wake.push(resolve)
        signal.addEventListener('abort', () => resolve(), { once: true })
      })
    }
    const { limitVnd } = this.#opts
    if (limitVnd !== null && this.committedVnd() + (this.#opts.estimateVnd(chunk) ?? 0) > limitVnd)
      return 'limit'
    this.#sent.add(chunk)
    return 'go'
  }

  /**
   * The document's cost once everything sent so far is paid: earlier readings, then each chunk of this one
   * at what it cost, or its price while its answer is on the way. With the price unknown, only what the
   * service answered counts, so the limit is checked one chunk late.
   */
  committedVnd(): number {
    let vnd = this.#opts.spentBeforeVnd
    for (const c of this.#sent) vnd += c.costVnd ?? this.#opts.estimateVnd(c) ?? 0
    return vnd
  }
}
