// Classic's monthly free characters, from the account's usage history.
import { describe, expect, it } from 'vitest'
import { usageRecord } from '../support/usage-record'
import { charsUsedThisMonth, freeCharsLeft, vnMonthOf } from '../../main/tts/free-allowance'

const NOW = Date.parse('2026-11-25T10:00:00Z')
const rec = (date: string, model: string, chars: number) =>
  usageRecord({ date, completedAt: date, model, inputTokens: chars, totalTokens: chars })

describe('the free allowance', () => {
  it("takes the month in Vietnam's time", () => {
    expect(vnMonthOf(Date.parse('2026-10-31T17:30:00Z'))).toBe('2026-11')
    expect(vnMonthOf(Date.parse('2026-10-31T16:30:00Z'))).toBe('2026-10')
  })

  it("sums this month's characters of the model, and nothing else", () => {
    const records = [
      rec('2026-11-24T00:00:00Z', 'google/standard', 1_000),
      rec('2026-11-20T00:00:00Z', 'openai/tts-1', 500),
      rec('2026-11-02T00:00:00Z', 'google/standard', 2_500),
      rec('2026-10-30T00:00:00Z', 'google/standard', 9_999),
    ]
    expect(charsUsedThisMonth({ records, total: 4 }, 'google/standard', NOW)).toBe(3_500)
    // More records exist, but the oldest returned is last month's: nothing of this month is missing.
    expect(charsUsedThisMonth({ records, total: 900 }, 'google/standard', NOW)).toBe(3_500)
  })

  it('cannot tell when the page ends inside this month and more records exist', () => {
    const records = [rec('2026-11-24T00:00:00Z', 'google/standard', 1_000)]
    expect(charsUsedThisMonth({ records, total: 201 }, 'google/standard', NOW)).toBeNull()
  })

  it('leaves what the month has not used, never below zero', () => {
    expect(freeCharsLeft(4_000_000, 3_500)).toBe(3_996_500)
    expect(freeCharsLeft(4_000_000, 5_000_000)).toBe(0)
    expect(freeCharsLeft(4_000_000, null)).toBeNull()
    expect(freeCharsLeft(0, null)).toBe(0)
  })
})
