// The account at a glance in real Chromium through the browser harness: the tray popup against the
// embedded demo service (balance to the dong in both languages, plan, pools, refresh), the usage window
// (charts, sortable tables, CSV export), and the accounts that may not see Account & Usage.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../main/secrets/memory-store'
import { accountFor } from '../../main/secrets/secret-store'
import { startTestHarness } from './support/harness'
import { harnessAndGateway, type Harness } from './support/harness-and-gateway'

const rig = harnessAndGateway()

/** Every page this file opens reports what the CSP blocked; the last test checks there was nothing. */
const cspViolations: string[] = []

function watchCsp(page: Page): void {
  page.on('console', (m) => m.text().includes('Content Security Policy') && cspViolations.push(m.text()))
}

/** Intl puts a no-break space (or a narrow one) before the dong sign; compare with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()

const vnd = (amount: number, locale: 'vi-VN' | 'en-US') =>
  plain(
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(
      amount,
    ),
  )

/** What the service itself says, asked with the key main uses. */
async function management<T>(path: string, endpoint = rig.harness.core.connection.endpoint()): Promise<T> {
  const res = await fetch(`${endpoint.baseUrl}/v1/management/${path}`, {
    headers: { Authorization: `Bearer ${endpoint.key}`, 'User-Agent': 'loa-e2e' },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

interface Me {
  plan: string
  planExpiresAt: string | null
  balance: { totalVND: number; realVND: number; bonusVND: number }
}

async function openPopup(h: Harness = rig.harness, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await rig.browser.newPage({ viewport: { width: 360, height: 480 }, colorScheme })
  watchCsp(page)
  await page.goto(h.launchUrl('popup'))
  await page.waitForSelector('[data-testid="popup"]')
  return page
}

async function openUsage(): Promise<Page> {
  const page = await rig.browser.newPage({ viewport: { width: 1280, height: 900 } })
  watchCsp(page)
  await page.goto(rig.harness.launchUrl('usage'))
  await page.waitForSelector('[data-testid="usage-records"]')
  return page
}

/** How many pixels of the canvas have been painted. */
function paintedPixels(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const canvas = document.querySelector<HTMLCanvasElement>(sel)
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx || canvas.width === 0) return 0
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
    let painted = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
    return painted
  }, selector)
}

/** The canvas's pixels as a short fingerprint, to see that it was drawn again. */
function canvasFingerprint(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const canvas = document.querySelector<HTMLCanvasElement>(sel)!
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    let hash = 0
    for (let i = 0; i < data.length; i += 97) hash = (hash * 31 + data[i]!) | 0
    return `${canvas.width}x${canvas.height}:${hash}`
  }, selector)
}

function columnTexts(page: Page, table: string, column: string): Promise<string[]> {
  return page.$$eval(`[data-testid="${table}"] tbody td[data-col="${column}"]`, (tds) =>
    tds.map((td) => td.textContent?.trim() ?? ''),
  )
}

/** "1.234.567 ₫" or "1,234" back to a number, for the language the page shows. */
const digits = (text: string) => Number(text.replace(/[^\d-]/g, ''))

describe('the tray popup', () => {
  it('shows the demo balance to the dong in vi-VN, then in English', async () => {
    const me = await management<Me>('me')
    const expectedVi = vnd(me.balance.totalVND, 'vi-VN')
    expect(expectedVi).toMatch(/^\d{1,3}(\.\d{3})* ₫$/)
    const page = await openPopup()
    await expect
      .poll(async () => plain(await page.textContent('[data-testid="popup-balance"]')))
      .toBe(expectedVi)
    expect(plain(await page.textContent('[data-testid="balance-real"]'))).toContain(
      vnd(me.balance.realVND, 'vi-VN'),
    )
    expect(plain(await page.textContent('[data-testid="balance-bonus"]'))).toContain(
      vnd(me.balance.bonusVND, 'vi-VN'),
    )

    rig.harness.core.settings.update({ language: 'en' })
    try {
      const expectedEn = vnd(me.balance.totalVND, 'en-US')
      expect(expectedEn).toMatch(/^₫\d{1,3}(,\d{3})*$/)
      await expect
        .poll(async () => plain(await page.textContent('[data-testid="popup-balance"]')))
        .toBe(expectedEn)
      expect(await page.textContent('[data-testid="popup"] h2')).toBe('Pooled quota')
    } finally {
      rig.harness.core.settings.update({ language: 'vi' })
    }
    await expect
      .poll(async () => plain(await page.textContent('[data-testid="popup-balance"]')))
      .toBe(expectedVi)
    await page.close()
  })

  it('shows the plan with its expiry, both pools with their bars and e-mails, savings and the week', async () => {
    const me = await management<Me>('me')
    const quota =
      await management<Record<'pool_a' | 'pool_b', { totalQuota: number; emails: unknown[] }>>(
        'cliproxy-quota',
      )
    expect(me.plan).toBe('ADVANCED_PLUS')
    const page = await openPopup()
    await expect.poll(() => page.textContent('[data-testid="plan-name"]')).toBe('Advanced+')
    const year = new Date(me.planExpiresAt!).getFullYear()
    expect(await page.textContent('[data-testid="plan"]')).toContain(`Hết hạn`)
    expect(await page.textContent('[data-testid="plan"]')).toContain(String(year))

    for (const name of ['pool_a', 'pool_b'] as const) {
      const pool = page.locator(`[data-testid="pool-${name}"]`)
      await expect.poll(() => pool.count()).toBe(1)
      const meter = pool.locator('[role="meter"]')
      expect(Number(await meter.getAttribute('aria-valuemax'))).toBe(quota[name].totalQuota)
      const fillWidth = await pool.locator('.fill').evaluate((el) => el.getBoundingClientRect().width)
      expect(fillWidth).toBeGreaterThan(0)
      expect(await pool.locator('.emails li').first().isVisible()).toBe(false)
      await pool.locator('summary').click()
      await expect.poll(() => pool.locator('.emails li').count()).toBe(quota[name].emails.length)
    }

    const savings = await management<{ totalSavedVND: number }>('savings')
    await expect
      .poll(async () => plain(await page.textContent('[data-testid="savings-total"]')))
      .toBe(vnd(savings.totalSavedVND, 'vi-VN'))
    expect(await page.locator('[data-testid="savings"] li').count()).toBe(5)
    await expect.poll(() => page.locator('[data-testid="sparkline"] path.line').count()).toBe(1)
    expect(await page.getAttribute('[data-testid="sparkline"] path.line', 'd')).toMatch(
      /^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){6}$/,
    )
    await page.close()
  })

  it('refreshes on request: the time it was updated moves on', async () => {
    const page = await openPopup()
    const updated = page.locator('[data-testid="updated-at"]')
    await expect.poll(() => updated.count()).toBe(1)
    const before = (await updated.getAttribute('datetime'))!
    expect(await updated.textContent()).toMatch(/^Cập nhật /)
    await page.click('[data-testid="refresh"]')
    await expect
      .poll(async () => Date.parse((await updated.getAttribute('datetime')) ?? ''))
      .toBeGreaterThan(Date.parse(before))
    await expect.poll(() => page.getAttribute('[data-testid="refresh"]', 'aria-busy')).toBe('false')
    await page.close()
  })

  it('asks main to show each view from its quick actions', async () => {
    const asked: unknown[] = []
    const stop = rig.harness.core.events.addSink(
      (channel, payload) => channel === 'nav:show' && asked.push(payload),
    )
    try {
      // The harness sends nav:show to every page, the popup included: each click gets a fresh popup.
      const views = {
        'Trò chuyện': 'voice',
        'Đọc văn bản': 'reader',
        'Sử dụng': 'usage',
        'Danh mục mô hình': 'catalog',
        'Cài đặt': 'settings',
      }
      for (const [label, view] of Object.entries(views)) {
        const page = await openPopup()
        await page.getByRole('button', { name: label, exact: true }).click()
        await expect.poll(() => asked.at(-1)).toEqual({ view })
        await page.close()
      }
    } finally {
      stop()
    }
  })
})

describe('the usage window', () => {
  it('draws the daily chart for each span, in the theme, under the CSP', async () => {
    const page = await openUsage()
    const chart = '[data-testid="daily-chart"]'
    await page.waitForSelector(chart)
    await expect.poll(() => paintedPixels(page, chart)).toBeGreaterThan(2000)
    expect(await page.textContent('[data-testid="daily-summary"]')).toMatch(/^30 ngày: /)

    await page.click('[role="radio"][data-value="7"]')
    await expect.poll(() => page.textContent('[data-testid="daily-summary"]')).toMatch(/^7 ngày: /)
    expect(await page.getAttribute('[role="radio"][data-value="7"]', 'aria-checked')).toBe('true')
    const daily = await management<{ data: Array<{ totalCostVND: number }> }>('usage/daily?days=7')
    const weekCost = daily.data.reduce((sum, d) => sum + d.totalCostVND, 0)
    expect(plain(await page.textContent('[data-testid="daily-summary"]'))).toContain(vnd(weekCost, 'vi-VN'))

    await page.click('[role="radio"][data-value="365"]')
    await expect.poll(() => page.textContent('[data-testid="daily-summary"]')).toMatch(/^365 ngày: /)
    await expect.poll(() => paintedPixels(page, chart)).toBeGreaterThan(2000)

    // A theme change redraws the canvas in the new colours.
    await page.waitForTimeout(400)
    const light = await canvasFingerprint(page, chart)
    rig.harness.core.settings.update({ theme: 'dark' })
    try {
      await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark')
      await expect.poll(() => canvasFingerprint(page, chart)).not.toBe(light)
    } finally {
      rig.harness.core.settings.update({ theme: 'system' })
    }
    await expect.poll(() => paintedPixels(page, '[data-testid="models-chart"]')).toBeGreaterThan(2000)
    await page.close()
  })

  it('sorts the per-model table by any column', async () => {
    const page = await openUsage()
    await page.waitForSelector('[data-testid="models-table"] tbody tr')
    const costs = (await columnTexts(page, 'models-table', 'cost')).map(digits)
    expect(costs.length).toBeGreaterThan(3)
    expect(costs).toEqual([...costs].sort((a, b) => b - a))

    await page.click('[data-testid="models-table"] th[data-col="requests"] button')
    const requests = (await columnTexts(page, 'models-table', 'requests')).map(digits)
    expect(requests).toEqual([...requests].sort((a, b) => b - a))
    expect(await page.getAttribute('[data-testid="models-table"] th[data-col="requests"]', 'aria-sort')).toBe(
      'descending',
    )
    await page.click('[data-testid="models-table"] th[data-col="requests"] button')
    const ascending = (await columnTexts(page, 'models-table', 'requests')).map(digits)
    expect(ascending).toEqual([...requests].sort((a, b) => a - b))

    await page.click('[data-testid="models-table"] th[data-col="model"] button')
    const names = await columnTexts(page, 'models-table', 'model')
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'vi-VN', { sensitivity: 'base', numeric: true })),
    )
    await page.close()
  })

  it('lists recent requests with sent and finished times, and exports them as shown', async () => {
    const page = await openUsage()
    const table = '[data-testid="records-table"]'
    await page.waitForSelector(`${table} tbody tr`)
    const records = await management<{
      data: Array<{ date: string; completedAt: string | null }>
      total: number
    }>('usage?limit=200')
    expect(await page.locator(`${table} tbody tr`).count()).toBe(records.data.length)

    const first = page.locator(`${table} tbody tr`).first()
    const sent = await first.locator('td[data-col="sent"] time').getAttribute('datetime')
    const completed = await first.locator('td[data-col="completed"] time').getAttribute('datetime')
    expect(sent).toBe(records.data[0]!.date)
    expect(completed).toBe(records.data[0]!.completedAt)
    expect(Date.parse(completed!)).toBeGreaterThanOrEqual(Date.parse(sent!))
    expect(await first.locator('td[data-col="completed"] [data-detail="completed"]').textContent()).toMatch(
      /giây|phút|giờ/,
    )

    // Export in another order than the default: the file follows the table.
    await page.click(`${table} th[data-col="cost"] button`)
    const shown = await page.$$eval(`${table} tbody tr`, (rows) =>
      rows.map((tr) => {
        const cell = (col: string) => tr.querySelector(`td[data-col="${col}"]`)
        return {
          sent: cell('sent')?.querySelector('time')?.getAttribute('datetime') ?? '',
          completed: cell('completed')?.querySelector('time')?.getAttribute('datetime') ?? '',
          // The instant in the page's own zone, read with Date's getters rather than Intl.
          completedLocal: (() => {
            const iso = cell('completed')?.querySelector('time')?.getAttribute('datetime')
            if (!iso) return ''
            const d = new Date(iso)
            const p = (n: number) => String(n).padStart(2, '0')
            return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
          })(),
          model: cell('model')?.textContent?.trim() ?? '',
          cost: cell('cost')?.firstChild?.textContent ?? '',
          tokens: cell('tokens')?.firstChild?.textContent ?? '',
          status: cell('status')?.firstChild?.textContent?.trim() ?? '',
          keySource: cell('status')?.querySelector('[data-detail]')?.textContent?.trim() ?? '',
        }
      }),
    )
    const savedBefore = rig.harness.desktop.saved.length
    await page.click('[data-testid="export-csv"]')
    await expect.poll(() => rig.harness.desktop.saved.length).toBe(savedBefore + 1)
    const path = rig.harness.desktop.saved.at(-1)!
    expect(path).toMatch(/loa-usage-\d{4}-\d{2}-\d{2}\.csv$/)
    await expect.poll(() => page.textContent('[data-testid="export-saved"]')).toContain(path)

    const bytes = await readFile(path)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const content = bytes.toString('utf8').slice(1)
    const lines = content.split('\r\n')
    expect(lines.at(-1)).toBe('')
    // The demo's 30 days hold more than the 200 the service lists: the file says so above its header,
    // quoted as one field.
    expect(lines[0]).toMatch(/^"Chỉ có \d+ yêu cầu mới nhất: 30 ngày qua có [\d.]+ yêu cầu, .*"$/)
    // The time headers name the zone after a comma, so they are quoted; nothing in the demo's records
    // needs quoting, so splitting the rows on commas reads them exactly.
    const header = [...lines[1]!.matchAll(/"([^"]*)"|([^,]+)/g)].map((m) => m[1] ?? m[2])
    expect(lines.slice(2).join('\r\n')).not.toContain('"')
    const rows = lines.slice(2, -1).map((l) => l.split(','))
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(header).toEqual([
      expect.stringMatching(new RegExp(`^Gửi lúc \\(giờ ${zone}, GMT`)),
      expect.stringMatching(new RegExp(`^Hoàn tất \\(giờ ${zone}, GMT`)),
      'Thời gian (giây)',
      'Mô hình',
      'Token',
      'Token vào',
      'Token ra',
      'Token cache',
      'Token suy luận',
      'Giá gốc (VND)',
      'Giảm giá (%)',
      'Chi phí (VND)',
      'Trạng thái',
      'Nguồn khóa',
    ])
    expect(rows).toHaveLength(shown.length)
    rows.forEach((row, i) => {
      const cell = shown[i]!
      // The file's wall-clock time is the table's instant in the zone the table shows.
      expect(row[0]).toMatch(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/)
      expect(row[1]).toBe(cell.completedLocal)
      expect(row[3]).toBe(cell.model)
      expect(Number(row[4])).toBe(digits(cell.tokens))
      expect(Number(row[11])).toBe(digits(cell.cost))
      expect(row[12]).toBe(cell.status)
      expect(row[13]).toBe(cell.keySource)
    })
    const costs = rows.map((r) => Number(r[11]))
    expect(costs).toEqual([...costs].sort((a, b) => b - a))
    await page.close()
  })
})

/** A harness whose user saved `key` for `gateway` earlier: the key is read at start-up, not validated. */
async function harnessWithSavedKey(key: string): Promise<{ h: Harness; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'loa-e2e-saved-'))
  const settings = { ...rig.harness.core.settings.get(), baseUrl: rig.gateway.baseUrl, language: 'vi' }
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings))
  const store = new MemorySecretStore()
  await store.set(accountFor(rig.gateway.baseUrl), key)
  const h = await startTestHarness({ dataDir, secrets: { store, warning: null } })
  expect(h.core.connection.keyStatus()).toMatchObject({ hasKey: true, demo: false })
  return {
    h,
    cleanup: async () => {
      await h.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

describe('accounts that may not see Account & Usage', () => {
  it('a reseller key: the popup says so and still offers the catalog', async () => {
    await rig.harness.core.connection.setKey(rig.gateway.keys.reseller!, rig.gateway.baseUrl)
    try {
      const main = await rig.browser.newPage()
      await main.goto(rig.harness.launchUrl('voice'))
      await main.waitForSelector('nav')
      const page = await openPopup()
      const blocked = page.locator('[data-testid="account-blocked"]')
      await expect.poll(() => blocked.getAttribute('data-block')).toBe('catalog_only')
      expect(await blocked.textContent()).toContain('Tài khoản & Sử dụng không khả dụng cho tài khoản này')
      expect(await page.isVisible('[data-testid="popup-balance"]')).toBe(false)
      await page.click('[data-testid="blocked-catalog"]')
      await expect.poll(() => main.textContent('main h1')).toBe('Danh mục mô hình')

      // The usage window says it in place of each section's data.
      await main.click('nav a[data-view="usage"]')
      await expect
        .poll(async () =>
          (
            await main.locator('[data-testid="usage-records"] [data-error-kind="forbidden"]').textContent()
          )?.trim(),
        )
        .toMatch(/^Không khả dụng cho tài khoản này\./)
      await page.close()
      await main.close()
    } finally {
      await rig.harness.core.connection.clearKey()
    }
  })

  it('a disabled account: the popup says so clearly', async () => {
    const { h, cleanup } = await harnessWithSavedKey(rig.gateway.keys.disabled!)
    try {
      const page = await openPopup(h)
      const blocked = page.locator('[data-testid="account-blocked"]')
      await expect.poll(() => blocked.getAttribute('data-block')).toBe('locked')
      expect(await blocked.textContent()).toContain('Tài khoản bị vô hiệu hóa hoặc đang bị khóa')
      expect(await page.isVisible('[data-testid="popup-balance"]')).toBe(false)
      await page.close()
    } finally {
      await cleanup()
    }
  })

  it('a revoked key: the popup says the key was rejected and leads to Settings', async () => {
    const { h, cleanup } = await harnessWithSavedKey(rig.gateway.keys.revoked!)
    try {
      const page = await openPopup(h, 'dark')
      const blocked = page.locator('[data-testid="account-blocked"]')
      await expect.poll(() => blocked.getAttribute('data-block')).toBe('auth')
      expect(await blocked.textContent()).toContain('Khóa API bị từ chối')
      await expect.poll(() => page.isVisible('[data-testid="blocked-settings"]')).toBe(true)
      await page.close()
    } finally {
      await cleanup()
    }
  })
})

describe('the strict CSP', () => {
  it('blocked nothing on any page above: no injected styles, no eval', () => {
    expect(cspViolations).toEqual([])
  })
})
