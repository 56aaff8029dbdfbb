// get_spend: what the account spent today, in the last 7 days and this month, summed from the service's
// daily usage (its calendar days, Vietnam's time): the same week the popup and Usage show.
import { readTool } from './tool'

/** Enough days to reach back to the 1st of any month, and to cover a week. */
const DAYS = 31
const WEEK_DAYS = 7

export const getSpend = readTool(
  'get_spend',
  'What the user spent in VND today, in the last 7 days and this calendar month, with request counts.',
  async (deps) => {
    const { data } = await deps.management().usageDaily({ days: DAYS, priority: 'foreground' })
    const today = data.at(-1)
    if (!today) return { todayVnd: null, last7DaysVnd: null, monthVnd: null }
    const month = data.filter((d) => d.date.slice(0, 7) === today.date.slice(0, 7))
    const sum = (days: typeof data) => Math.round(days.reduce((s, d) => s + d.totalCostVND, 0) * 100) / 100
    return {
      today: today.date,
      todayVnd: today.totalCostVND,
      todayRequests: today.requestCount,
      last7DaysVnd: sum(data.slice(-WEEK_DAYS)),
      monthVnd: sum(month),
      monthRequests: month.reduce((s, d) => s + d.requestCount, 0),
    }
  },
)
