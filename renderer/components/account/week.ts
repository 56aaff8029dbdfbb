// The week as the popup and the Usage window both state it: the sums of `/usage/daily?days=7`, seven
// calendar days. `/usage/stats` has its own "last 7 days", a rolling 7 × 24 h that ends now and so gives
// another sum at the same moment; neither view shows that one, so the two never disagree.
import type { DailyUsage } from './shapes'

export interface WeekTotals {
  costVnd: number
  tokens: number
  requests: number
}

export function weekTotals(daily: DailyUsage): WeekTotals {
  return daily.data.reduce(
    (sum, d) => ({
      costVnd: sum.costVnd + d.totalCostVND,
      tokens: sum.tokens + d.totalTokens,
      requests: sum.requests + d.requestCount,
    }),
    { costVnd: 0, tokens: 0, requests: 0 },
  )
}
