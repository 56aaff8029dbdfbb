// get_pool_quota: the pooled quota of the last 24 hours, per pool, from /cliproxy-quota.
import { readTool } from './tool'

export const getPoolQuota = readTool(
  'get_pool_quota',
  "The user's pooled token quota per pool in the rolling last 24 hours: total, used and remaining.",
  async (deps) => {
    const quota = await deps.management().quota({ priority: 'foreground' })
    const pools = Object.entries(quota).map(([pool, p]) => ({
      pool,
      totalTokens: p.totalQuota,
      usedTokens: p.usedInWindow,
      remainingTokens: p.remaining,
    }))
    return { pools }
  },
)
