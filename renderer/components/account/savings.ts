// Where the money saved came from, one row per source, in the order the popup lists them.
import type { Savings } from './shapes'

export type SavingsSourceId = 'pool_a' | 'pool_b' | 'cacheHit' | 'discount' | 'freeModels'

export interface SavingsSource {
  id: SavingsSourceId
  /** Null for free models: they cost nothing, so the service reports no amount saved. */
  savedVnd: number | null
  tokens: number
  /** Null where the service does not count requests (cache hits). */
  requests: number | null
}

export function savingsSources(s: Savings): SavingsSource[] {
  return [
    { id: 'pool_a', savedVnd: s.pool_a.savedVND, tokens: s.pool_a.tokens, requests: s.pool_a.requests },
    { id: 'pool_b', savedVnd: s.pool_b.savedVND, tokens: s.pool_b.tokens, requests: s.pool_b.requests },
    { id: 'cacheHit', savedVnd: s.cacheHit.savedVND, tokens: s.cacheHit.tokens, requests: null },
    {
      id: 'discount',
      savedVnd: s.discount.savedVND,
      tokens: s.discount.tokens,
      requests: s.discount.requests,
    },
    { id: 'freeModels', savedVnd: null, tokens: s.freeModels.tokens, requests: s.freeModels.requests },
  ]
}

/** Each source's share of the amount saved, in [0, 1], for the stacked bar; free models have no amount. */
export function savedShares(sources: readonly SavingsSource[]): Map<SavingsSourceId, number> {
  const total = sources.reduce((sum, s) => sum + Math.max(0, s.savedVnd ?? 0), 0)
  return new Map(sources.map((s) => [s.id, total > 0 ? Math.max(0, s.savedVnd ?? 0) / total : 0]))
}
