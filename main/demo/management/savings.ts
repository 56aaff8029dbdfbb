// What the account saved, recomputed at most every 5 minutes of service time (the spec's cache).
import { applyDiscount, roundVnd, usdToVnd } from '../billing/money'
import { TEXT_MODELS } from '../catalog/text-models'
import type { UsageRecord } from '../context'

export const SAVINGS_CACHE_MS = 5 * 60_000

const POOLS = { POOL_A: 'pool_a', POOL_B: 'pool_b' } as const

export function computeSavings(records: readonly UsageRecord[]) {
  const pool = {
    pool_a: { tokens: 0, savedVND: 0, requests: 0 },
    pool_b: { tokens: 0, savedVND: 0, requests: 0 },
  }
  const cacheHit = { tokens: 0, savedVND: 0 }
  const discount = { tokens: 0, savedVND: 0, requests: 0 }
  const freeModels = { tokens: 0, requests: 0 }
  let spent = 0
  for (const r of records) {
    spent += r.costVND
    const poolName = POOLS[r.keySource as keyof typeof POOLS]
    if (poolName) {
      const p = pool[poolName]
      p.tokens += r.totalTokens
      p.savedVND += r.costBeforeDiscount
      p.requests += 1
      continue
    }
    if (r.costBeforeDiscount === 0) {
      freeModels.tokens += r.totalTokens
      freeModels.requests += 1
      continue
    }
    if (r.discountPercent > 0) {
      discount.tokens += r.totalTokens
      discount.savedVND += r.costBeforeDiscount - r.costVND
      discount.requests += 1
    }
    const text = r.cacheHitTokens > 0 ? TEXT_MODELS.find((m) => m.model_id === r.model) : undefined
    if (text && text.pricing.cache_read !== null) {
      const perTokenUsd = (text.pricing.input - text.pricing.cache_read) / 1e6
      cacheHit.tokens += r.cacheHitTokens
      cacheHit.savedVND += applyDiscount(usdToVnd(r.cacheHitTokens * perTokenUsd), r.discountPercent)
    }
  }
  const saved = pool.pool_a.savedVND + pool.pool_b.savedVND + cacheHit.savedVND + discount.savedVND
  const original = saved + spent
  return {
    pool_a: { ...pool.pool_a, savedVND: roundVnd(pool.pool_a.savedVND) },
    pool_b: { ...pool.pool_b, savedVND: roundVnd(pool.pool_b.savedVND) },
    cacheHit: { tokens: cacheHit.tokens, savedVND: roundVnd(cacheHit.savedVND) },
    discount: { ...discount, savedVND: roundVnd(discount.savedVND) },
    freeModels,
    totalSavedVND: roundVnd(saved),
    totalSpentVND: roundVnd(spent),
    savingsPercent: original > 0 ? Math.round((saved / original) * 10_000) / 100 : 0,
  }
}

export type Savings = ReturnType<typeof computeSavings>

/** Per-account cache keyed on service time. */
export class SavingsCache {
  private readonly entries = new Map<string, { computedAtMs: number; value: Savings }>()

  get(accountId: string, nowMs: number, compute: () => Savings): Savings {
    const hit = this.entries.get(accountId)
    if (hit && nowMs - hit.computedAtMs < SAVINGS_CACHE_MS) return hit.value
    const value = compute()
    this.entries.set(accountId, { computedAtMs: nowMs, value })
    return value
  }
}
