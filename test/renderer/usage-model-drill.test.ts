// The Usage window's per-model drill-down in jsdom over the fake bridge: choosing a model in the table
// shows its totals from `/usage/models` and its requests among the latest `/usage` records, matched
// through the catalogs' names (the two endpoints name a model differently), says how many the 200-record
// list leaves out, reads "unknown" for a model the list no longer has, and gives the focus back on return.
import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Part, Settings, UsageRecordsPage } from '../../preload/contract'
import { usagePageSchema } from '../../main/api/management/schemas/account'
import { withRecordTimes } from '../../main/api/management/usage-times'
import type { ModelUsage } from '../../renderer/components/usage/shapes'
import { installFakeBridge } from './account-fake-bridge'
import { usageRecord } from '../support/usage-record'

const bridge = installFakeBridge()
const { default: ModelsSection } = await import('../../renderer/components/usage/ModelsSection.svelte')
const { app } = await import('../../renderer/stores/app.svelte')
const { usage } = await import('../../renderer/stores/usage.svelte')

const part = <T>(value: T): Part<T> => ({
  value,
  fetchedAt: '2026-11-22T05:00:00.000Z',
  ageMs: 0,
  stale: false,
  refreshing: false,
  error: null,
})

const QWEN = {
  modelId: 'cm0000000000000000000000a',
  modelName: 'Qwen3 235B',
  provider: 'qwen',
  totalTokens: 1_234_567,
  totalCostVND: 98_765,
  requestCount: 5,
}
const GPT = {
  modelId: 'cm0000000000000000000000b',
  modelName: 'GPT Mini',
  provider: 'openai',
  totalTokens: 4_000,
  totalCostVND: 1_500,
  requestCount: 2,
}
const models = (...data: (typeof QWEN)[]): Part<ModelUsage> => part({ data })

/** Three of Qwen's five requests are in the list (by its call id), then two of GPT's, and one of another. */
const RECORDS = [
  usageRecord({
    id: 'q1',
    model: 'qwen/qwen3-235b',
    totalTokens: 100,
    costVND: 1_000,
    date: '2026-11-22T04:00:00Z',
  }),
  usageRecord({ id: 'g1', model: 'openai/gpt-mini', totalTokens: 2_000, costVND: 750 }),
  usageRecord({
    id: 'q2',
    model: 'qwen/qwen3-235b',
    totalTokens: 200,
    costVND: 2_000,
    date: '2026-11-22T03:00:00Z',
  }),
  usageRecord({ id: 'x1', model: 'other/model', totalTokens: 9, costVND: 9 }),
  usageRecord({
    id: 'q3',
    model: 'qwen/qwen3-235b',
    totalTokens: 300,
    costVND: 0,
    date: '2026-11-22T02:00:00Z',
  }),
  usageRecord({ id: 'g2', model: 'openai/gpt-mini', totalTokens: 2_000, costVND: 750 }),
]
const records = (): Part<UsageRecordsPage> =>
  part(withRecordTimes(usagePageSchema.parse({ data: RECORDS, total: 6 })))

let target: HTMLElement
let view: ReturnType<typeof mount> | null = null

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}
const text = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const q = (selector: string) => target.querySelector<HTMLElement>(selector)
const figure = (id: string) => text(q(`[data-testid="model-drill"] [data-figure="${id}"] dd`)?.textContent)
const drillRecordIds = () =>
  [...target.querySelectorAll('[data-testid="model-records-table"] tbody tr')].map((tr) =>
    tr.querySelector('time')?.getAttribute('datetime'),
  )
const openButton = (modelId: string) => q(`[data-testid="models-table"] button[data-open-row="${modelId}"]`)!

beforeEach(() => {
  app.settings.set({ language: 'vi', theme: 'light' } as Settings)
  bridge.answer('catalog:list', (request) => {
    const { kind } = request as { kind: string }
    const data = kind === 'text' ? [{ model_id: 'qwen/qwen3-235b', name: 'Qwen3 235B' }] : []
    return {
      kind,
      list: part({ data, total: data.length }),
      vndPerUsd: { rate: 27_500, source: 'reference' },
    }
  })
  bridge.answer('tts:models', () => ({ plan: null, models: [], defaultModel: null }))
  bridge.answer('voice:models', () => ({
    plan: null,
    models: [{ id: 'openai/gpt-mini', name: 'GPT Mini' }],
  }))
  usage.models.part = models(QWEN, GPT)
  usage.records.part = records()
  usage.closeModel()
  target = document.createElement('div')
  document.body.append(target)
  view = mount(ModelsSection, { target })
  flushSync()
})

afterEach(() => {
  if (view) unmount(view)
  view = null
  target.remove()
})

describe('the per-model drill-down', () => {
  it("opens from the table's model button and shows the model's totals and its own recent requests", async () => {
    expect(q('[data-testid="model-drill"]')).toBeNull()
    const button = openButton(QWEN.modelId)
    expect(button.tagName).toBe('BUTTON')
    expect(button.getAttribute('title')).toBe('Xem chi tiết Qwen3 235B')
    button.click()
    await settle()

    expect(q('[data-testid="models-table"]')).toBeNull()
    expect(q('[data-testid="model-drill"]')?.getAttribute('data-model-id')).toBe(QWEN.modelId)
    expect(document.activeElement).toBe(q('[data-testid="model-drill-title"]'))
    expect(text(q('[data-testid="model-drill-title"]')?.textContent)).toBe('Mô hình Qwen3 235B')
    expect(figure('requests')).toBe('5')
    expect(figure('tokens')).toBe('1.234.567')
    expect(figure('cost')).toBe('98.765 ₫')

    // The records name the model by its call id; the catalog's name ties them to the row.
    expect(drillRecordIds()).toEqual(['2026-11-22T04:00:00Z', '2026-11-22T03:00:00Z', '2026-11-22T02:00:00Z'])
    expect(text(q('[data-testid="model-recent-totals"]')?.textContent)).toBe(
      '3 yêu cầu được liệt kê: 3.000 ₫, 600 token.',
    )
    expect(text(q('[data-testid="model-truncated"]')?.textContent)).toBe(
      'Mô hình này có 5 yêu cầu; chỉ 3 trong số đó nằm trong 200 yêu cầu mới nhất mà dịch vụ liệt kê, nên 2 yêu cầu không hiện ở đây.',
    )
  })

  it('goes back to every model with the focus on the one that was open', async () => {
    openButton(GPT.modelId).click()
    await settle()
    expect(drillRecordIds()).toHaveLength(2)
    // Both of GPT's requests are listed: nothing to say about the cap.
    expect(q('[data-testid="model-truncated"]')).toBeNull()
    q('[data-testid="model-back"]')!.click()
    await settle()
    expect(q('[data-testid="model-drill"]')).toBeNull()
    expect(document.activeElement).toBe(openButton(GPT.modelId))
  })

  it('reads "unknown", never 0 ₫, when the reloaded list no longer has the model, in both languages', async () => {
    openButton(QWEN.modelId).click()
    await settle()
    usage.models.part = models(GPT)
    flushSync()
    expect(q('[data-testid="model-gone"]')).not.toBeNull()
    expect(['requests', 'tokens', 'cost'].map(figure)).toEqual(['chưa rõ', 'chưa rõ', 'chưa rõ'])
    expect(text(q('[data-testid="model-drill"]')?.textContent)).not.toMatch(/(^|\D)0 ₫/)
    expect(q('[data-testid="model-truncated"]')).toBeNull()

    app.settings.set({ language: 'en', theme: 'light' } as Settings)
    flushSync()
    expect(figure('cost')).toBe('unknown')
    expect(text(q('[data-testid="model-back"]')?.textContent)).toBe('← All models')
  })

  it('says in English how many requests the 200-record list leaves out', async () => {
    // The chart does not draw in jsdom, so the language changes once it is off the screen.
    openButton(QWEN.modelId).click()
    await settle()
    app.settings.set({ language: 'en', theme: 'light' } as Settings)
    flushSync()
    expect(figure('cost')).toBe('₫98,765')
    expect(text(q('[data-testid="model-truncated"]')?.textContent)).toBe(
      'This model has 5 requests; only 3 of them are among the latest 200 requests the service lists, so 2 are not shown here.',
    )
  })
})
