// Per-plan RPM/RPD of the TTS endpoint: over HTTP for the free model's minute budget, and on the limiter
// itself (with a hand-driven clock) for the day budget and the paid budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoClock } from '../../main/demo/context'
import type { DemoServer } from '../../main/demo/server'
import { FREE_MODEL_LIMITS, PAID_MODEL_LIMITS, TtsRateLimiter } from '../../main/demo/tts/rate-limits'
import { advanceClock, call, envelope, startServer } from './helpers'

function manualClock(): DemoClock & { tick(ms: number): void } {
  let now = 1_800_000_000_000
  return {
    timeScale: 1,
    now: () => now,
    tick: (ms) => (now += ms),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    setInterval: (fn, ms) => setInterval(fn, ms),
  }
}

describe('TTS rate limits over HTTP', () => {
  let server: DemoServer
  beforeAll(async () => {
    server = await startServer({ seed: 71 })
  })
  afterAll(() => server.close())

  it('a FREE account gets 10 free-model requests a minute, then 429 with Retry-After; paid models are separate', async () => {
    const speak = (i: number, model = 'google/translate-tts', voice = 'en') =>
      call(server, '/v1/audio/speech', { key: server.keys.free, body: { model, voice, input: `n ${i}` } })
    for (let i = 0; i < 10; i++) expect((await speak(i)).status, `request ${i + 1}`).toBe(200)
    const limited = await speak(10)
    expect(limited.status).toBe(429)
    expect(envelope(limited)).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await speak(11, 'google/standard', 'en-US-Standard-A')).status).toBe(200)
    await advanceClock(server, 60_000)
    expect((await speak(12)).status).toBe(200)
  })
})

describe('TtsRateLimiter', () => {
  it('holds the per-plan tables of the spec', () => {
    expect(FREE_MODEL_LIMITS).toEqual({
      FREE: { rpm: 10, rpd: 250 },
      BASIC: { rpm: 20, rpd: 1500 },
      ADVANCED_PLUS: { rpm: 40, rpd: 3000 },
      ULTRA: { rpm: 60, rpd: 5000 },
    })
    expect(Object.values(PAID_MODEL_LIMITS).map((l) => [l.rpm, l.rpd])).toEqual([
      [500, null],
      [1000, null],
      [2000, null],
      [5000, null],
    ])
  })

  it('stops a FREE account at 250 free-model requests a day, until the oldest is 24 h old', () => {
    const clock = manualClock()
    const limiter = new TtsRateLimiter(clock)
    for (let i = 0; i < 250; i++) {
      expect(limiter.admit('acct', 'FREE', true).ok, `request ${i + 1}`).toBe(true)
      clock.tick(61_000) // stay under the minute budget
    }
    const refused = limiter.admit('acct', 'FREE', true)
    expect(refused.ok).toBe(false)
    expect(refused.window).toBe('day')
    clock.tick(24 * 3600_000 - 250 * 61_000 + 1)
    expect(limiter.admit('acct', 'FREE', true).ok).toBe(true)
  })

  it('paid models allow the plan RPM with no daily cap, per account', () => {
    const clock = manualClock()
    const limiter = new TtsRateLimiter(clock)
    for (let i = 0; i < 500; i++) expect(limiter.admit('a', 'FREE', false).ok).toBe(true)
    const refused = limiter.admit('a', 'FREE', false)
    expect(refused).toMatchObject({ ok: false, window: 'minute' })
    expect(limiter.admit('b', 'FREE', false).ok).toBe(true)
    clock.tick(60_000)
    expect(limiter.admit('a', 'FREE', false).ok).toBe(true)
  })

  it('a request refused by the day window is not counted in the minute window', () => {
    const clock = manualClock()
    const limiter = new TtsRateLimiter(clock)
    for (let i = 0; i < 250; i++) {
      limiter.admit('x', 'FREE', true)
      clock.tick(61_000)
    }
    for (let i = 0; i < 20; i++) expect(limiter.admit('x', 'FREE', true).ok).toBe(false)
    clock.tick(24 * 3600_000)
    for (let i = 0; i < 10; i++) expect(limiter.admit('x', 'FREE', true).ok).toBe(true)
  })
})
