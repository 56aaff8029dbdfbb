// Time as the management client sees it, injectable so the budget, the cache and the tray's refresh policy
// can be driven through simulated minutes in a test or a benchmark.

export type TimerHandle = unknown

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

/** Wall-clock epoch milliseconds: for ages that must survive a restart (cache timestamps). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** Monotonic milliseconds: for rate windows, which must not stall when the wall clock is set back. */
export const monotonicClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

interface ManualTimer {
  id: number
  atMs: number
  fn: () => void
}

/**
 * Simulated time: nothing happens until `advance` moves it, and then every timer due on the way fires in
 * order, with pending promise callbacks settled between timers so async chains run as they would live.
 */
export class ManualClock implements Clock {
  #nowMs: number
  #nextId = 1
  #timers: ManualTimer[] = []

  constructor(startMs = 0) {
    this.#nowMs = startMs
  }

  now(): number {
    return this.#nowMs
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = { id: this.#nextId++, atMs: this.#nowMs + Math.max(0, ms), fn }
    this.#timers.push(timer)
    return timer.id
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle)
  }

  get pendingTimers(): number {
    return this.#timers.length
  }

  /** Moves time forward by `ms`, firing due timers (including ones scheduled while advancing). */
  async advance(ms: number): Promise<void> {
    const targetMs = this.#nowMs + ms
    await settle()
    for (;;) {
      const due = this.#timers
        .filter((t) => t.atMs <= targetMs)
        .sort((a, b) => a.atMs - b.atMs || a.id - b.id)[0]
      if (!due) break
      this.#timers = this.#timers.filter((t) => t !== due)
      this.#nowMs = Math.max(this.#nowMs, due.atMs)
      due.fn()
      await settle()
    }
    this.#nowMs = targetMs
    await settle()
  }
}

/** Lets every queued promise callback run before simulated time moves on: a macrotask drains them all. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
