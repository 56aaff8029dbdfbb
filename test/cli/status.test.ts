// `loa status` as a real process against the demo service: the figures it prints are the service's, the
// JSON is the parsed answers, and every failure has its exit code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { renderStatus, type StatusReport } from '../../main/cli/verbs/status'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import type { Account, DailyUsage, PooledQuota, Savings, UsageStats } from '../../main/api/management/index'
import {
  assertNoKey,
  eitherOf,
  fetchManagement,
  lineStarting,
  loa,
  loaWith,
  viGroup,
  vnd,
} from './loa-process'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

async function serviceReport(key = demo.keys.ordinary): Promise<StatusReport> {
  const [account, stats, week, quota, savings] = await Promise.all([
    fetchManagement<Account>(demo, '/me', key),
    fetchManagement<UsageStats>(demo, '/usage/stats', key),
    fetchManagement<DailyUsage>(demo, '/usage/daily?days=7', key),
    fetchManagement<PooledQuota>(demo, '/cliproxy-quota', key),
    fetchManagement<Savings>(demo, '/savings', key),
  ])
  return { account, stats, week, quota, savings }
}

/** The text of `loa status` shows exactly the figures of `report`. */
function expectStatusText(out: string, report: StatusReport): void {
  const { account, stats, week, quota, savings } = report
  expect(lineStarting(out, 'Account')).toContain(`${account.name} <${account.email}>`)
  const balance = lineStarting(out, 'Balance')
  expect(balance).toContain(vnd(account.balance.totalVND))
  expect(balance).toContain(`real ${vnd(account.balance.realVND)}`)
  expect(balance).toContain(`bonus ${vnd(account.balance.bonusVND)}`)

  const plan = lineStarting(out, 'Plan')
  expect(plan).toContain(account.plan)
  expect(plan).toContain(account.planExpiresAt!.slice(0, 10))
  const daysLeft = Math.floor((Date.parse(account.planExpiresAt!) - Date.now()) / 86_400_000)
  expect(plan).toMatch(new RegExp(`\\((${viGroup(daysLeft)}|${viGroup(daysLeft - 1)}) days left\\)`))
  expect(out).not.toContain('Warning')

  // The calendar week the app's popup states, not /usage/stats's rolling 7 × 24 h.
  const weekLine = lineStarting(out, 'Last 7 calendar days')
  expect(week.data).toHaveLength(7)
  expect(weekLine).toContain(vnd(week.data.reduce((sum, d) => sum + d.totalCostVND, 0)))
  expect(weekLine).toContain(`${viGroup(week.data.reduce((sum, d) => sum + d.totalTokens, 0))} tokens`)
  expect(lineStarting(out, 'All time')).toContain(`${viGroup(stats.totalRequests)} requests`)

  for (const name of ['pool_a', 'pool_b'] as const) {
    const cells = lineStarting(out, name)
      .trim()
      .split(/\s{2,}/)
    const pool = quota[name]
    expect(cells).toEqual([
      name,
      viGroup(pool.remaining),
      viGroup(pool.totalQuota),
      viGroup(pool.usedInWindow),
      String(pool.emails.length),
    ])
  }

  const savingsHead = lineStarting(out, 'Savings:')
  expect(savingsHead).toContain(`${vnd(savings.totalSavedVND)} saved`)
  expect(savingsHead).toContain(`${String(savings.savingsPercent).replace('.', ',')}%`)
  expect(
    lineStarting(out, 'Pool A')
      .trim()
      .split(/\s{2,}/),
  ).toEqual([
    'Pool A',
    vnd(savings.pool_a.savedVND),
    viGroup(savings.pool_a.tokens),
    viGroup(savings.pool_a.requests),
  ])
  expect(lineStarting(out, 'Cache hits')).toContain(vnd(savings.cacheHit.savedVND))
  expect(lineStarting(out, 'Plan discount')).toContain(vnd(savings.discount.savedVND))
  expect(lineStarting(out, 'Free models')).toContain(viGroup(savings.freeModels.requests))
}

describe('loa status (process)', () => {
  it('prints the account, balance, plan, pools, savings and last 7 days as the service has them', async () => {
    const before = await serviceReport()
    const run = await loaWith(demo, 'ordinary', ['status'])
    const after = await serviceReport()
    expect(run.stderr).toBe('')
    expect(run.code).toBe(EXIT.ok)
    // The 7-day and 24-hour windows roll with real time: the CLI saw one of the two snapshots around it.
    eitherOf(
      () => expectStatusText(run.stdout, after),
      () => expectStatusText(run.stdout, before),
    )
    assertNoKey(demo, run)
  })

  it('prints the four parsed answers as one JSON document with --json', async () => {
    const before = await serviceReport()
    const run = await loaWith(demo, 'ordinary', ['status', '--json'])
    const after = await serviceReport()
    expect(run.code).toBe(EXIT.ok)
    const parsed = JSON.parse(run.stdout) as StatusReport
    eitherOf(
      () => expect(parsed).toEqual(after),
      () => expect(parsed).toEqual(before),
    )
    assertNoKey(demo, run)
  })

  it.each(['reseller', 'internal'] as const)(
    'tells the %s account that Account & Usage is not available, exit 3',
    async (keyName) => {
      const run = await loaWith(demo, keyName, ['status'])
      expect(run.code).toBe(EXIT.auth)
      expect(run.stdout).toBe('')
      const [reason, hint, ...more] = run.stderr.trim().split('\n')
      expect(reason).toContain('Account & Usage is not available to this account')
      expect(hint).toContain("hint: 'loa models' still works")
      expect(more).toEqual([])
      assertNoKey(demo, run)
    },
  )

  it('exits 3 with the service’s reason for a revoked key and for a disabled account', async () => {
    const [revoked, disabled] = await Promise.all([
      loaWith(demo, 'revoked', ['status']),
      loaWith(demo, 'disabled', ['status']),
    ])
    expect(revoked.code).toBe(EXIT.auth)
    expect(revoked.stderr).toMatch(/^loa status: the service refused the key: .*revoked.*HTTP 401/)
    expect(disabled.code).toBe(EXIT.auth)
    expect(disabled.stderr).toContain('disabled')
    assertNoKey(demo, revoked, disabled)
  })

  it('waits out one Retry-After, then exits 4 naming the wait when the service keeps refusing', async () => {
    demo.faults.rateLimitBurst = { count: 50, retryAfterSec: 1 }
    try {
      const run = await loaWith(demo, 'ordinary', ['status'])
      expect(run.code).toBe(EXIT.rateLimited)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain('waiting 1 s before one more try')
      expect(run.stderr).toMatch(/^loa status: rate-limited by the service \(HTTP 429, request \S+\)\.$/m)
      expect(run.stderr).toContain('hint: wait 1 s, then try again.')
      assertNoKey(demo, run)
    } finally {
      demo.faults.rateLimitBurst = null
    }
  })

  it('recovers when the rate limit lifts within the one wait', async () => {
    // Four requests go out at once; four 429s use the burst up, so the retries after 1 s succeed.
    demo.faults.rateLimitBurst = { count: 4, retryAfterSec: 1 }
    try {
      const run = await loaWith(demo, 'ordinary', ['status'])
      expect(run.code).toBe(EXIT.ok)
      expect(run.stderr).toContain('waiting 1 s before one more try')
      expect(lineStarting(run.stdout, 'Balance')).not.toBe('')
    } finally {
      demo.faults.rateLimitBurst = null
    }
  })

  it('exits 5 when nothing listens at the gateway address', async () => {
    const closed = await startDemoServer({ seed: 1 })
    const { baseUrl } = closed
    await closed.close()
    const run = await loa(['status'], { LOA_BASE_URL: baseUrl, LOA_API_KEY: demo.keys.ordinary })
    expect(run.code).toBe(EXIT.network)
    expect(run.stderr).toMatch(
      /^loa status: Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.\nhint: check the gateway address .*\n$/,
    )
    assertNoKey(demo, run)
  })

  it('prints its help with --help and exits 2 on an unexpected argument', async () => {
    const [help, extra] = await Promise.all([loa(['status', '--help']), loa(['status', 'now'])])
    expect(help.code).toBe(EXIT.ok)
    expect(help.stdout).toContain('Usage: loa status')
    expect(help.stdout).toContain('--json')
    expect(extra.code).toBe(EXIT.usage)
    expect(extra.stderr).toContain("unexpected argument 'now'")
  })
})

describe('renderStatus', () => {
  const DAY_MS = 86_400_000
  let report: StatusReport

  beforeAll(async () => {
    report = await serviceReport()
  })

  const withExpiry = (expiresAt: string | null): StatusReport => ({
    ...report,
    account: { ...report.account, planExpiresAt: expiresAt },
  })

  it('warns when the plan has less than 7 days left', () => {
    const now = Date.parse('2026-08-20T10:00:00Z')
    const text = renderStatus(withExpiry(new Date(now + 3 * DAY_MS + 3_600_000).toISOString()), now)
    expect(lineStarting(text, 'Plan')).toContain('(3 days left)')
    expect(lineStarting(text, 'Warning')).toContain('expires within a week')
    const roomy = renderStatus(withExpiry(new Date(now + 7 * DAY_MS + 60_000).toISOString()), now)
    expect(lineStarting(roomy, 'Plan')).toContain('(7 days left)')
    expect(roomy).not.toContain('Warning')
  })

  it('says when the plan has expired or never expires', () => {
    const now = Date.parse('2026-08-20T10:00:00Z')
    const expired = renderStatus(withExpiry('2026-08-18T12:00:00Z'), now)
    expect(lineStarting(expired, 'Plan')).toContain('expired on 2026-08-18')
    expect(lineStarting(expired, 'Warning')).toContain('has expired')
    expect(lineStarting(renderStatus(withExpiry(null), now), 'Plan')).toContain('no end date')
    // FREE plans come with 31 Dec 2099: a placeholder, not an end.
    const placeholder = renderStatus(withExpiry('2099-12-31T23:59:59Z'), now)
    expect(lineStarting(placeholder, 'Plan')).toContain('no end date')
    expect(placeholder).not.toContain('2099')
    expect(placeholder).not.toContain('Warning')
  })
})
