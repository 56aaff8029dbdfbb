// Service time: the demo's own clock, which can run faster than the wall clock so that 60-second billing
// windows, idle timeouts and 72-hour retention can be exercised in a test of a few seconds.
import type { DemoClock } from '../context'

export interface ServiceClock extends DemoClock {
  /** Jumps service time forward. Timers already scheduled keep their real-time deadline. */
  advance(serviceMs: number): void
  /** Clears every timer this clock scheduled and has not yet fired. */
  dispose(): void
}

export function createClock(timeScale = 1, startEpochMs = Date.now()): ServiceClock {
  if (!(timeScale > 0) || !Number.isFinite(timeScale))
    throw new RangeError(`timeScale must be > 0, got ${timeScale}`)
  const realStart = performance.now()
  let offsetMs = 0
  const timers = new Set<NodeJS.Timeout>()
  const realDelayMs = (serviceMs: number) => Math.max(0, serviceMs / timeScale)

  return {
    timeScale,
    now: () => Math.floor(startEpochMs + offsetMs + (performance.now() - realStart) * timeScale),
    setTimeout(fn, serviceMs) {
      const handle = setTimeout(() => {
        timers.delete(handle)
        fn()
      }, realDelayMs(serviceMs))
      timers.add(handle)
      return handle
    },
    setInterval(fn, serviceMs) {
      const handle = setInterval(fn, Math.max(1, realDelayMs(serviceMs)))
      timers.add(handle)
      return handle
    },
    advance(serviceMs) {
      if (serviceMs < 0) throw new RangeError('The service clock only moves forward.')
      offsetMs += serviceMs
    },
    dispose() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}

/** A wait announced to clients in real seconds: service time divided by the time scale, at least 1 s. */
export function retryAfterSeconds(clock: DemoClock, serviceMs: number): number {
  return Math.max(1, Math.ceil(serviceMs / clock.timeScale / 1000))
}
