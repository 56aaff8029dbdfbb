// The Usage window's per-model drill-down and the Catalog's realtime token prices in real Chromium through
// the browser harness, against the embedded demo service. Every expected figure comes from the service's
// own answers (`/usage/models`, `/usage?limit=200`, the catalogs, `/v1/realtime/models`), fetched here
// with the key main uses.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'

let browser: Browser
let harness: Awaited<ReturnType<typeof startTestHarness>>

beforeAll(async () => {
  harness = await startTestHarness()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

async function serviceJson<T>(path: string): Promise<T> {
  const { baseUrl, key } = harness.core.connection.endpoint()
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${key}`, 'user-agent': 'loa-e2e' },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

/** Intl writes a no-break space before ₫; compare with plain spaces. */
const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const vndVi = (n: number) =>
  plain(
    new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(
      n,
    ),
  )
const countVi = (n: number) => new Intl.NumberFormat('vi-VN').format(n)

type ModelItem = {
  modelId: string
  modelName: string
  totalTokens: number
  totalCostVND: number
  requestCount: number
}
type UsageRow = { id: string; date: string; model: string; totalTokens: number; costVND: number }

/** Call id → display name, from every list that names models: the catalog, speech and realtime. */
async function modelNames(): Promise<Map<string, string>> {
  const catalog = await serviceJson<{ data: { model_id: string; name: string }[] }>('/v1/management/models')
  const tts = await serviceJson<{ data: { id: string; name: string | null }[] }>('/v1/models/tts')
  const names = new Map(catalog.data.map((m) => [m.model_id, m.name]))
  for (const m of tts.data) if (m.name) names.set(m.id, m.name)
  for (const m of await realtimeModels()) if (typeof m.name === 'string') names.set(m.id, m.name)
  return names
}

type RealtimeJson = { id: string; name?: unknown; pricing?: Record<string, unknown>; prices?: Prices }
type Prices = { input?: Record<string, unknown>; output?: Record<string, unknown> }

/** The list in either shape the demo's variants answer (main/demo/README.md "Variants"). */
async function realtimeModels(): Promise<RealtimeJson[]> {
  const body = await serviceJson<RealtimeJson[] | { data: RealtimeJson[] }>('/v1/realtime/models')
  return Array.isArray(body) ? body : body.data
}

function tokenPrice(m: RealtimeJson, kind: 'audio' | 'text' | 'cached', way: 'in' | 'out'): number | null {
  const value = m.pricing?.[`${kind}_${way}`] ?? m.prices?.[way === 'in' ? 'input' : 'output']?.[kind]
  return typeof value === 'number' ? value : null
}

async function openUsage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(harness.launchUrl('usage'))
  await page.waitForSelector('[data-testid="models-table"] tbody tr')
  await page.waitForSelector('[data-testid="records-table"] tbody tr')
  return page
}

const figure = async (page: Page, id: string) =>
  plain(await page.innerText(`[data-testid="model-drill"] [data-figure="${id}"] dd`))

describe('the per-model drill-down', () => {
  it("shows a model's totals and its own recent requests as the service answers them, by keyboard", async () => {
    const models = (await serviceJson<{ data: ModelItem[] }>('/v1/management/usage/models')).data
    const records = (await serviceJson<{ data: UsageRow[] }>('/v1/management/usage?limit=200')).data
    const names = await modelNames()
    const recordsOf = (m: ModelItem) =>
      records.filter(
        (r) => r.model === m.modelId || r.model === m.modelName || names.get(r.model) === m.modelName,
      )
    // The costliest model has its requests spread over the service's whole history, so the 200-record
    // list leaves some out; a model with few requests has them all listed.
    const top = models[0]!
    const shownOfTop = recordsOf(top)
    expect(shownOfTop.length).toBeGreaterThan(0)
    expect(top.requestCount).toBeGreaterThan(shownOfTop.length)
    const whole = models.find((m) => recordsOf(m).length === m.requestCount && m.requestCount > 0)

    const page = await openUsage()
    // Reach the model's button with the keyboard and open it with Enter.
    const button = `[data-testid="models-table"] button[data-open-row="${top.modelId}"]`
    await page.focus(button)
    await page.keyboard.press('Enter')
    await page.waitForSelector(`[data-testid="model-drill"][data-model-id="${top.modelId}"]`)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'model-drill-title',
    )
    expect(plain(await page.innerText('[data-testid="model-drill-title"]'))).toBe(`Mô hình ${top.modelName}`)
    expect(await figure(page, 'requests')).toBe(countVi(top.requestCount))
    expect(await figure(page, 'tokens')).toBe(countVi(top.totalTokens))
    expect(await figure(page, 'cost')).toBe(vndVi(top.totalCostVND))

    const rows = await page.$$eval('[data-testid="model-records-table"] tbody tr', (trs) =>
      trs.map((tr) => tr.querySelector('td[data-col="sent"] time')?.getAttribute('datetime') ?? ''),
    )
    expect(rows.sort()).toEqual(shownOfTop.map((r) => r.date).sort())
    const cost = shownOfTop.reduce((sum, r) => sum + r.costVND, 0)
    const tokens = shownOfTop.reduce((sum, r) => sum + r.totalTokens, 0)
    expect(plain(await page.innerText('[data-testid="model-recent-totals"]'))).toBe(
      `${countVi(shownOfTop.length)} yêu cầu được liệt kê: ${vndVi(cost)}, ${countVi(tokens)} token.`,
    )
    expect(plain(await page.innerText('[data-testid="model-truncated"]'))).toBe(
      `Mô hình này có ${countVi(top.requestCount)} yêu cầu; chỉ ${countVi(shownOfTop.length)} trong số đó ` +
        `nằm trong 200 yêu cầu mới nhất mà dịch vụ liệt kê, nên ` +
        `${countVi(top.requestCount - shownOfTop.length)} yêu cầu không hiện ở đây.`,
    )

    expect(await axeViolations(page)).toEqual([])

    // Back by keyboard: the focus returns to the model's own button in the table.
    await page.focus('[data-testid="model-back"]')
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-testid="models-table"]')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-open-row'))).toBe(top.modelId)

    if (whole) {
      await page.click(`[data-testid="models-table"] button[data-open-row="${whole.modelId}"]`)
      await page.waitForSelector(`[data-testid="model-drill"][data-model-id="${whole.modelId}"]`)
      expect(await page.locator('[data-testid="model-records-table"] tbody tr').count()).toBe(
        whole.requestCount,
      )
      expect(await page.locator('[data-testid="model-truncated"]').count()).toBe(0)
    }
    await page.close()
  })
})

describe('the realtime tab', () => {
  it('shows the per-token prices /v1/realtime/models gives, and "unknown" where it gives none', async () => {
    const realtime = await realtimeModels()
    expect(realtime.length).toBeGreaterThanOrEqual(3)
    const page = await browser.newPage()
    await page.goto(harness.launchUrl('catalog'))
    await page.click('[role="tab"][data-kind="realtime"]')
    await page.waitForSelector('table[data-kind="realtime"] tbody tr')
    const cell = async (id: string, testid: string) =>
      plain(
        await page.innerText(
          `table[data-kind="realtime"] tr[data-model-id="${id}"] [data-testid="${testid}"]`,
        ),
      )
    const shown = (vnd: number | null) => (vnd === null ? 'không rõ' : vndVi(vnd))

    let priced = 0
    for (const m of realtime) {
      expect(await cell(m.id, 'realtime-audio-in'), m.id).toBe(shown(tokenPrice(m, 'audio', 'in')))
      expect(await cell(m.id, 'realtime-audio-out'), m.id).toBe(shown(tokenPrice(m, 'audio', 'out')))
      const others = [
        ['văn bản vào', tokenPrice(m, 'text', 'in')],
        ['văn bản ra', tokenPrice(m, 'text', 'out')],
        ['đầu vào đã lưu đệm', tokenPrice(m, 'cached', 'in')],
      ] as const
      const given = others.filter(([, vnd]) => vnd !== null).map(([label, vnd]) => `${label} ${vndVi(vnd!)}`)
      const lines = await page.$$eval(
        `table[data-kind="realtime"] tr[data-model-id="${m.id}"] [data-testid="realtime-other-tokens"] li`,
        (lis) => lis.map((li) => li.textContent ?? ''),
      )
      expect(lines.map(plain), m.id).toEqual(given)
      if (given.length === 0) expect(await cell(m.id, 'realtime-other-tokens')).toBe('không rõ')
      if (tokenPrice(m, 'audio', 'in') !== null) priced++
    }
    // The demo prices its models: the test would prove nothing if every cell read "unknown".
    expect(priced).toBeGreaterThanOrEqual(3)
    await page.close()
  })
})
