// The service clock: scaled time, forward jumps, scaled timers, and waits announced in real seconds.
import { afterEach, describe, expect, it } from 'vitest'
import { createClock, retryAfterSeconds, type ServiceClock } from '../../../main/demo/core/clock'

describe('service clock', () => {
  let clock: ServiceClock | undefined
  afterEach(() => clock?.dispose())

  it('starts at the given epoch and runs timeScale times faster than the wall clock', async () => {
    clock = createClock(100, 1_000_000)
    const t0 = clock.now()
    expect(t0).toBeGreaterThanOrEqual(1_000_000)
    await new Promise((r) => setTimeout(r, 50))
    expect(clock.now() - t0).toBeGreaterThanOrEqual(50 * 100 * 0.9)
  })

  it('jumps forward on advance() and refuses to go back', () => {
    clock = createClock(1, 0)
    const t0 = clock.now()
    clock.advance(72 * 3600_000)
    expect(clock.now() - t0).toBeGreaterThanOrEqual(72 * 3600_000)
    expect(() => clock!.advance(-1)).toThrow(RangeError)
  })

  it('fires a service-time timer after the scaled real delay', async () => {
    clock = createClock(1000)
    const fired = await new Promise<boolean>((resolve) => {
      clock!.setTimeout(() => resolve(true), 60_000) // one service minute = 60 real ms
      setTimeout(() => resolve(false), 5_000)
    })
    expect(fired).toBe(true)
  })

  it('dispose() cancels pending timers', async () => {
    clock = createClock(1)
    let fired = false
    clock.setTimeout(() => (fired = true), 20)
    clock.setInterval(() => (fired = true), 20)
    clock.dispose()
    await new Promise((r) => setTimeout(r, 60))
    expect(fired).toBe(false)
  })

  it('announces waits in real seconds, rounded up, at least one', () => {
    expect(retryAfterSeconds(createClock(1), 59_001)).toBe(60)
    expect(retryAfterSeconds(createClock(1), 1)).toBe(1)
    expect(retryAfterSeconds(createClock(120), 60_000)).toBe(1)
    expect(retryAfterSeconds(createClock(60), 300_000)).toBe(5)
  })

  it('rejects a time scale that is not a positive number', () => {
    expect(() => createClock(0)).toThrow(RangeError)
    expect(() => createClock(Number.NaN)).toThrow(RangeError)
  })
})
