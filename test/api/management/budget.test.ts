// The request budget on simulated time: window, priorities, coalescing, 429 pause and single retry.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../main/errors'
import { RequestBudget, type Priority } from '../../../main/api/management/budget'
import { ManualClock } from '../../../main/api/management/clock'

function setup(opts: { requestsPerWindow?: number; maxConcurrent?: number } = {}) {
  const clock = new ManualClock(1_000_000)
  const budget = new RequestBudget({ clock, windowMs: 60_000, ...opts })
  const started: { id: string; atMs: number }[] = []
  const run =
    (id: string, result: () => unknown = () => id) =>
    async () => {
      started.push({ id, atMs: clock.now() })
      return result()
    }
  return { clock, budget, started, run }
}

describe('request budget', () => {
  it('sends at most the window limit in any minute and lets the rest wait, not fail', async () => {
    const { clock, budget, started, run } = setup({ requestsPerWindow: 50 })
    const answers = Array.from({ length: 120 }, (_, i) =>
      budget.schedule(`r${i}`, 'background', run(`r${i}`)),
    )
    await clock.advance(0)
    expect(started).toHaveLength(50)
    await clock.advance(59_999)
    expect(started).toHaveLength(50)
    await clock.advance(1)
    expect(started).toHaveLength(100)
    await clock.advance(60_000)
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 120 }, (_, i) => `r${i}`))
    for (const s of started) {
      const inWindow = started.filter((o) => o.atMs > s.atMs - 60_000 && o.atMs <= s.atMs)
      expect(inWindow.length).toBeLessThanOrEqual(50)
    }
  })

  it('sends foreground before background before prefetch, first come first served within each', async () => {
    const { clock, budget, started, run } = setup({ requestsPerWindow: 1 })
    const order: [string, Priority][] = [
      ['blocker', 'background'],
      ['p1', 'prefetch'],
      ['b1', 'background'],
      ['f1', 'foreground'],
      ['b2', 'background'],
      ['f2', 'foreground'],
    ]
    const all = order.map(([id, priority]) => budget.schedule(id, priority, run(id)))
    await clock.advance(6 * 60_000)
    await Promise.all(all)
    expect(started.map((s) => s.id)).toEqual(['blocker', 'f1', 'f2', 'b1', 'b2', 'p1'])
  })

  it('coalesces identical requests in flight into one, and lifts a queued one to the higher priority', async () => {
    const { clock, budget, started, run } = setup({ requestsPerWindow: 1 })
    const slowAnswer = () => new Promise((resolve) => clock.setTimeout(() => resolve({ balance: 1 }), 1_000))
    const first = budget.schedule('/me', 'prefetch', run('/me', slowAnswer))
    const other = budget.schedule('/usage', 'background', run('/usage'))
    const queued = budget.schedule('/usage/stats', 'prefetch', run('/usage/stats'))
    const again = budget.schedule('/usage/stats', 'foreground', run('/usage/stats (second)'))
    await clock.advance(500)
    const twin = budget.schedule('/me', 'foreground', run('/me (second)'))
    await clock.advance(3 * 60_000)
    expect(await first).toEqual({ balance: 1 })
    expect(await twin).toBe(await first)
    expect(await queued).toBe('/usage/stats')
    expect(await again).toBe('/usage/stats')
    await other
    expect(started.map((s) => s.id)).toEqual(['/me', '/usage/stats', '/usage'])
    expect(budget.stats().coalesced).toBe(2)
  })

  it('a request finished is no longer coalesced: the next identical call goes out again', async () => {
    const { clock, budget, started, run } = setup()
    await budget.schedule('/me', 'foreground', run('/me'))
    await budget.schedule('/me', 'foreground', run('/me'))
    await clock.advance(0)
    expect(started).toHaveLength(2)
  })

  it('on a 429 pauses the whole budget for Retry-After and retries that request once', async () => {
    const { clock, budget, started, run } = setup()
    let calls = 0
    const limited = budget.schedule(
      '/savings',
      'foreground',
      run('/savings', () => {
        if (calls++ === 0) throw new AppError('rate_limit', 'slow down', { retryAfterMs: 7_000 })
        return 'saved'
      }),
    )
    await clock.advance(0)
    expect(budget.stats().pausedUntilMs).toBe(clock.now() + 7_000)
    const later = budget.schedule('/me', 'foreground', run('/me'))
    await clock.advance(6_999)
    expect(started.map((s) => s.id)).toEqual(['/savings'])
    await clock.advance(1)
    expect(await limited).toBe('saved')
    expect(await later).toBe('/me')
    expect(started.map((s) => s.id)).toEqual(['/savings', '/savings', '/me'])
    expect(budget.stats()).toMatchObject({ rateLimited: 1, pausedUntilMs: null })
  })

  it('gives up after the second 429 and hands its error over', async () => {
    const { clock, budget, run } = setup()
    const err = new AppError('rate_limit', 'slow down', { retryAfterMs: 2_000 })
    const result = budget
      .schedule(
        '/me',
        'foreground',
        run('/me', () => {
          throw err
        }),
      )
      .catch((e: unknown) => e)
    await clock.advance(5_000)
    expect(await result).toBe(err)
    expect(budget.stats().rateLimited).toBe(2)
  })

  it('passes other failures through without retrying', async () => {
    const { clock, budget, started, run } = setup()
    const result = budget
      .schedule(
        '/me',
        'foreground',
        run('/me', () => {
          throw new AppError('server', 'boom')
        }),
      )
      .catch((e: unknown) => e)
    await clock.advance(60_000)
    expect(await result).toMatchObject({ kind: 'server' })
    expect(started).toHaveLength(1)
  })

  it('keeps at most maxConcurrent requests in flight', async () => {
    const { clock, budget } = setup({ maxConcurrent: 2 })
    let inFlight = 0
    let peak = 0
    const slow = () => async () => {
      peak = Math.max(peak, ++inFlight)
      await new Promise<void>((resolve) => clock.setTimeout(resolve, 100))
      inFlight--
    }
    const all = Array.from({ length: 6 }, (_, i) => budget.schedule(`r${i}`, 'foreground', slow()))
    await clock.advance(1_000)
    await Promise.all(all)
    expect(peak).toBe(2)
  })

  it('rejects what is still queued when disposed', async () => {
    const { clock, budget, run } = setup({ requestsPerWindow: 1 })
    const sent = budget.schedule('a', 'foreground', run('a'))
    const waiting = budget.schedule('b', 'foreground', run('b')).catch((e: unknown) => e)
    await clock.advance(0)
    budget.dispose()
    expect(await sent).toBe('a')
    expect(await waiting).toMatchObject({ kind: 'internal' })
  })
})
