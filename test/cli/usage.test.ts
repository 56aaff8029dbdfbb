// `loa usage` as a real process against the demo service: the recent requests, the daily and per-model
// tables carry the service's figures; --json is the parsed answer; bad flags exit 2 before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { formatDateTime } from '../../main/cli/format'
import { renderRecent } from '../../main/cli/verbs/usage'
import { usagePageSchema } from '../../main/api/management/schemas/account'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import type { DailyUsage, ModelUsage, UsagePage } from '../../main/api/management/index'
import {
  assertNoKey,
  cells,
  fetchManagement,
  lineStarting,
  loa,
  loaWith,
  tableRows,
  viGroup,
  vnd,
} from './loa-process'
import { usageRecord } from '../support/usage-record'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

/** `40,81 ₫`: per-request costs keep up to two decimals, with a decimal comma. */
function exactVnd(n: number): string {
  const [whole, frac] = (Math.round(n * 100) / 100).toFixed(2).split('.') as [string, string]
  const trimmed = frac.replace(/0+$/, '')
  return `${viGroup(Number(whole))}${trimmed ? `,${trimmed}` : ''} ₫`
}

describe('loa usage (process)', () => {
  it('lists the 20 latest requests with times, tokens, costs, discount and key source', async () => {
    const run = await loaWith(demo, 'ordinary', ['usage'])
    const page = await fetchManagement<UsagePage>(demo, '/usage?limit=20')
    expect(run.code).toBe(EXIT.ok)
    const rows = tableRows(run.stdout)
    expect(rows).toHaveLength(20)
    rows.forEach((row, i) => {
      const r = page.data[i]!
      const sent = r.date.slice(0, 19).replace('T', ' ')
      const completed =
        r.completedAt!.slice(0, 10) === r.date.slice(0, 10) ? r.completedAt!.slice(11, 19) : ''
      expect(cells(row)).toEqual([
        sent,
        completed || r.completedAt!.slice(0, 19).replace('T', ' '),
        r.model,
        viGroup(r.inputTokens),
        viGroup(r.outputTokens),
        viGroup(r.cacheHitTokens),
        viGroup(r.reasoningTokens),
        exactVnd(r.costVND),
        exactVnd(r.costBeforeDiscount),
        `${String(r.discountPercent).replace('.', ',')}%`,
        r.keySource,
      ])
    })
    expect(run.stdout).toContain(`The latest 20 requests of ${viGroup(page.total)}.`)
    expect(cells(run.stdout.split('\n')[0]!).slice(0, 3)).toEqual(['Sent', 'Finished', 'Model'])
    assertNoKey(demo, run)
  })

  it('honours --limit and prints the parsed page with --json', async () => {
    const [table, json] = await Promise.all([
      loaWith(demo, 'ordinary', ['usage', '--limit', '5']),
      loaWith(demo, 'ordinary', ['usage', '--limit', '7', '--json']),
    ])
    expect(table.code).toBe(EXIT.ok)
    expect(tableRows(table.stdout)).toHaveLength(5)
    expect(json.code).toBe(EXIT.ok)
    expect(JSON.parse(json.stdout)).toEqual(await fetchManagement<UsagePage>(demo, '/usage?limit=7'))
  })

  it('prints one row per day with --days N, and a total', async () => {
    const [run, json] = await Promise.all([
      loaWith(demo, 'ordinary', ['usage', '--days', '10']),
      loaWith(demo, 'ordinary', ['usage', '--days', '10', '--json']),
    ])
    const daily = await fetchManagement<DailyUsage>(demo, '/usage/daily?days=10')
    expect(run.code).toBe(EXIT.ok)
    const rows = tableRows(run.stdout)
    expect(rows.map(cells)).toEqual(
      daily.data.map((d) => [d.date, viGroup(d.requestCount), viGroup(d.totalTokens), vnd(d.totalCostVND)]),
    )
    const total = cells(lineStarting(run.stdout, 'Total'))
    expect(total[1]).toBe(viGroup(daily.data.reduce((a, d) => a + d.requestCount, 0)))
    expect(JSON.parse(json.stdout)).toEqual(daily)
  })

  it('prints one row per model with --by-model', async () => {
    const [run, json] = await Promise.all([
      loaWith(demo, 'ordinary', ['usage', '--by-model']),
      loaWith(demo, 'ordinary', ['usage', '--by-model', '--json']),
    ])
    const byModel = await fetchManagement<ModelUsage>(demo, '/usage/models')
    expect(run.code).toBe(EXIT.ok)
    expect(tableRows(run.stdout).map(cells)).toEqual(
      byModel.data.map((m) => [
        m.modelName,
        m.provider,
        viGroup(m.requestCount),
        viGroup(m.totalTokens),
        vnd(m.totalCostVND),
      ]),
    )
    expect(JSON.parse(json.stdout)).toEqual(byModel)
    assertNoKey(demo, run, json)
  })

  it.each([
    [['--limit', '0'], '--limit must be a whole number from 1 to 200'],
    [['--limit', '201'], '--limit must be a whole number from 1 to 200'],
    [['--limit', 'ten'], '--limit must be a whole number'],
    [['--days', '366'], '--days must be a whole number from 1 to 365'],
    [['--days', '1.5'], '--days must be a whole number'],
    [['--days', '3', '--by-model'], 'cannot be used together'],
    [['--limit', '5', '--days', '3'], 'cannot be used together'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['today'], "unexpected argument 'today'"],
  ])('exits 2 with one clear message for %j', async (flags, message) => {
    // A working key and gateway: the flags alone must be what fails.
    const run = await loaWith(demo, 'ordinary', ['usage', ...flags])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(message)
    expect(run.stderr).toContain('Usage: loa usage')
  })

  it('exits 3 for a reseller, 4 when rate-limited, 5 when the gateway is down', async () => {
    const reseller = await loaWith(demo, 'reseller', ['usage', '--days', '3'])
    expect(reseller.code).toBe(EXIT.auth)
    expect(reseller.stderr).toContain('Account & Usage is not available to this account')

    demo.faults.rateLimitBurst = { count: 10, retryAfterSec: 1 }
    try {
      const limited = await loaWith(demo, 'ordinary', ['usage'])
      expect(limited.code).toBe(EXIT.rateLimited)
      expect(limited.stderr).toContain('wait 1 s, then try again')
    } finally {
      demo.faults.rateLimitBurst = null
    }

    const down = await startDemoServer({ seed: 1 })
    const { baseUrl } = down
    await down.close()
    const network = await loa(['usage'], { LOA_BASE_URL: baseUrl, LOA_API_KEY: demo.keys.ordinary })
    expect(network.code).toBe(EXIT.network)
    assertNoKey(demo, reseller, network)
  })

  it('documents its flags in --help', async () => {
    const help = await loa(['usage', '--help'])
    expect(help.code).toBe(EXIT.ok)
    for (const flag of ['--limit N', '--days N', '--by-model', '--json']) expect(help.stdout).toContain(flag)
  })
})

describe('loa usage: sent and finished', () => {
  const base = usageRecord({ costVND: 99_000, costBeforeDiscount: 110_000, discountPercent: 10 })
  // Since 2026-08-16 `date` is when the request was sent; before, it was when it finished.
  const page = usagePageSchema.parse({
    total: 3,
    data: [
      // Listed by `date`, but sent before the next one: a long video request.
      { ...base, id: 'long', date: '2026-09-01T10:00:00.000Z', completedAt: '2026-09-01T10:40:00.000Z' },
      { ...base, id: 'quick', date: '2026-09-01T10:05:00.000Z', completedAt: '2026-09-01T10:05:03.000Z' },
      { ...base, id: 'old', date: '2026-08-10T09:00:00.000Z' },
    ],
  })
  const rows = tableRows(renderRecent(page)).map(cells)

  it('lists the newest sent first, with the finish beside it', () => {
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      [formatDateTime('2026-09-01T10:05:00.000Z'), expect.stringMatching(/^\d\d:\d\d:\d\d$/)],
      [formatDateTime('2026-09-01T10:00:00.000Z'), expect.stringMatching(/^\d\d:\d\d:\d\d$/)],
      ['—', formatDateTime('2026-08-10T09:00:00.000Z')],
    ])
  })

  it('shows a record from before 2026-08-16 as finished at its date, and says why it has no sending time', () => {
    expect(rows[2]![1]).toBe(formatDateTime('2026-08-10T09:00:00.000Z'))
    expect(renderRecent(page)).toContain(
      '— under Sent: requests from before 2026-08-16 were recorded only when they finished.',
    )
    expect(renderRecent({ ...page, data: page.data.slice(0, 2) })).not.toContain('under Sent')
  })
})
