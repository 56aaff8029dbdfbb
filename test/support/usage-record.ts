// One `/usage` record with every field the spec lists (management-api.md "Usage record"), for tests that
// only care about a few of them.
import type { UsageRecord } from '../../main/api/management/schemas/account'

let made = 0

export function usageRecord(patch: Partial<UsageRecord> = {}): UsageRecord {
  return {
    id: `usg_${made++}`,
    date: '2026-09-01T10:00:00.000Z',
    completedAt: null,
    model: 'veo-3',
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    cacheHitTokens: 0,
    reasoningTokens: 0,
    costVND: 0,
    costBeforeDiscount: 0,
    discountPercent: 0,
    keySource: 'PRIMARY',
    ...patch,
  }
}
