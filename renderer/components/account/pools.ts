// The pooled free quota as the popup lists it: the two pools the spec names, in order, each with the share
// still left in the rolling window.
import type { PooledQuota, QuotaPool } from './shapes'

export type PoolName = 'pool_a' | 'pool_b'

export const POOL_NAMES: readonly PoolName[] = ['pool_a', 'pool_b']

/** Remaining over total, in [0, 1]; a pool with no quota has nothing left. */
export function remainingShare(pool: QuotaPool): number {
  if (!(pool.totalQuota > 0)) return 0
  return Math.min(1, Math.max(0, pool.remaining / pool.totalQuota))
}

/** FREE accounts get empty pools: nothing to draw, one line says so instead. */
export function hasPooledQuota(quota: PooledQuota): boolean {
  return POOL_NAMES.some((name) => quota[name].totalQuota > 0 || quota[name].emails.length > 0)
}
