// One text model, one VND figure: the Catalog view and `loa models text` convert USD at the same rate,
// the one main works out from the service's own VND prices, whatever that rate is.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CatalogList, IpcResult, Settings, VndPerUsd } from '../../preload/contract'
import {
  embeddingModelListSchema,
  imageModelListSchema,
  textModelListSchema,
} from '../../main/api/management/schemas/catalog'
import { vndPerUsd } from '../../main/api/management/vnd-rate'
import { renderTextModels } from '../../main/cli/catalog-tables'
import { CATALOG_ANSWERS } from './catalog-answers'
import { viewHost } from './view-host'
import { part } from './catalog-fixtures'

/** A rate the service could use that is not the spec's reference rate. */
const SERVICE_RATE = 26_000

const bridge = vi.hoisted(() => {
  const state: { list: CatalogList | null } = { list: null }
  const none = () => () => {}
  ;(window as unknown as { loa: unknown }).loa = {
    settings: { onChanged: none },
    key: { onChanged: none },
    connection: { onChanged: none },
    account: { glance: async () => ({ ok: true, value: { me: { value: { plan: 'ADVANCED_PLUS' } } } }) },
    catalog: {
      list: async (): Promise<IpcResult<CatalogList>> => ({ ok: true, value: state.list! }),
      model: async () => ({ ok: false, error: { kind: 'not_found', message: 'no' } }),
    },
  }
  return state
})

const { default: Catalog } = await import('../../renderer/views/Catalog.svelte')
const { app } = await import('../../renderer/stores/app.svelte')
const { catalog } = await import('../../renderer/stores/catalog.svelte')

/** The demo's image and embedding answers, priced as a service converting at `rate` would price them. */
function pricedAt(rate: number) {
  const image = CATALOG_ANSWERS.image
  const embedding = CATALOG_ANSWERS.embedding
  const vnd = (usd: number, percent: number) => Math.round(usd * rate * (1 - percent / 100))
  return {
    image: imageModelListSchema.parse({
      ...image,
      data: image.data.map((m) => ({
        ...m,
        pricing: {
          ...m.pricing,
          generation: m.pricing.generation.map((e) => ({
            ...e,
            discountedVND: vnd(e.priceUSD, m.discount.percent),
          })),
          editing: m.pricing.editing?.map((e) => ({
            ...e,
            discountedVND: vnd(e.priceUSD, m.discount.percent),
          })),
        },
      })),
    }),
    embedding: embeddingModelListSchema.parse({
      ...embedding,
      data: embedding.data.map((m) => ({
        ...m,
        pricing: { ...m.pricing, discountedVND_per_1M: vnd(m.pricing.input, m.discount.percent) },
      })),
    }),
  }
}

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').trim()
/** `49.500 ₫` out of a cell that also holds the ≈ mark and the USD price. */
const vndIn = (text: string) => plain(text).match(/\d[\d.]* ₫/)?.[0] ?? null

const host = viewHost({ ticks: 5 })

beforeEach(() => {
  app.settings.set({ language: 'vi', theme: 'light' } as Settings)
})

async function showText(list: CatalogList) {
  bridge.list = list
  catalog.useAccount(`parity-${list.vndPerUsd.rate}`)
  host.show(Catalog)
  await host.settle()
}

describe('VND of a text model in the app and in loa', () => {
  it('is the same figure, at the rate the service’s own prices imply', async () => {
    const text = textModelListSchema.parse(CATALOG_ANSWERS.text)
    const rate: VndPerUsd = vndPerUsd(pricedAt(SERVICE_RATE))
    expect(rate).toEqual({ rate: SERVICE_RATE, source: 'service' })

    await showText({ kind: 'text', list: part(text), vndPerUsd: rate })
    const cli = renderTextModels(text.data, rate)
      .split('\n')
      .map((line) => line.trim().split(/\s{2,}/))
    const cliRow = (id: string) => cli.find((cells) => cells[0] === id)!

    expect(text.data.length).toBeGreaterThan(5)
    for (const m of text.data) {
      const cells = host.target.querySelectorAll(`tr[data-model-id="${m.model_id}"] td`)
      const [input, output] = [vndIn(cells[2]!.textContent!), vndIn(cells[3]!.textContent!)]
      // loa's columns: model, context, discount, 4 × USD, then In ₫, Out ₫, Cache ₫, Reasoning ₫.
      expect([input, output]).toEqual([cliRow(m.model_id)[7], cliRow(m.model_id)[8]])
      const expected = Math.round(m.pricing.input * SERVICE_RATE * (1 - m.discount.percent / 100))
      expect(input).toBe(`${expected.toLocaleString('vi-VN')} ₫`)
    }

    const note = host.target.querySelector('[data-testid="estimate-note"]')!
    expect(note.getAttribute('data-rate-source')).toBe('service')
    expect(plain(note.textContent!)).toContain('USD × 26.000 ₫')
    expect(renderTextModels(text.data, rate)).toContain('at 26.000 ₫/USD')
  })

  it('says when the rate is the reference one, because the service’s data gave none', async () => {
    const text = textModelListSchema.parse(CATALOG_ANSWERS.text)
    const rate = vndPerUsd({ text })
    expect(rate).toEqual({ rate: 27_500, source: 'reference' })
    await showText({ kind: 'text', list: part(text), vndPerUsd: rate })
    const note = host.target.querySelector('[data-testid="estimate-note"]')!
    expect(note.getAttribute('data-rate-source')).toBe('reference')
    expect(plain(note.textContent!)).toContain('tỷ giá tham chiếu')
    expect(renderTextModels(text.data, rate)).toContain("the spec's reference rate")
  })
})
