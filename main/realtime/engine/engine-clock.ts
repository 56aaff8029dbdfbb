// Time as the realtime engine sees it. Injected so that tests can step it and the bench can run a long
// session against a time-scaled demo service: pacing, idle and reconnect deadlines, and the cost
// estimate must all run on the service's time for the figures to mean anything.

export type TimerHandle = unknown

export interface EngineClock {
  /** Milliseconds on a monotonic scale; only differences are meaningful. */
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

export const systemClock: EngineClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** A clock that runs `factor` times faster than real time, to match a demo service started with that time scale. */
export function scaledClock(factor: number): EngineClock {
  const start = performance.now()
  return {
    now: () => start + (performance.now() - start) * factor,
    setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms / factor)),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  }
}

/** One timer that can be re-armed; arming again replaces the previous deadline. */
export class Timer {
  #handle: TimerHandle | null = null

  constructor(private readonly clock: EngineClock) {}

  get armed(): boolean {
    return this.#handle !== null
  }

  arm(ms: number, fn: () => void): void {
    this.cancel()
    this.#handle = this.clock.setTimeout(() => {
      this.#handle = null
      fn()
    }, ms)
  }

  cancel(): void {
    if (this.#handle === null) return
    this.clock.clearTimeout(this.#handle)
    this.#handle = null
  }
}
