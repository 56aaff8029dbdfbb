// Keeps a reading's request starts under the plan's requests per minute (tts-api.md "Rate limits by
// plan"), so a long text does not run into 429s of its own making. Retries inside TtsClient are not
// counted here: they are rare, and the service's Retry-After already paces them.
import { UNKNOWN_INPUT_LIMIT_CHARS } from '../api/tts/input-limit'
import type { Sleep } from '../api/tts/tts-retry'

export interface Clock {
  now(): number
}

const WINDOW_MS = 60_000

const realClock: Clock = { now: () => Date.now() }

const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
  })

/** At most `rpm` starts in any 60 s window; `admit` waits for the oldest start to leave the window. */
export class RequestPacer {
  readonly #rpm: number | null
  readonly #clock: Clock
  readonly #sleep: Sleep
  readonly #startsMs: number[] = []

  constructor(rpm: number | null, clock: Clock = realClock, sleep: Sleep = realSleep) {
    if (rpm !== null && (!Number.isInteger(rpm) || rpm < 1)) {
      throw new RangeError(`rpm must be a positive integer or null; got ${rpm}.`)
    }
    this.#rpm = rpm
    this.#clock = clock
    this.#sleep = sleep
  }

  /**
   * Resolves when a request may start (and records it), or early when `signal` aborts. `onWait` hears
   * the epoch time it will start at whenever it has to wait for the window.
   */
  async admit(signal?: AbortSignal, onWait?: (untilMs: number) => void): Promise<void> {
    const rpm = this.#rpm
    if (rpm === null) return
    for (;;) {
      if (signal?.aborted) return
      const nowMs = this.#clock.now()
      while (this.#startsMs.length > 0 && (this.#startsMs[0] as number) <= nowMs - WINDOW_MS) {
        this.#startsMs.shift()
      }
      if (this.#startsMs.length < rpm) {
        this.#startsMs.push(nowMs)
        return
      }
      const waitMs = (this.#startsMs[0] as number) + WINDOW_MS - nowMs
      onWait?.(Date.now() + waitMs)
      await this.#sleep(waitMs, signal)
    }
  }
}

/**
 * The chunk size: the model's limit, or a smaller one the caller asks for; a model that states no limit
 * gets a conservative one (input-limit.ts), never a refusal to read.
 */
export function chunkLimitOf(modelMaxChars: number | null, requestedMaxChars: number | undefined): number {
  return Math.floor(Math.min(modelMaxChars ?? UNKNOWN_INPUT_LIMIT_CHARS, requestedMaxChars ?? Infinity))
}
