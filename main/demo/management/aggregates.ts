// Usage aggregates computed from the ledger on every call, so new charges show up at once.
import { roundVnd } from '../billing/money'
import { modelMeta } from '../catalog/model-meta'
import type { UsageRecord } from '../context'
import { vnDay, vnDayStart } from '../core/vn-time'

const DAY_MS = 86_400_000

/** `days` Vietnamese calendar days ending today, oldest first, days without requests included as zeros. */
export function dailyUsage(records: readonly UsageRecord[], days: number, nowMs: number) {
  const firstDayMs = vnDayStart(nowMs, days - 1)
  const buckets = new Map<
    string,
    { date: string; totalTokens: number; totalCostVND: number; requestCount: number }
  >()
  for (let i = days - 1; i >= 0; i--) {
    const date = vnDay(vnDayStart(nowMs, i))
    buckets.set(date, { date, totalTokens: 0, totalCostVND: 0, requestCount: 0 })
  }
  for (const r of records) {
    const sent = Date.parse(r.date)
    if (sent < firstDayMs) break // records are newest first
    const bucket = buckets.get(vnDay(sent))
    if (!bucket) continue
    bucket.totalTokens += r.totalTokens
    bucket.totalCostVND += r.costVND
    bucket.requestCount += 1
  }
  return [...buckets.values()].map((b) => ({ ...b, totalCostVND: roundVnd(b.totalCostVND) }))
}

/** One item per model used, most expensive first. */
export function usageByModel(records: readonly UsageRecord[]) {
  const byModel = new Map<string, { totalTokens: number; totalCostVND: number; requestCount: number }>()
  for (const r of records) {
    const m = byModel.get(r.model) ?? { totalTokens: 0, totalCostVND: 0, requestCount: 0 }
    m.totalTokens += r.totalTokens
    m.totalCostVND += r.costVND
    m.requestCount += 1
    byModel.set(r.model, m)
  }
  return [...byModel.entries()]
    .map(([model, m]) => {
      const meta = modelMeta(model)
      return {
        modelId: meta.recordId,
        modelName: meta.name,
        provider: meta.provider,
        totalTokens: m.totalTokens,
        totalCostVND: roundVnd(m.totalCostVND),
        requestCount: m.requestCount,
      }
    })
    .sort((a, b) => b.totalCostVND - a.totalCostVND || b.requestCount - a.requestCount)
}

/** All-time totals and the rolling last 7 × 24 hours. */
export function usageStats(records: readonly UsageRecord[], nowMs: number) {
  let totalTokens = 0
  let totalCostVND = 0
  let last7DaysTokens = 0
  let last7DaysCostVND = 0
  const since = nowMs - 7 * DAY_MS
  for (const r of records) {
    totalTokens += r.totalTokens
    totalCostVND += r.costVND
    if (Date.parse(r.date) >= since) {
      last7DaysTokens += r.totalTokens
      last7DaysCostVND += r.costVND
    }
  }
  return {
    totalRequests: records.length,
    totalTokens,
    totalCostVND: roundVnd(totalCostVND),
    last7DaysTokens,
    last7DaysCostVND: roundVnd(last7DaysCostVND),
  }
}
