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

/** Whole percent left, never rounded up: 99.8 % left reads 99 %, so "100 %" only ever means untouched. */
export function percentLeft(pool: QuotaPool): number {
  return Math.floor(remainingShare(pool) * 100)
}

/** `value` cut down (never up) to `digits` significant digits. */
export function floorToSignificant(value: number, digits: number): number {
  if (!(value > 0)) return 0
  const step = 10 ** (Math.floor(Math.log10(value)) - digits + 1)
  return Math.floor(value / step + 1e-9) * step
}

/** The most digits a short pool figure needs: past this the exact number is as short. */
const MAX_POOL_DIGITS = 6

/**
 * How many significant digits the short "left" and "total" need to agree with the percent beside them:
 * with two, 2,468,000 of 2,500,000 reads "2.4M of 2.5M" beside 98 %, which the reader checks as 96 %;
 * three give "2.46M", and 2,496,000 left needs four so "left" does not read as the whole pool.
 */
export function poolDigits(pool: QuotaPool): number {
  const total = pool.totalQuota
  const left = Math.max(0, Math.min(pool.remaining, total))
  if (!(total > 0)) return 2
  const percent = percentLeft(pool)
  for (let digits = 2; digits < MAX_POOL_DIGITS; digits++) {
    const shownLeft = floorToSignificant(left, digits)
    const shownTotal = floorToSignificant(total, digits)
    const agrees = shownTotal > 0 && Math.floor((shownLeft / shownTotal) * 100) === percent
    const tellsApart = left === total || shownLeft !== shownTotal
    if (agrees && tellsApart) return digits
  }
  return MAX_POOL_DIGITS
}
