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
import { noArguments, type Verb } from '../verb'
import type { Language } from '../../../preload/contract'
import { DASH, daysUntil, formatCount, formatDate, formatPercent, formatVnd } from '../format'
import { cliLanguage } from '../language'
import { printResult, runManagementVerb } from '../management-verb'
import { counted, STATUS_WORDS, UNITS } from '../output-words'
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
    noArguments(ctx.positionals)
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
      await printResult(ctx, report, () => renderStatus(report, Date.now(), cliLanguage(ctx.env)))
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

export function renderStatus(report: StatusReport, nowMs: number, language: Language = 'en'): string {
  const { account, stats, week, quota, savings } = report
  const { balance } = account
  const w = wordsIn(language)
  const fields: [string, string][] = [
    [w.account, `${account.name} <${account.email}>`],
    [
      w.balance,
      `${formatVnd(balance.totalVND)} (${w.real} ${formatVnd(balance.realVND)}, ${w.bonus} ${formatVnd(balance.bonusVND)})`,
    ],
    [w.plan, planLine(account, nowMs, language, w)],
  ]
  const warning = planWarning(account.planExpiresAt, nowMs)
  if (warning) fields.push([w.warning, w[warning]])
  fields.push(
    [w.week, weekLine(week, language)],
    [
      w.allTime,
      `${formatVnd(stats.totalCostVND)} ${w.spent}, ${counted(stats.totalTokens, UNITS.token, language)}, ` +
        counted(stats.totalRequests, UNITS.request, language),
    ],
  )
  return [renderFields(fields), renderPools(quota, w), renderSavings(savings, w)].join('\n')
}

type StatusWords = { [K in keyof typeof STATUS_WORDS]: string }

function wordsIn(language: Language): StatusWords {
  const entries = Object.entries(STATUS_WORDS).map(([k, v]) => [k, v[language]])
  return Object.fromEntries(entries) as StatusWords
}

function planLine(account: Account, nowMs: number, language: Language, w: StatusWords): string {
  const expiresAt = endOf(account.planExpiresAt, nowMs)
  if (expiresAt === null) return `${account.plan}, ${w.noEnd}`
  const date = formatDate(new Date(expiresAt))
  if (Date.parse(expiresAt) <= nowMs) return `${account.plan}, ${w.expiredOn} ${date}`
  const days = daysUntil(expiresAt, nowMs)
  const daysLeft =
    language === 'vi'
      ? `còn ${counted(days, UNITS.day, language)}`
      : `${counted(days, UNITS.day, language)} left`
  return `${account.plan}, ${w.expires} ${date} (${days === 0 ? w.lessThanADay : daysLeft})`
}

function weekLine(week: DailyUsage, language: Language): string {
  let costVnd = 0
  let tokens = 0
  for (const day of week.data) {
    costVnd += day.totalCostVND
    tokens += day.totalTokens
  }
  return `${formatVnd(costVnd)} ${STATUS_WORDS.spent[language]}, ${counted(tokens, UNITS.token, language)}`
}

/** The plan's end, or null when it has none: missing, unreadable, or a placeholder far ahead. */
function endOf(expiresAt: string | null | undefined, nowMs: number): string | null {
  if (expiresAt === null || expiresAt === undefined) return null
  const leftMs = Date.parse(expiresAt) - nowMs
  return Number.isFinite(leftMs) && leftMs <= PLAN_NO_END_AFTER_MS ? expiresAt : null
}

function planWarning(
  planExpiresAt: string | null | undefined,
  nowMs: number,
): 'expiredWarning' | 'expiringWarning' | null {
  const expiresAt = endOf(planExpiresAt, nowMs)
  if (expiresAt === null) return null
  const msLeft = Date.parse(expiresAt) - nowMs
  if (msLeft <= 0) return 'expiredWarning'
  if (daysUntil(expiresAt, nowMs) < PLAN_WARNING_DAYS) return 'expiringWarning'
  return null
}

function renderPools(quota: PooledQuota, w: StatusWords): string {
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
    { header: w.pool },
    { header: w.remaining, align: 'right' as const },
    { header: w.total, align: 'right' as const },
    { header: w.usedInWindow, align: 'right' as const },
    { header: w.emails, align: 'right' as const },
  ]
  return `${w.poolsTitle}\n${renderTable(columns, rows, { indent: '  ' })}`
}

function renderSavings(s: Savings, w: StatusWords): string {
  const rows = [
    [w.poolA, formatVnd(s.pool_a.savedVND), formatCount(s.pool_a.tokens), formatCount(s.pool_a.requests)],
    [w.poolB, formatVnd(s.pool_b.savedVND), formatCount(s.pool_b.tokens), formatCount(s.pool_b.requests)],
    [w.cacheHits, formatVnd(s.cacheHit.savedVND), formatCount(s.cacheHit.tokens), DASH],
    [
      w.planDiscount,
      formatVnd(s.discount.savedVND),
      formatCount(s.discount.tokens),
      formatCount(s.discount.requests),
    ],
    [w.freeModels, DASH, formatCount(s.freeModels.tokens), formatCount(s.freeModels.requests)],
  ]
  const columns = [
    { header: w.source },
    { header: w.saved, align: 'right' as const },
    { header: w.tokens, align: 'right' as const },
    { header: w.requests, align: 'right' as const },
  ]
  const head =
    `${w.savings}: ${formatVnd(s.totalSavedVND)} ${w.savedWord}, ${formatPercent(s.savingsPercent)} ${w.ofWhatItWouldCost} ` +
    `(${w.spent} ${formatVnd(s.totalSpentVND)})`
  return `${head}\n${renderTable(columns, rows, { indent: '  ' })}`
}
