// `loa status`: the account at a glance: who, balance, plan and expiry, pooled free quota, savings, and
// what the last 7 calendar days cost (management-api.md: /me, /usage/stats, /usage/daily, /cliproxy-quota,
// /savings). The week is the sum of `/usage/daily?days=7`, as the app's popup and Usage window state it:
// the rolling 7 × 24 h of `/usage/stats` gives another sum at the same moment.
import type {
  Account,
  DailyUsage,
  PooledQuota,
  QuotaPool,
  Savings,
  UsageStats,
} from '../../api/management/index'
import { UsageError, type Verb } from '../verb'
import { DASH, daysUntil, formatCount, formatDate, formatPercent, formatVnd, plural } from '../format'
import { printResult, runManagementVerb } from '../management-verb'
import { renderFields, renderTable } from '../table'

/** Under this many days left the plan line carries a warning. */
export const PLAN_WARNING_DAYS = 7
/** The days the week line sums, as the app's popup does. */
const WEEK_DAYS = 7
/**
 * Beyond this an "expiry" is a placeholder, not a date: the service sends FREE plans 31 Dec 2099, and a
 * plan that truly ends in half a century is one without an end to whoever reads it (as in the app).
 */
const PLAN_NO_END_AFTER_MS = 50 * 365.25 * 86_400_000

export interface StatusReport {
  account: Account
  stats: UsageStats
  week: DailyUsage
  quota: PooledQuota
  savings: Savings
}

export const statusVerb: Verb = {
  name: 'status',
  summary: {
    en: 'account, balance, plan, pooled quota, savings and the last 7 calendar days',
    vi: 'tài khoản, số dư, gói, hạn mức dùng chung, tiền tiết kiệm và 7 ngày lịch gần nhất',
  },
  usage: 'loa status [--json]',
  help: {
    en: `Shows the account behind the key: name and e-mail, balance (total, real, bonus), plan and expiry,
the pooled free quota, money saved, and the spend and tokens of the last 7 calendar days (the sum of\n/usage/daily, as the app's popup shows it).

Reseller and internal accounts cannot read Account & Usage: loa status says so and exits 3.
With --json, prints {"account", "stats", "week", "quota", "savings"} as the service sent them ("week"\nis /usage/daily?days=7).`,
    vi: `Hiện tài khoản ứng với khóa: tên và e-mail, số dư (tổng, tiền thật, tiền thưởng), gói và ngày hết hạn,
hạn mức miễn phí dùng chung, tiền đã tiết kiệm, cùng chi tiêu và số token của 7 ngày lịch gần nhất (tổng
của /usage/daily, như cửa sổ nhỏ của ứng dụng hiện).

Tài khoản đại lý và tài khoản nội bộ không đọc được Account & Usage: loa status nói rõ điều đó và thoát
với mã 3.
Với --json, in {"account", "stats", "week", "quota", "savings"} đúng như dịch vụ gửi ("week" là
/usage/daily?days=7).`,
  },
  options: {},
  async run(ctx) {
    if (ctx.positionals.length > 0) throw new UsageError(`unexpected argument '${ctx.positionals[0]}'.`)
    return runManagementVerb(ctx, 'status', async (client) => {
      // All five at once: the client's budget queues them, and one failure decides the exit code.
      const [account, stats, week, quota, savings] = await settleAll([
        client.me(),
        client.usageStats(),
        client.usageDaily({ days: WEEK_DAYS }),
        client.quota(),
        client.savings(),
      ] as const)
      const report: StatusReport = { account, stats, week, quota, savings }
      await printResult(ctx, report, () => renderStatus(report, Date.now()))
    })
  },
}

/** Like Promise.all, but waits for every call, so nothing is still running when the first failure is reported. */
async function settleAll<T extends readonly unknown[]>(calls: { [K in keyof T]: Promise<T[K]> }): Promise<{
  [K in keyof T]: T[K]
}> {
  const results = await Promise.allSettled(calls)
  const failed = results.find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: T[K] }
}

export function renderStatus(report: StatusReport, nowMs: number): string {
  const { account, stats, week, quota, savings } = report
  const { balance } = account
  const fields: [string, string][] = [
    ['Account', `${account.name} <${account.email}>`],
    [
      'Balance',
      `${formatVnd(balance.totalVND)} (real ${formatVnd(balance.realVND)}, bonus ${formatVnd(balance.bonusVND)})`,
    ],
    ['Plan', planLine(account, nowMs)],
  ]
  const warning = planWarning(account.planExpiresAt, nowMs)
  if (warning) fields.push(['Warning', warning])
  fields.push(
    ['Last 7 calendar days', weekLine(week)],
    [
      'All time',
      `${formatVnd(stats.totalCostVND)} spent, ${plural(stats.totalTokens, 'token')}, ` +
        plural(stats.totalRequests, 'request'),
    ],
  )
  return [renderFields(fields), renderPools(quota), renderSavings(savings)].join('\n')
}

function planLine(account: Account, nowMs: number): string {
  const expiresAt = endOf(account.planExpiresAt, nowMs)
  if (expiresAt === null) return `${account.plan}, no end date`
  const date = formatDate(new Date(expiresAt))
  if (Date.parse(expiresAt) <= nowMs) return `${account.plan}, expired on ${date}`
  const days = daysUntil(expiresAt, nowMs)
  const left = days === 0 ? 'less than a day left' : `${plural(days, 'day')} left`
  return `${account.plan}, expires ${date} (${left})`
}

function weekLine(week: DailyUsage): string {
  let costVnd = 0
  let tokens = 0
  for (const day of week.data) {
    costVnd += day.totalCostVND
    tokens += day.totalTokens
  }
  return `${formatVnd(costVnd)} spent, ${plural(tokens, 'token')}`
}

/** The plan's end, or null when it has none: missing, unreadable, or a placeholder far ahead. */
function endOf(expiresAt: string | null | undefined, nowMs: number): string | null {
  if (expiresAt === null || expiresAt === undefined) return null
  const leftMs = Date.parse(expiresAt) - nowMs
  return Number.isFinite(leftMs) && leftMs <= PLAN_NO_END_AFTER_MS ? expiresAt : null
}

function planWarning(planExpiresAt: string | null | undefined, nowMs: number): string | null {
  const expiresAt = endOf(planExpiresAt, nowMs)
  if (expiresAt === null) return null
  const msLeft = Date.parse(expiresAt) - nowMs
  if (msLeft <= 0) return 'the plan has expired: renew it to get its discounts back.'
  if (daysUntil(expiresAt, nowMs) < PLAN_WARNING_DAYS)
    return 'the plan expires within a week: renew it to keep its discounts.'
  return null
}

function renderPools(quota: PooledQuota): string {
  const pools: [string, QuotaPool][] = [
    ['pool_a', quota.pool_a],
    ['pool_b', quota.pool_b],
  ]
  const rows = pools.map(([name, p]) => [
    name,
    formatCount(p.remaining),
    formatCount(p.totalQuota),
    formatCount(p.usedInWindow),
    formatCount(p.emails.length),
  ])
  const columns = [
    { header: 'Pool' },
    { header: 'Remaining', align: 'right' as const },
    { header: 'Total', align: 'right' as const },
    { header: 'Used in window', align: 'right' as const },
    { header: 'E-mails', align: 'right' as const },
  ]
  return `Pooled free quota (tokens)\n${renderTable(columns, rows, { indent: '  ' })}`
}

function renderSavings(s: Savings): string {
  const rows = [
    ['Pool A', formatVnd(s.pool_a.savedVND), formatCount(s.pool_a.tokens), formatCount(s.pool_a.requests)],
    ['Pool B', formatVnd(s.pool_b.savedVND), formatCount(s.pool_b.tokens), formatCount(s.pool_b.requests)],
    ['Cache hits', formatVnd(s.cacheHit.savedVND), formatCount(s.cacheHit.tokens), DASH],
    [
      'Plan discount',
      formatVnd(s.discount.savedVND),
      formatCount(s.discount.tokens),
      formatCount(s.discount.requests),
    ],
    ['Free models', DASH, formatCount(s.freeModels.tokens), formatCount(s.freeModels.requests)],
  ]
  const columns = [
    { header: 'Source' },
    { header: 'Saved', align: 'right' as const },
    { header: 'Tokens', align: 'right' as const },
    { header: 'Requests', align: 'right' as const },
  ]
  const head =
    `Savings: ${formatVnd(s.totalSavedVND)} saved, ${formatPercent(s.savingsPercent)} of what it would have ` +
    `cost (spent ${formatVnd(s.totalSpentVND)})`
  return `${head}\n${renderTable(columns, rows, { indent: '  ' })}`
}
