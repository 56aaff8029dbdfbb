// The two pooled free-quota sources (`/cliproxy-quota`): a few upstream accounts per pool, whose use in
// the current window is what the account's POOL_A / POOL_B requests consumed in the last 24 hours.
import type { DemoAccount, PlanCode, UsageRecord } from '../context'
import { createRng, randomString } from '../core/rng'

export const POOL_WINDOW_MS = 24 * 3600_000

const TIER_QUOTA: Record<string, number> = { free: 500_000, pro: 2_000_000, max: 10_000_000 }

/** How many upstream accounts each pool lends, by plan. */
const POOL_SIZES: Record<PlanCode, { pool_a: string[]; pool_b: string[] }> = {
  FREE: { pool_a: [], pool_b: [] },
  BASIC: { pool_a: ['pro'], pool_b: ['free'] },
  ADVANCED_PLUS: { pool_a: ['max', 'pro', 'pro'], pool_b: ['pro', 'free'] },
  ULTRA: { pool_a: ['max', 'max', 'pro', 'pro', 'pro'], pool_b: ['max', 'pro', 'pro', 'free'] },
}

function poolView(
  seed: number,
  account: DemoAccount,
  pool: 'pool_a' | 'pool_b',
  tiers: string[],
  usedInWindow: number,
) {
  const rng = createRng(seed, `${pool}:${account.id}`)
  let left = usedInWindow
  const emails = tiers.map((tier, i) => {
    const quota = TIER_QUOTA[tier] ?? 0
    // Upstream accounts are drawn in order: the first fills before the next is used.
    const used = Math.min(quota, left)
    left -= used
    const letter = pool === 'pool_a' ? 'a' : 'b'
    return {
      email: `loa.pool${letter}${String(i + 1).padStart(2, '0')}.${randomString(rng, 4).toLowerCase()}@gmail.com`,
      tier,
      quota,
      used,
    }
  })
  const totalQuota = emails.reduce((s, e) => s + e.quota, 0)
  const used = Math.min(totalQuota, usedInWindow)
  return { totalQuota, usedInWindow: used, remaining: totalQuota - used, emails }
}

export function pooledQuota(
  seed: number,
  account: DemoAccount,
  records: readonly UsageRecord[],
  nowMs: number,
) {
  const since = nowMs - POOL_WINDOW_MS
  let usedA = 0
  let usedB = 0
  for (const r of records) {
    if (Date.parse(r.date) < since) break
    if (r.keySource === 'POOL_A') usedA += r.totalTokens
    if (r.keySource === 'POOL_B') usedB += r.totalTokens
  }
  const sizes = POOL_SIZES[account.plan]
  return {
    pool_a: poolView(seed, account, 'pool_a', sizes.pool_a, usedA),
    pool_b: poolView(seed, account, 'pool_b', sizes.pool_b, usedB),
  }
}
