// The plan's speech limits as the spec's tables state them (tts-api.md "Rate limits by plan", "Stored audio").
import { describe, expect, it } from 'vitest'
import { retentionMs, speechRpm } from '../../main/tts/plan-limits'

const HOUR_MS = 3600_000

describe('speechRpm', () => {
  it.each([
    ['FREE', 10, 500],
    ['BASIC', 20, 1000],
    ['ADVANCED_PLUS', 40, 2000],
    ['ADVANCED+', 40, 2000],
    ['ULTRA', 60, 5000],
  ])('%s: %i/min on free models, %i/min on paid ones', (plan, free, paid) => {
    expect(speechRpm(plan, true)).toBe(free)
    expect(speechRpm(plan, false)).toBe(paid)
  })

  it('paces an unknown or missing plan as FREE, the lowest', () => {
    expect(speechRpm('ENTERPRISE', true)).toBe(10)
    expect(speechRpm(null, false)).toBe(500)
  })

  it("takes the model's own limit instead of the plan's default where the model states one", () => {
    expect(speechRpm('ADVANCED_PLUS', false, 30)).toBe(30)
    expect(speechRpm('FREE', true, 25)).toBe(25)
    expect(speechRpm(null, true, 100)).toBe(100)
    expect(speechRpm('ULTRA', false, null)).toBe(5000)
  })
})

describe('retentionMs', () => {
  it('keeps audio 24 h on FREE and 72 h on paid plans', () => {
    expect(retentionMs('FREE')).toBe(24 * HOUR_MS)
    expect(retentionMs(null)).toBe(24 * HOUR_MS)
    for (const plan of ['BASIC', 'ADVANCED_PLUS', 'ULTRA']) expect(retentionMs(plan)).toBe(72 * HOUR_MS)
  })
})
