// Model Catalog endpoints: every pricing shape, nulls, plan discounts and the derived VND prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { call, control, envelope, startServer } from './helpers'

const VND_PER_USD = 27_500
const PLAN_FIELD = {
  free: 'free',
  basic: 'basic',
  ordinary: 'advanced_plus',
  ultra: 'advanced_plus',
} as const

describe('Model Catalog', () => {
  let server: DemoServer
  const get = (path: string, key = server.keys.ordinary) => call(server, `/v1/management${path}`, { key })

  beforeAll(async () => {
    server = await startServer({ seed: 9 })
  })
  afterAll(() => server.close())

  it('/models lists every model with a type, and counts per type; video is VIDEO', async () => {
    const { json } = await get('/models')
    expect(Object.keys(json.counts).sort()).toEqual(['embedding', 'image', 'text', 'video'])
    const byType = (t: string) => json.data.filter((m: { type: string }) => m.type === t).length
    expect(byType('TEXT')).toBe(json.counts.text)
    expect(byType('IMAGE')).toBe(json.counts.image)
    expect(byType('VIDEO')).toBe(json.counts.video)
    expect(byType('EMBEDDING')).toBe(json.counts.embedding)
    for (const m of json.data) expect(Object.keys(m).sort()).toEqual(['model_id', 'name', 'provider', 'type'])
    const [text, image, video, embedding] = await Promise.all(
      ['/models/text', '/models/image', '/models/video', '/models/embedding'].map((p) => get(p)),
    )
    expect(text!.json.total).toBe(json.counts.text)
    expect(image!.json.total).toBe(json.counts.image)
    expect(video!.json.data).toHaveLength(json.counts.video)
    expect(video!.json.total).toBeUndefined()
    expect(embedding!.json.total).toBe(json.counts.embedding)
  })

  it('text models carry USD per-1M prices with null cache/reasoning where unsupported and null rate limits', async () => {
    const { json } = await get('/models/text')
    for (const m of json.data) {
      expect(m.type).toBe('TEXT')
      expect(m.pricing).toMatchObject({ currency: 'USD', unit: 'per_1M_tokens' })
      expect(typeof m.pricing.input).toBe('number')
      expect(Object.keys(m.rate_limits).sort()).toEqual(['rpd', 'rpm', 'tpd', 'tpm'])
      expect(Object.keys(m.discount.all_plans).sort()).toEqual(['advanced_plus', 'basic', 'free'])
      expect(m.discount.percent).toBe(m.discount.all_plans.advanced_plus)
    }
    const p = json.data.map((m: { pricing: Record<string, unknown> }) => m.pricing)
    expect(p.some((x: Record<string, unknown>) => x.cache_read === null)).toBe(true)
    expect(p.some((x: Record<string, unknown>) => x.cache_read !== null)).toBe(true)
    expect(p.some((x: Record<string, unknown>) => x.reasoning === null)).toBe(true)
    expect(p.some((x: Record<string, unknown>) => x.reasoning !== null)).toBe(true)
    expect(p.some((x: Record<string, unknown>) => x.cache_write !== null)).toBe(true)
    expect(
      json.data.some((m: { rate_limits: Record<string, unknown> }) =>
        Object.values(m.rate_limits).includes(null),
      ),
    ).toBe(true)
  })

  it('discount.percent and every discounted VND price follow the caller plan', async () => {
    for (const name of ['free', 'basic', 'ordinary', 'ultra'] as const) {
      const key = server.keys[name]
      const text = (await get('/models/text', key)).json.data
      for (const m of text)
        expect(m.discount.percent, `${name} ${m.model_id}`).toBe(m.discount.all_plans[PLAN_FIELD[name]])
      const images = (await get('/models/image', key)).json.data
      for (const m of images) {
        for (const e of [...m.pricing.generation, ...(m.pricing.editing ?? [])]) {
          expect(e.discountedVND).toBe(Math.round(e.priceUSD * VND_PER_USD * (1 - m.discount.percent / 100)))
        }
      }
      const embeddings = (await get('/models/embedding', key)).json.data
      for (const m of embeddings) {
        expect(m.pricing.discountedVND_per_1M).toBe(
          Math.round(m.pricing.input * VND_PER_USD * (1 - m.discount.percent / 100)),
        )
      }
    }
    const gptFree = (await get('/models/gpt-4.1', server.keys.free)).json
    const gptAdv = (await get('/models/gpt-4.1')).json
    expect(gptFree.discount.percent).toBeLessThan(gptAdv.discount.percent)
  })

  it('image models show both entry shapes, and `editing` only where editing is supported', async () => {
    const { json } = await get('/models/image')
    const entries = json.data.flatMap((m: { pricing: { generation: object[] } }) => m.pricing.generation)
    expect(entries.some((e: object) => 'quality' in e && 'size' in e)).toBe(true)
    expect(entries.some((e: object) => 'resolution' in e && !('quality' in e))).toBe(true)
    for (const m of json.data) {
      expect(m.type).toBe('IMAGE')
      expect(m.pricing).toMatchObject({ currency: 'USD', unit: 'per_image' })
      expect('editing' in m.pricing).toBe(m.supports_editing)
      for (const size of m.supported_sizes) expect(size).toMatch(/^(\d+x\d+|auto)$/)
    }
    expect(
      json.data.some(
        (m: { supports_editing: boolean; pricing: { generation: object[] } }) =>
          m.supports_editing && 'resolution' in m.pricing.generation[0]!,
      ),
    ).toBe(true)
  })

  it('video models use each of the three pricing shapes', async () => {
    const { json } = await get('/models/video')
    const shapes = new Set<string>()
    for (const m of json.data) {
      expect(m.pricing).toMatchObject({ currency: 'USD', unit: 'per_second' })
      for (const r of m.supported_aspect_ratios) expect(r).toMatch(/^\d+:\d+$/)
      expect(m.supported_durations.min_seconds).toBeLessThanOrEqual(m.supported_durations.max_seconds)
      const hasFlat = 'flat' in m.pricing
      const hasPer = 'per_resolution' in m.pricing
      expect(hasFlat !== hasPer).toBe(true)
      if (hasFlat) {
        shapes.add('flat')
        expect(m.pricing.flat.example_8s_USD).toBeCloseTo(m.pricing.flat.costPerSecondUSD * 8, 6)
        expect(typeof m.pricing.flat.discounted_8s_VND).toBe('number')
      } else if ('by_input_type' in m.pricing.per_resolution[0]) {
        shapes.add('by_input_type')
        for (const r of m.pricing.per_resolution) {
          expect(Object.keys(r.by_input_type).sort()).toEqual(['omni', 'remix', 'text'])
          expect(r.by_input_type.text.example_8s_USD).toBeCloseTo(
            r.by_input_type.text.costPerSecondUSD * 8,
            6,
          )
        }
      } else {
        shapes.add('per_resolution')
        for (const r of m.pricing.per_resolution) {
          expect(r.example_8s_USD).toBeCloseTo(r.costPerSecondUSD * 8, 6)
          expect(r.discounted_8s_VND).toBeLessThanOrEqual(Math.round(r.example_8s_USD * VND_PER_USD))
        }
      }
    }
    expect([...shapes].sort()).toEqual(['by_input_type', 'flat', 'per_resolution'])
  })

  it('embedding models have dimensions, a daily free quota and a VND price', async () => {
    const { json } = await get('/models/embedding')
    for (const m of json.data) {
      expect(m.type).toBe('EMBEDDING')
      expect(m.dimensions).toBeGreaterThan(0)
      expect(typeof m.free_quota.per_day).toBe('number')
      expect(m.pricing).toMatchObject({ currency: 'USD', unit: 'per_1M_tokens' })
    }
    expect(json.data.some((m: { free_quota: { per_day: number } }) => m.free_quota.per_day > 0)).toBe(true)
  })

  it('/models/:model_id returns one unwrapped item shaped like its per-type list item', async () => {
    const list = (await get('/models/image')).json.data
    const one = await get(`/models/${list[0].model_id}`)
    expect(one.status).toBe(200)
    expect(one.json.data).toBeUndefined()
    expect(one.json).toEqual(list[0])
    const video = (await get('/models/video')).json.data[0]
    expect((await get(`/models/${video.model_id}`)).json).toEqual(video)
  })

  it('finds a model whose id holds a slash, encoded or not', async () => {
    const encoded = await get('/models/qwen%2Fqwen3-235b-a22b')
    const raw = await get('/models/qwen/qwen3-235b-a22b')
    expect(encoded.json.model_id).toBe('qwen/qwen3-235b-a22b')
    expect(raw.json).toEqual(encoded.json)
  })

  it('answers an unknown model with 404 model_not_found in the envelope by default, or the flat shape on request', async () => {
    const res = await get('/models/no-such-model')
    expect(res.status).toBe(404)
    const e = envelope(res)
    expect(e.code).toBe('model_not_found')
    expect(e.message).toContain('no-such-model')
    await control(server, 'behaviour', { modelNotFoundShape: 'flat' })
    try {
      const flat = await get('/models/no-such-model')
      expect(flat.status).toBe(404)
      expect(flat.json.error).toBe('model_not_found')
      expect(flat.json.message).toContain('no-such-model')
      expect(flat.json.message).toContain('GET /v1/management/models')
    } finally {
      await control(server, 'behaviour', { modelNotFoundShape: 'envelope' })
    }
  })

  it('takes the flat 404 shape as a start option too', async () => {
    const s = await startServer({ behaviour: { modelNotFoundShape: 'flat' } })
    try {
      const res = await call(s, '/v1/management/models/x', { key: s.keys.ordinary })
      expect(typeof res.json.error).toBe('string')
    } finally {
      await s.close()
    }
  })
})
