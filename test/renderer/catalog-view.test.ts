// The Catalog view in jsdom over a fake bridge: the states the embedded demo service cannot easily be made
// to show (a locked account, a stale list whose refresh failed, a slow load) and the tablist's keyboard.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogKind, CatalogList, IpcResult, Settings } from '../../preload/contract'
import { demoCatalogList, speechModel } from './catalog-fixtures'
import { viewHost } from './view-host'

type ListAnswer = (kind: CatalogKind) => Promise<IpcResult<CatalogList>>

const bridge = vi.hoisted(() => {
  const state: { list: ListAnswer | null; asked: string[]; speech: unknown[]; realtime: unknown[] } = {
    list: null,
    asked: [],
    speech: [],
    realtime: [],
  }
  const none = () => () => {}
  const fake = {
    settings: { onChanged: none },
    key: { onChanged: none },
    connection: { onChanged: none },
    account: { glance: async () => ({ ok: true, value: { me: { value: { plan: 'ADVANCED_PLUS' } } } }) },
    catalog: {
      list: ({ kind }: { kind: CatalogKind }) => state.list!(kind),
      model: async () => ({ ok: false, error: { kind: 'not_found', message: 'no' } }),
    },
    tts: {
      models: async () => {
        state.asked.push('speech')
        return { ok: true, value: { plan: 'ADVANCED_PLUS', models: state.speech, defaultModel: null } }
      },
    },
    voice: {
      models: async () => {
        state.asked.push('realtime')
        return { ok: true, value: { plan: 'ADVANCED_PLUS', models: state.realtime } }
      },
    },
  }
  ;(window as unknown as { loa: unknown }).loa = fake
  return state
})

const { default: Catalog } = await import('../../renderer/views/Catalog.svelte')
const { app } = await import('../../renderer/stores/app.svelte')
const { catalog } = await import('../../renderer/stores/catalog.svelte')

const host = viewHost({ ticks: 5 })
let account = 0

const nbsp = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function show(list: ListAnswer) {
  bridge.list = list
  // A fresh account each time, so the shared store starts over.
  catalog.useAccount(`test-${++account}`)
  host.show(Catalog)
}

beforeEach(() => {
  app.settings.set({ language: 'vi', theme: 'light' } as Settings)
})

describe('catalog states', () => {
  it('says it is loading until the list comes', async () => {
    let release!: (r: IpcResult<CatalogList>) => void
    show(() => new Promise((r) => (release = r)))
    expect(host.target.querySelector('[data-testid="catalog-loading"]')?.textContent).toBe(
      'Đang tải danh mục…',
    )
    release({ ok: true, value: demoCatalogList('text') })
    await host.settle()
    expect(host.target.querySelector('[data-testid="catalog-loading"]')).toBeNull()
    expect(host.target.querySelectorAll('tbody tr[data-model-id]')).toHaveLength(11)
  })

  it('explains a 403 account lock, with the service message and a retry', async () => {
    let calls = 0
    show(async (kind) => {
      calls++
      if (calls === 1) {
        return {
          ok: false,
          error: { kind: 'account_locked', message: 'This account is disabled. Contact support.' },
        }
      }
      return { ok: true, value: demoCatalogList(kind) }
    })
    await host.settle()
    const alert = host.target.querySelector('[data-testid="catalog-error"]')!
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.getAttribute('data-error-kind')).toBe('account_locked')
    expect(alert.textContent).toContain('Không tải được danh mục.')
    expect(alert.textContent).toContain('24 giờ khóa bảo mật')
    expect(alert.textContent).toContain('This account is disabled. Contact support.')
    alert.querySelector('button')!.click()
    await host.settle()
    expect(host.target.querySelector('[data-testid="catalog-error"]')).toBeNull()
    expect(host.target.querySelectorAll('tbody tr[data-model-id]')).toHaveLength(11)
  })

  it('shows the rate-limit wait in seconds', async () => {
    show(async () => ({
      ok: false,
      error: { kind: 'rate_limit', message: 'Too many', retryAfterMs: 12_300 },
    }))
    await host.settle()
    expect(host.target.querySelector('[data-testid="catalog-error"]')!.textContent).toContain(
      'Thử lại sau 13 giây',
    )
  })

  it('keeps showing a stale list with its age when the refresh failed', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString()
    show(async (kind) => ({
      ok: true,
      value: demoCatalogList(kind, {
        fetchedAt: twoHoursAgo,
        stale: true,
        error: { kind: 'network', message: 'connect ECONNREFUSED' },
      }),
    }))
    await host.settle()
    const stale = host.target.querySelector('[data-testid="catalog-stale"]')!
    expect(stale.textContent).toContain('Đang hiện dữ liệu từ 2 giờ trước: không làm mới được.')
    expect(stale.textContent).toContain('Không kết nối được với dịch vụ.')
    expect(host.target.querySelectorAll('tbody tr[data-model-id]')).toHaveLength(11)
    expect(host.target.querySelector('[data-testid="catalog-count"]')!.textContent).toBe('11 / 11 mô hình')
  })

  it('marks a stale list that is still being refreshed by its age alone', async () => {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000 - 5_000).toISOString()
    show(async (kind) => ({
      ok: true,
      value: demoCatalogList(kind, { fetchedAt: tenMinutesAgo, stale: true, refreshing: true }),
    }))
    await host.settle()
    expect(host.target.querySelector('[data-testid="catalog-stale"]')!.textContent).toContain(
      'Dữ liệu từ 10 phút trước, có thể đã cũ.',
    )
  })

  it('says so when nothing matches, and clearing the filters brings the rows back', async () => {
    show(async (kind) => ({ ok: true, value: demoCatalogList(kind) }))
    await host.settle()
    const search = host.target.querySelector<HTMLInputElement>('input[name="catalog-search"]')!
    search.value = 'không có mô hình này'
    search.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    const empty = host.target.querySelector('[data-testid="catalog-empty"]')!
    expect(empty.textContent).toContain('Không có mô hình nào khớp bộ lọc.')
    expect(host.target.querySelector('table')).toBeNull()
    empty.querySelector('button')!.click()
    flushSync()
    expect(search.value).toBe('')
    expect(host.target.querySelectorAll('tbody tr[data-model-id]')).toHaveLength(11)
  })
})

describe('tabs', () => {
  it('move with the arrow keys, Home and End, loading each tab once', async () => {
    const asked = bridge.asked
    asked.length = 0
    show(async (kind) => {
      asked.push(kind)
      return { ok: true, value: demoCatalogList(kind) }
    })
    await host.settle()
    const tab = (kind: string) =>
      host.target.querySelector<HTMLButtonElement>(`[role="tab"][data-kind="${kind}"]`)!
    expect(tab('text').getAttribute('aria-selected')).toBe('true')
    expect(tab('text').tabIndex).toBe(0)
    expect(tab('image').tabIndex).toBe(-1)

    tab('text').focus()
    tab('text').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await host.settle()
    expect(tab('image').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab('image'))
    expect(host.target.querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby')).toBe(
      'catalog-tab-image',
    )
    expect(host.target.querySelector('table[data-kind="image"]')).not.toBeNull()

    tab('image').dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))
    await host.settle()
    expect(tab('realtime').getAttribute('aria-selected')).toBe('true')
    tab('realtime').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await host.settle()
    expect(tab('text').getAttribute('aria-selected')).toBe('true')
    tab('text').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
    await host.settle()
    expect(tab('realtime').getAttribute('aria-selected')).toBe('true')
    tab('realtime').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
    await host.settle()
    expect(tab('speech').getAttribute('aria-selected')).toBe('true')
    tab('speech').dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))
    await host.settle()
    expect(tab('text').getAttribute('aria-selected')).toBe('true')
    expect(asked).toEqual(['text', 'image', 'realtime', 'speech'])
  })
})

describe('speech and realtime prices', () => {
  it('read "unknown" where the service gave no figure, never 0 ₫, in both languages', async () => {
    bridge.speech = [
      speechModel('vendor/unpriced', null),
      speechModel('free/tts', 0),
      speechModel('openai/tts-1', 412_500),
    ]
    bridge.realtime = [
      {
        id: 'vendor/unpriced-live',
        name: 'Unpriced',
        protocol: 'live',
        voices: [],
        defaultVoice: null,
        estimatedVndPerMin: null,
        maxSessionSec: null,
        defaultTransport: null,
        tokenPricesVnd: { audioIn: null, audioOut: null, textIn: null, textOut: null, cachedIn: null },
        unavailable: 'no_price_table',
      },
    ]
    show(async (kind) => ({ ok: true, value: demoCatalogList(kind) }))
    await host.settle()
    const cell = (kind: string, id: string, testid: string) =>
      nbsp(
        host.target.querySelector(
          `table[data-kind="${kind}"] tr[data-model-id="${id}"] [data-testid="${testid}"]`,
        )?.textContent,
      )

    catalog.select('speech')
    await host.settle()
    expect(cell('speech', 'vendor/unpriced', 'speech-price')).toBe('không rõ')
    expect(cell('speech', 'free/tts', 'speech-price')).toBe('0 ₫ Miễn phí')
    expect(cell('speech', 'openai/tts-1', 'speech-price')).toBe('412.500 ₫')

    catalog.select('realtime')
    await host.settle()
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-price')).toBe('không rõ')
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-audio-in')).toBe('không rõ')
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-audio-out')).toBe('không rõ')
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-other-tokens')).toBe('không rõ')
    expect(nbsp(host.target.querySelector('table[data-kind="realtime"] tbody tr')?.textContent)).toContain(
      'Chưa có bảng giá, chưa dùng được',
    )

    app.settings.set({ language: 'en', theme: 'light' } as Settings)
    flushSync()
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-price')).toBe('unknown')
    expect(cell('realtime', 'vendor/unpriced-live', 'realtime-audio-in')).toBe('unknown')
    catalog.select('speech')
    await host.settle()
    expect(cell('speech', 'vendor/unpriced', 'speech-price')).toBe('unknown')
    expect(cell('speech', 'openai/tts-1', 'speech-price')).toBe('₫412,500')
    catalog.select('text')
  })
})

describe('realtime token prices', () => {
  const model = (id: string, tokenPricesVnd: Record<string, number | null>) => ({
    id,
    name: id,
    protocol: 'model-r',
    voices: ['alloy'],
    defaultVoice: 'alloy',
    estimatedVndPerMin: 2_723,
    maxSessionSec: 3_600,
    defaultTransport: 'webrtc',
    tokenPricesVnd,
    unavailable: null,
  })

  it('shows audio in and out per 1M tokens, and only the text and cache prices the list gives', async () => {
    bridge.realtime = [
      model('vendor/r', {
        audioIn: 1_375_000,
        audioOut: 2_722_500,
        textIn: 110_000,
        textOut: 440_000,
        cachedIn: 11_000,
      }),
      model('vendor/live', {
        audioIn: 137_500,
        audioOut: 550_000,
        textIn: 13_750,
        textOut: null,
        cachedIn: null,
      }),
      model('vendor/half', { audioIn: 426_250, audioOut: null, textIn: null, textOut: null, cachedIn: null }),
    ]
    show(async (kind) => ({ ok: true, value: demoCatalogList(kind) }))
    await host.settle()
    catalog.select('realtime')
    await host.settle()
    const row = (id: string) =>
      host.target.querySelector(`table[data-kind="realtime"] tr[data-model-id="${id}"]`)!
    const cell = (id: string, testid: string) =>
      nbsp(row(id).querySelector(`[data-testid="${testid}"]`)?.textContent)
    const others = (id: string) =>
      [...row(id).querySelectorAll('[data-testid="realtime-other-tokens"] li')].map((e) =>
        nbsp(e.textContent),
      )
    const kinds = (id: string) =>
      [...row(id).querySelectorAll('[data-testid="realtime-other-tokens"] li')].map((e) =>
        e.getAttribute('data-kind'),
      )

    expect(cell('vendor/r', 'realtime-audio-in')).toBe('1.375.000 ₫')
    expect(cell('vendor/r', 'realtime-audio-out')).toBe('2.722.500 ₫')
    expect(kinds('vendor/r')).toEqual(['textIn', 'textOut', 'cachedIn'])
    expect(others('vendor/r')).toEqual([
      'văn bản vào 110.000 ₫',
      'văn bản ra 440.000 ₫',
      'đầu vào đã lưu đệm 11.000 ₫',
    ])
    expect(kinds('vendor/live')).toEqual(['textIn'])
    expect(cell('vendor/half', 'realtime-audio-in')).toBe('426.250 ₫')
    expect(cell('vendor/half', 'realtime-audio-out')).toBe('không rõ')
    expect(cell('vendor/half', 'realtime-other-tokens')).toBe('không rõ')
    expect(nbsp(host.target.querySelector('table[data-kind="realtime"]')!.textContent)).not.toMatch(
      /(^|\D)0 ₫/,
    )

    app.settings.set({ language: 'en', theme: 'light' } as Settings)
    flushSync()
    expect(cell('vendor/live', 'realtime-audio-out')).toBe('₫550,000')
    expect(cell('vendor/live', 'realtime-other-tokens')).toBe('text in ₫13,750')
    expect(cell('vendor/half', 'realtime-audio-out')).toBe('unknown')
    catalog.select('text')
  })
})

describe('the plan line', () => {
  it("names the caller's plan", async () => {
    show(async (kind) => ({ ok: true, value: demoCatalogList(kind) }))
    await host.settle()
    expect(host.target.querySelector('[data-testid="catalog-plan"]')!.textContent).toContain(
      'gói Advanced+ của bạn',
    )
  })
})
