// Seeded usage history: ordered, consistent records priced from the catalog, on the days asked for.
import { describe, expect, it } from 'vitest'
import { generateUsageHistory } from '../../../main/demo/accounts/usage-history'
import { createRng } from '../../../main/demo/core/rng'

const NOW = Date.parse('2026-11-20T10:00:00.000Z')

describe('usage history', () => {
  const records = generateUsageHistory(createRng(1, 'h'), {
    plan: 'ADVANCED_PLUS',
    requestsPerDay: 30,
    days: 90,
    nowMs: NOW,
  })

  it('is deterministic per seed', () => {
    const again = generateUsageHistory(createRng(1, 'h'), {
      plan: 'ADVANCED_PLUS',
      requestsPerDay: 30,
      days: 90,
      nowMs: NOW,
    })
    expect(again).toEqual(records)
  })

  it('is newest first, within the 90 days, never in the future', () => {
    for (let i = 1; i < records.length; i++) expect(records[i - 1]!.date >= records[i]!.date).toBe(true)
    const oldest = Date.parse(records.at(-1)!.date)
    expect(NOW - oldest).toBeLessThanOrEqual(91 * 86_400_000)
    for (const r of records) {
      expect(Date.parse(r.date)).toBeLessThan(NOW)
      expect(Date.parse(r.completedAt)).toBeLessThanOrEqual(NOW)
    }
  })

  it('keeps each record internally consistent', () => {
    for (const r of records) {
      expect(r.totalTokens).toBe(r.inputTokens + r.outputTokens)
      expect(r.cacheHitTokens).toBeLessThanOrEqual(r.inputTokens)
      expect(r.reasoningTokens).toBeLessThanOrEqual(r.outputTokens)
      expect(r.costVND).toBeCloseTo(r.costBeforeDiscount * (1 - r.discountPercent / 100), 1)
      if (r.keySource.startsWith('POOL')) expect(r.costVND).toBe(0)
    }
  })

  it('gives FREE accounts no pooled requests', () => {
    const free = generateUsageHistory(createRng(2, 'h'), {
      plan: 'FREE',
      requestsPerDay: 20,
      days: 30,
      nowMs: NOW,
    })
    expect(free.some((r) => r.keySource.startsWith('POOL'))).toBe(false)
  })
})
