// When to look for an update: at start, then once a day; after a failed check or a rejected download, sooner
// at first and then less often, so a feed that is down is not asked every minute nor forgotten for a day.

export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000
export const FIRST_RETRY_MS = 60 * 60 * 1000

/** Time as the scheduler sees it; tests drive it by hand. */
export interface Clock {
  now(): number
  /** Runs `run` after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms)
    // A pending check never keeps the process alive (the CLI, the harness, the tests).
    timer.unref?.()
    return () => clearTimeout(timer)
  },
}

/** The wait before the next check, after `failures` failed ones in a row (0 after a good one). */
export function nextCheckDelayMs(failures: number): number {
  if (failures <= 0) return CHECK_INTERVAL_MS
  return Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), CHECK_INTERVAL_MS)
}

export class CheckSchedule {
  readonly #clock: Clock
  readonly #check: () => Promise<boolean>
  #failures = 0
  #cancel: (() => void) | null = null
  #stopped = false

  /** `check` resolves true when it reached the feed and took what it offered, false when it failed. */
  constructor(clock: Clock, check: () => Promise<boolean>) {
    this.#clock = clock
    this.#check = check
  }

  /** Checks now, then keeps to the schedule until stopped. */
  start(): void {
    void this.#run()
  }

  stop(): void {
    this.#stopped = true
    this.#cancel?.()
    this.#cancel = null
  }

  async #run(): Promise<void> {
    if (this.#stopped) return
    const ok = await this.#check().catch(() => false)
    if (this.#stopped) return
    this.#failures = ok ? 0 : this.#failures + 1
    this.#cancel = this.#clock.after(nextCheckDelayMs(this.#failures), () => void this.#run())
  }
}
