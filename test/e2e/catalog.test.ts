// The Catalog in real Chromium through the browser harness, against the embedded demo service. Expected
// figures come from the demo service's own answers, fetched here with the demo key.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'

let browser: Browser
let harness: Awaited<ReturnType<typeof startTestHarness>>

type Json = Record<string, unknown> & { model_id: string; name: string; provider: string }
const api: Record<'text' | 'image' | 'video' | 'embedding', Json[]> = {
  text: [],
  image: [],
  video: [],
  embedding: [],
}

/** What the demo service answers `path` with, asked with the key main uses. */
async function serviceJson<T>(path: string): Promise<T> {
  const { baseUrl, key } = harness.core.connection.endpoint()
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${key}`, 'user-agent': 'loa-e2e' },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

async function fetchModels(kind: keyof typeof api): Promise<Json[]> {
  return (await serviceJson<{ data: Json[] }>(`/v1/management/models/${kind}`)).data
}

beforeAll(async () => {
  harness = await startTestHarness()
  browser = await launchChromium()
  for (const kind of Object.keys(api) as (keyof typeof api)[]) api[kind] = await fetchModels(kind)
})

afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

/** Intl writes a no-break space before ₫ and US$; compare with plain spaces. */
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
const vndRangeVi = (min: number, max: number) =>
  plain(
    new Intl.NumberFormat('vi-VN', {
      style: 'currency',
      currency: 'VND',
      maximumFractionDigits: 0,
    }).formatRange(min, max),
  )
const usdVi = (n: number) =>
  plain(
    new Intl.NumberFormat('vi-VN', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(n),
  )

async function openCatalog(kind = 'text'): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(harness.launchUrl('catalog'))
  await page.waitForSelector('table[data-kind="text"]')
  if (kind !== 'text') await showTab(page, kind)
  return page
}

async function showTab(page: Page, kind: string): Promise<void> {
  await page.click(`[role="tab"][data-kind="${kind}"]`)
  await page.waitForSelector(`table[data-kind="${kind}"]`)
}

const rowIds = (page: Page, kind: string) =>
  page.$$eval(`table[data-kind="${kind}"] tbody tr`, (rows) =>
    rows.map((r) => r.getAttribute('data-model-id')),
  )

const rowText = async (page: Page, kind: string, id: string) =>
  plain(await page.innerText(`table[data-kind="${kind}"] tr[data-model-id="${id}"]`))

async function openDetail(page: Page, kind: string, id: string): Promise<void> {
  await page.click(`table[data-kind="${kind}"] tr[data-model-id="${id}"] button`)
  await page.waitForSelector(`[data-testid="model-dialog"] [data-source="detail"][data-kind="${kind}"]`)
}

async function closeDetail(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.waitForSelector('[data-testid="model-dialog"]', { state: 'hidden' })
}

type VideoEntry = {
  resolution: string
  costPerSecondUSD: number
  example_8s_USD: number
  discounted_8s_VND: number
}
type ByInputEntry = {
  resolution: string
  by_input_type: Record<string, { costPerSecondUSD: number; example_8s_USD: number }>
}
type VideoPricing = { per_resolution?: (VideoEntry | ByInputEntry)[]; flat?: Omit<VideoEntry, 'resolution'> }
const pricingOf = (m: Json) => m.pricing as VideoPricing

describe('tabs', () => {
  it('render every model of each kind the service lists', async () => {
    const page = await openCatalog()
    for (const kind of ['text', 'image', 'video', 'embedding'] as const) {
      await showTab(page, kind)
      expect(api[kind].length).toBeGreaterThan(0)
      expect((await rowIds(page, kind)).sort()).toEqual(api[kind].map((m) => m.model_id).sort())
      expect(await page.getAttribute(`[role="tab"][data-kind="${kind}"]`, 'aria-selected')).toBe('true')
      expect(plain(await page.innerText('[data-testid="catalog-count"]'))).toBe(
        `${api[kind].length} / ${api[kind].length} mô hình`,
      )
    }
    // Keyboard: the selected tab takes focus, the arrows move the selection.
    await page.focus('[role="tab"][data-kind="embedding"]')
    await page.keyboard.press('ArrowLeft')
    await page.waitForSelector('table[data-kind="video"]')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-kind'))).toBe('video')
    await page.keyboard.press('End')
    await page.waitForSelector('table[data-kind="realtime"]')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-kind'))).toBe('realtime')
    await page.close()
  })
})

describe('video pricing shapes', () => {
  const find = (shape: 'per_resolution' | 'by_input_type' | 'flat') =>
    api.video.find((m) => {
      const p = pricingOf(m)
      if (shape === 'flat') return p.flat !== undefined
      const first = p.per_resolution?.[0]
      if (!first) return false
      return shape === 'by_input_type' ? 'by_input_type' in first : !('by_input_type' in first)
    })!

  it('per_resolution: cost per second and the discounted 8 s VND of every resolution', async () => {
    const model = find('per_resolution')
    expect(model).toBeDefined()
    const page = await openCatalog('video')
    const row = await rowText(page, 'video', model.model_id)
    const entries = pricingOf(model).per_resolution as VideoEntry[]
    for (const e of entries) {
      expect(row).toContain(
        `${e.resolution} ${usdVi(e.costPerSecondUSD)}/giây 8 giây: ${vndVi(e.discounted_8s_VND)}`,
      )
    }
    await openDetail(page, 'video', model.model_id)
    const prices = '[data-testid="model-dialog"] [data-testid="video-prices"]'
    expect(await page.getAttribute(prices, 'data-shape')).toBe('per_resolution')
    for (const e of entries) {
      const cells = await page.$$eval(`${prices} tr[data-resolution="${e.resolution}"] > *`, (c) =>
        c.map((x) => (x as HTMLElement).innerText),
      )
      expect(cells.map(plain)).toEqual([
        e.resolution,
        usdVi(e.costPerSecondUSD),
        usdVi(e.example_8s_USD),
        vndVi(e.discounted_8s_VND),
      ])
    }
    await closeDetail(page)
    await page.close()
  })

  it('per_resolution with by_input_type: text, remix and omni for each resolution', async () => {
    const model = find('by_input_type')
    expect(model).toBeDefined()
    const entries = pricingOf(model).per_resolution as ByInputEntry[]
    const page = await openCatalog('video')
    const row = await rowText(page, 'video', model.model_id)
    for (const e of entries) {
      const perSecond = Object.values(e.by_input_type).map((p) => p.costPerSecondUSD)
      expect(row).toContain(e.resolution)
      expect(row).toContain(usdVi(Math.min(...perSecond)).replace(' US$', ''))
      expect(row).toContain(`${usdVi(Math.max(...perSecond))}/giây`)
    }
    expect(row).toContain('tùy loại đầu vào')
    // Every resolution's dollar range has its dong too: the 8 s price at the service's rate.
    for (const e of entries) {
      const usd8s = Object.values(e.by_input_type).map((p) => p.example_8s_USD)
      const range = vndRangeVi(Math.min(...usd8s) * 27_500, Math.max(...usd8s) * 27_500)
      expect(
        plain(
          await page.innerText(`tr[data-model-id="${model.model_id}"] li[data-resolution="${e.resolution}"]`),
        ),
      ).toContain(`8 giây: ≈ ước tính ${range}`)
    }

    await openDetail(page, 'video', model.model_id)
    const prices = '[data-testid="model-dialog"] [data-testid="video-prices"]'
    expect(await page.getAttribute(prices, 'data-shape')).toBe('by_input_type')
    const labels: Record<string, string> = { text: 'Văn bản', remix: 'Remix', omni: 'Omni' }
    for (const e of entries) {
      for (const [type, p] of Object.entries(e.by_input_type)) {
        const cells = (
          await page.$$eval(
            `${prices} tr[data-resolution="${e.resolution}"][data-input-type="${type}"] > *`,
            (c) => c.map((x) => (x as HTMLElement).innerText),
          )
        ).map(plain)
        // The first row of a resolution also holds the resolution's own header cell.
        expect(cells.slice(-4)).toEqual([
          labels[type] ?? type,
          usdVi(p.costPerSecondUSD),
          usdVi(p.example_8s_USD),
          `≈ ước tính ${vndVi(p.example_8s_USD * 27_500)}`,
        ])
      }
    }
    expect(plain(await page.innerText(prices))).toContain('chưa trừ chiết khấu')
    await closeDetail(page)
    await page.close()
  })

  it('flat: one price per second and its discounted 8 s VND for every resolution', async () => {
    const model = find('flat')
    expect(model).toBeDefined()
    const flat = pricingOf(model).flat!
    const page = await openCatalog('video')
    const row = await rowText(page, 'video', model.model_id)
    expect(row).toContain(`${usdVi(flat.costPerSecondUSD)}/giây 8 giây: ${vndVi(flat.discounted_8s_VND)}`)
    expect(row).toContain('Một giá cho mọi độ phân giải')
    await openDetail(page, 'video', model.model_id)
    const prices = '[data-testid="model-dialog"] [data-testid="video-prices"]'
    expect(await page.getAttribute(prices, 'data-shape')).toBe('flat')
    const text = plain(await page.innerText(prices))
    expect(text).toContain(`Mỗi giây (USD) ${usdVi(flat.costPerSecondUSD)}`)
    expect(text).toContain(`8 giây (USD) ${usdVi(flat.example_8s_USD)}`)
    expect(text).toContain(`8 giây (VND, gói của bạn) ${vndVi(flat.discounted_8s_VND)}`)
    await closeDetail(page)
    await page.close()
  })
})

describe('speech and realtime tabs', () => {
  type TtsJson = { id: string; name: string | null; price_vnd_per_1m_chars: number | null }
  type RealtimeJson = {
    id: string
    estimated_vnd_per_min: number | null
    max_session_sec: number | null
    configured: boolean
  }

  it('list every speech model the service sells, each with its VND per 1M characters', async () => {
    const tts = (await serviceJson<{ data: TtsJson[] }>('/v1/models/tts')).data
    expect(tts.length).toBeGreaterThan(20)
    const page = await openCatalog('speech')
    expect((await rowIds(page, 'speech')).sort()).toEqual(tts.map((m) => m.id).sort())
    expect(plain(await page.innerText('[data-testid="catalog-count"]'))).toBe(
      `${tts.length} / ${tts.length} mô hình`,
    )
    for (const m of tts) {
      const price = plain(
        await page.innerText(
          `table[data-kind="speech"] tr[data-model-id="${m.id}"] [data-testid="speech-price"]`,
        ),
      )
      if (m.price_vnd_per_1m_chars === null) expect(price, m.id).toBe('không rõ')
      else if (m.price_vnd_per_1m_chars === 0) expect(price, m.id).toBe(`${vndVi(0)} Miễn phí`)
      else expect(price, m.id).toBe(vndVi(m.price_vnd_per_1m_chars))
    }
    await page.close()
  })

  it('list every realtime model with the VND per minute on the plan, unpriced ones said so', async () => {
    const realtime = (await serviceJson<{ data: RealtimeJson[] }>('/v1/realtime/models')).data
    expect(realtime.length).toBeGreaterThanOrEqual(3)
    const page = await openCatalog('realtime')
    expect((await rowIds(page, 'realtime')).sort()).toEqual(realtime.map((m) => m.id).sort())
    for (const m of realtime) {
      const row = `table[data-kind="realtime"] tr[data-model-id="${m.id}"]`
      const price = plain(await page.innerText(`${row} [data-testid="realtime-price"]`))
      expect(price, m.id).toBe(
        m.estimated_vnd_per_min === null ? 'không rõ' : `${vndVi(m.estimated_vnd_per_min)}/phút`,
      )
      const text = await rowText(page, 'realtime', m.id)
      if (m.max_session_sec === 86_400) expect(text).toContain('24 giờ')
      if (m.max_session_sec === 3_600) expect(text).toContain('60 phút')
      expect(text.includes('Chưa có bảng giá'), m.id).toBe(!m.configured)
    }
    // No dollar figure anywhere on these tabs: the service prices them in dong.
    expect(await page.innerText('[role="tabpanel"]')).not.toContain('US$')
    await page.close()
  })
})

describe('text prices', () => {
  it('show a null price as not supported, and a price of 0 as 0', async () => {
    const pricing = (m: Json) => m.pricing as Record<string, number | null>
    const withNull = api.text.find((m) => pricing(m).cache_write === null && pricing(m).cache_read !== null)!
    const free = api.text.find((m) => pricing(m).input === 0)!
    expect(withNull).toBeDefined()
    expect(free).toBeDefined()
    const page = await openCatalog('text')

    await openDetail(page, 'text', withNull.model_id)
    const line = (key: string) => page.innerText(`[data-testid="text-prices"] tr[data-price="${key}"]`)
    expect(plain(await line('cache_write'))).toBe('Ghi cache Không hỗ trợ')
    const p = pricing(withNull)
    const percent = (withNull.discount as { percent: number }).percent
    expect(plain(await line('cache_read'))).toBe(
      `Đọc cache ≈ ước tính ${vndVi(p.cache_read! * 27_500 * (1 - percent / 100))} ${usdVi(p.cache_read!)}`,
    )
    expect(plain(await line('input'))).toContain(usdVi(p.input!))
    expect(plain(await page.innerText('[data-testid="your-discount"]'))).toContain(`${percent}%`)
    const rpd = (withNull.rate_limits as Record<string, number | null>).rpd
    if (rpd === null) expect(plain(await page.innerText('[data-limit="rpd"]'))).toContain('Không giới hạn')
    await closeDetail(page)

    await openDetail(page, 'text', free.model_id)
    expect(plain(await line('input'))).toBe(`Đầu vào ≈ ước tính ${vndVi(0)} ${usdVi(0)}`)
    await closeDetail(page)
    await page.close()
  })
})

describe('image prices', () => {
  type Entry = {
    quality?: string
    size?: string
    resolution?: string
    priceUSD: number
    discountedVND: number
  }
  const gen = (m: Json) => (m.pricing as { generation: Entry[]; editing?: Entry[] }).generation
  const editing = (m: Json) => (m.pricing as { editing?: Entry[] }).editing

  it('lay quality/size entries out as a grid, editing prices too', async () => {
    const model = api.image.find((m) => gen(m)[0]?.quality !== undefined && editing(m))!
    expect(model).toBeDefined()
    const page = await openCatalog('image')
    await openDetail(page, 'image', model.model_id)
    const grid = '[data-testid="image-generation"] table[data-shape="quality_size"]'
    const sizes = [...new Set(gen(model).map((e) => e.size!))]
    const qualities = [...new Set(gen(model).map((e) => e.quality!))]
    const header = await page.$$eval(`${grid} thead th`, (c) => c.map((x) => (x as HTMLElement).innerText))
    expect(header.slice(1).map(plain)).toEqual(sizes)
    expect(
      await page.$$eval(`${grid} tbody tr`, (r) => r.map((x) => x.getAttribute('data-quality'))),
    ).toEqual(qualities)
    for (const e of gen(model)) {
      const cell = plain(
        await page.innerText(`${grid} tr[data-quality="${e.quality}"] td[data-size="${e.size}"]`),
      )
      expect(cell).toBe(`${vndVi(e.discountedVND)} ${usdVi(e.priceUSD)}`)
    }
    expect(await page.isVisible('[data-testid="image-editing"] table[data-shape="quality_size"]')).toBe(true)
    expect(plain(await page.innerText('[data-testid="image-qualities"]'))).toBe(
      (model.supported_qualities as string[]).join(', '),
    )
    await closeDetail(page)
    await page.close()
  })

  it('list resolution entries by resolution', async () => {
    const model = api.image.find((m) => gen(m)[0]?.resolution !== undefined && editing(m))!
    expect(model).toBeDefined()
    const page = await openCatalog('image')
    expect(await rowText(page, 'image', model.model_id)).toContain('Độ phân giải')
    await openDetail(page, 'image', model.model_id)
    for (const [testid, entries] of [
      ['image-generation', gen(model)],
      ['image-editing', editing(model)!],
    ] as const) {
      const table = `[data-testid="${testid}"] table[data-shape="resolution"]`
      for (const e of entries) {
        const cells = await page.$$eval(`${table} tr[data-resolution="${e.resolution}"] > *`, (c) =>
          c.map((x) => (x as HTMLElement).innerText),
        )
        expect(cells.map(plain)).toEqual([e.resolution, vndVi(e.discountedVND), usdVi(e.priceUSD)])
      }
      expect(await page.isVisible(`[data-testid="${testid}"] table[data-shape="quality_size"]`)).toBe(false)
    }
    await closeDetail(page)
    await page.close()
  })
})

describe('embedding prices', () => {
  it("show the API's discounted VND per 1M tokens and the free daily quota", async () => {
    const model = api.embedding.find((m) => (m.free_quota as { per_day: number }).per_day > 0)!
    const pricing = model.pricing as { input: number; discountedVND_per_1M: number }
    const page = await openCatalog('embedding')
    expect(await rowText(page, 'embedding', model.model_id)).toContain(
      `${vndVi(pricing.discountedVND_per_1M)} ${usdVi(pricing.input)}`,
    )
    await openDetail(page, 'embedding', model.model_id)
    expect(plain(await page.innerText('[data-testid="embedding-price"] tbody'))).toBe(
      `Đầu vào ${vndVi(pricing.discountedVND_per_1M)} ${usdVi(pricing.input)}`,
    )
    const perDay = (model.free_quota as { per_day: number }).per_day
    expect(plain(await page.innerText('[data-testid="free-quota"]'))).toBe(
      `${perDay.toLocaleString('vi-VN')} token`,
    )
    const plans = await page.$$eval('[data-testid="plan-discounts"] tbody tr', (r) =>
      r.map((x) => x.getAttribute('data-plan')),
    )
    expect(plans).toEqual(['free', 'basic', 'advanced_plus'])
    // The demo key's account is on Advanced+.
    expect(
      await page.getAttribute('[data-testid="plan-discounts"] tr[data-plan="advanced_plus"]', 'class'),
    ).toContain('current')
    await closeDetail(page)
    await page.close()
  })
})

describe('search and filters', () => {
  it('narrow the list, say when nothing matches, and clear', async () => {
    const page = await openCatalog('text')
    const all = api.text.length

    await page.fill('input[name="catalog-search"]', 'gemini')
    await expect
      .poll(() => rowIds(page, 'text'))
      .toEqual(
        api.text
          .filter((m) => `${m.name} ${m.model_id}`.toLowerCase().includes('gemini'))
          .map((m) => m.model_id)
          .sort(),
      )

    await page.fill('input[name="catalog-search"]', '')
    await page.click('details.providers summary')
    await page.check('input[name="catalog-provider"][value="openai"]')
    await page.keyboard.press('Escape')
    await page.waitForSelector('details.providers fieldset', { state: 'hidden' })
    expect(plain(await page.innerText('details.providers summary'))).toContain('openai')
    const openai = api.text.filter((m) => m.provider === 'openai').map((m) => m.model_id)
    await expect.poll(async () => (await rowIds(page, 'text')).sort()).toEqual(openai.sort())
    expect(openai.length).toBeLessThan(all)

    await page.check('input[name="catalog-vision"]')
    const openaiVision = api.text
      .filter((m) => m.provider === 'openai' && m.supports_vision)
      .map((m) => m.model_id)
    await expect.poll(async () => (await rowIds(page, 'text')).sort()).toEqual(openaiVision.sort())

    await page.fill('input[name="catalog-max-price"]', '1')
    await page.waitForSelector('[data-testid="catalog-empty"]')
    expect(plain(await page.innerText('[data-testid="catalog-empty"]'))).toContain(
      'Không có mô hình nào khớp bộ lọc.',
    )
    await page.click('[data-testid="catalog-empty"] button')
    await expect.poll(async () => (await rowIds(page, 'text')).length).toBe(all)
    expect(await page.inputValue('input[name="catalog-max-price"]')).toBe('')
    await page.close()
  })

  it('sort by price, cheapest first', async () => {
    const page = await openCatalog('video')
    await page.selectOption('select[name="catalog-sort"]', 'price')
    const ids = await rowIds(page, 'video')
    expect(ids[0]).toBe('seedance-1-pro')
    expect(new Set(ids)).toEqual(new Set(api.video.map((m) => m.model_id)))
    await page.close()
  })
})

describe('in English', () => {
  it('reads in English after switching the language', async () => {
    const page = await browser.newPage()
    await page.goto(harness.launchUrl('settings'))
    await page.waitForSelector('select[name="language"]')
    await page.selectOption('select[name="language"]', 'en')
    await page.click('nav a[data-view="catalog"]')
    await page.waitForSelector('table[data-kind="text"]')
    try {
      expect(plain(await page.innerText('main h1'))).toBe('Catalog')
      expect(plain(await page.innerText('[role="tab"][data-kind="text"]'))).toMatch(/^Text/)

      const withNull = api.text.find((m) => (m.pricing as Record<string, unknown>).cache_write === null)!
      await openDetail(page, 'text', withNull.model_id)
      expect(plain(await page.innerText('[data-testid="text-prices"] tr[data-price="cache_write"]'))).toBe(
        'Cache write Not supported',
      )
      await closeDetail(page)

      await showTab(page, 'video')
      const veo = api.video.find((m) => m.model_id === 'veo-3')!
      const first = (veo.pricing as { per_resolution: VideoEntry[] }).per_resolution[0]!
      const usdEn = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
      })
      const vndEn = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'VND',
        maximumFractionDigits: 0,
      })
      expect(await rowText(page, 'video', 'veo-3')).toContain(
        plain(
          `${first.resolution} ${usdEn.format(first.costPerSecondUSD)}/s 8 s: ${vndEn.format(first.discounted_8s_VND)}`,
        ),
      )
      expect(plain(await page.innerText('[data-testid="catalog-count"]'))).toBe(
        `${api.video.length} of ${api.video.length} models`,
      )
    } finally {
      await page.click('nav a[data-view="settings"]')
      await page.selectOption('select[name="language"]', 'vi')
      await page.close()
    }
  })
})
