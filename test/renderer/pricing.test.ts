import { describe, expect, it } from 'vitest'
import {
  cheapestImage,
  cheapestVideoSecond,
  embeddingPrice,
  estimateVnd,
  formatTokenCount,
  formatUsd,
  formatUsdRange,
  imageGrid,
  impliedDiscountPercent,
  perSecondRange,
  planDiscountKey,
  resolutionPrices,
  textPrices,
  videoSummary,
  vndOf,
  type ImagePrice,
} from '../../renderer/lib/pricing'
import { demoLists, imageModel, textModel, videoModel } from './catalog-fixtures'

/** The demo's rate, as main sends it with the catalog; the renderer holds none of its own. */
const RATE = 27_500

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('VND figures', () => {
  it('estimates USD × the rate less the plan discount, and says it is an estimate', () => {
    expect(estimateVnd(2, 10, RATE)).toEqual({ vnd: 49_500, estimate: true, discountPercent: 10 })
    expect(estimateVnd(1, 0, RATE).vnd).toBe(27_500)
    expect(estimateVnd(0.4, 15, RATE).vnd).toBeCloseTo(9_350, 6)
    expect(estimateVnd(3, 100, RATE).vnd).toBe(0)
  })

  it('converts at the rate it is given, not one of its own', () => {
    expect(estimateVnd(2, 10, 26_000).vnd).toBe(46_800)
    expect(vndOf(null, 1, null, 25_400).vnd).toBe(25_400)
    expect(impliedDiscountPercent(3.2, 74_880, 26_000)).toBe(10)
    expect(textPrices(textModel(), 26_000)[0]!.vnd!.vnd).toBe(46_800)
  })

  it('applies no discount when none is known, and records that', () => {
    expect(estimateVnd(2.4, null, RATE)).toEqual({ vnd: 66_000, estimate: true, discountPercent: null })
  })

  it("prefers the API's own VND figure over an estimate", () => {
    expect(vndOf(79_200, 3.2, 10, RATE)).toEqual({ vnd: 79_200, estimate: false })
    expect(vndOf(null, 3.2, 10, RATE)).toEqual({ vnd: 79_200, estimate: true, discountPercent: 10 })
    expect(vndOf(undefined, 1, null, RATE)).toEqual({ vnd: 27_500, estimate: true, discountPercent: null })
  })

  it('reads a plan discount back from a discounted price', () => {
    expect(impliedDiscountPercent(3.2, 79_200, RATE)).toBe(10)
    expect(impliedDiscountPercent(0.24, 6_270, RATE)).toBe(5)
    expect(impliedDiscountPercent(1, 27_500, RATE)).toBe(0)
    expect(impliedDiscountPercent(0, 0, RATE)).toBeNull()
  })
})

describe('text prices', () => {
  it('keep null as "not supported", distinct from a price of 0', () => {
    const lines = textPrices(
      textModel({ discount: { percent: 10, all_plans: { free: 0, basic: 5, advanced_plus: 10 } } }),
      RATE,
    )
    expect(lines.map((l) => l.key)).toEqual(['input', 'output', 'cache_read', 'cache_write', 'reasoning'])
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l]))
    expect(byKey.input).toEqual({
      key: 'input',
      usd: 2,
      vnd: { vnd: 49_500, estimate: true, discountPercent: 10 },
    })
    expect(byKey.cache_read!.vnd!.vnd).toBeCloseTo(12_375, 6)
    expect(byKey.cache_write).toEqual({ key: 'cache_write', usd: null, vnd: null })
    expect(byKey.reasoning).toEqual({ key: 'reasoning', usd: null, vnd: null })

    const free = textPrices(
      textModel({ pricing: { currency: 'USD', unit: 'per_1M_tokens', input: 0, output: 0, cache_read: 0 } }),
      RATE,
    )
    expect(free[0]).toEqual({ key: 'input', usd: 0, vnd: { vnd: 0, estimate: true, discountPercent: 10 } })
    expect(free[2]!.usd).toBe(0)
    // Absent is read as null by the schema, so it is "not supported" too.
    expect(free[3]).toEqual({ key: 'cache_write', usd: null, vnd: null })
  })
})

describe('image prices', () => {
  const entries: ImagePrice[] = [
    { quality: 'low', size: '1024x1024', priceUSD: 0.011, discountedVND: 272, shape: 'quality_size' },
    { quality: 'low', size: '1536x1024', priceUSD: 0.016, discountedVND: 396, shape: 'quality_size' },
    { quality: 'high', size: '1024x1024', priceUSD: 0.167, discountedVND: 4_133, shape: 'quality_size' },
    { resolution: '1K', priceUSD: 0.04, discountedVND: 990, shape: 'resolution' },
  ]

  it('builds the quality × size grid in the order the API lists, with gaps as null', () => {
    const grid = imageGrid(entries)!
    expect(grid.qualities).toEqual(['low', 'high'])
    expect(grid.sizes).toEqual(['1024x1024', '1536x1024'])
    expect(grid.cells).toEqual([
      [
        { usd: 0.011, vnd: { vnd: 272, estimate: false } },
        { usd: 0.016, vnd: { vnd: 396, estimate: false } },
      ],
      [{ usd: 0.167, vnd: { vnd: 4_133, estimate: false } }, null],
    ])
  })

  it('lists resolution entries apart, and has no grid without quality/size entries', () => {
    expect(resolutionPrices(entries)).toEqual([
      { resolution: '1K', usd: 0.04, vnd: { vnd: 990, estimate: false } },
    ])
    expect(imageGrid(entries.filter((e) => e.shape === 'resolution'))).toBeNull()
    expect(resolutionPrices(entries.filter((e) => e.shape === 'quality_size'))).toEqual([])
  })

  it('finds the cheapest image for the list', () => {
    const { image } = demoLists()
    const gpt = image.data.find((m) => m.model_id === 'gpt-image-1')!
    expect(cheapestImage(gpt)).toEqual({ usd: 0.011, vnd: { vnd: 272, estimate: false } })
    expect(
      cheapestImage(imageModel({ pricing: { currency: 'USD', unit: 'per_image', generation: [] } })),
    ).toBeNull()
  })
})

describe('video prices', () => {
  it('per_resolution: cost per second, the 8 s example and the API’s discounted 8 s VND', () => {
    const s = videoSummary(
      videoModel({
        currency: 'USD',
        unit: 'per_second',
        per_resolution: [
          { resolution: '720p', costPerSecondUSD: 0.4, example_8s_USD: 3.2, discounted_8s_VND: 79_200 },
          { resolution: '1080p', costPerSecondUSD: 0.5, example_8s_USD: null, discounted_8s_VND: null },
        ],
      }).pricing,
      RATE,
    )
    expect(s.shape).toBe('per_resolution')
    if (s.shape !== 'per_resolution') return
    expect(s.discountPercent).toBe(10)
    expect(s.rows[0]).toEqual({
      resolution: '720p',
      perSecondUsd: 0.4,
      example8sUsd: 3.2,
      vnd8s: { vnd: 79_200, estimate: false },
      perSecondVnd: { vnd: 9_900, estimate: false },
    })
    // Missing figures: the 8 s USD is computed, the VND estimated with the discount the other row shows.
    expect(s.rows[1]!.example8sUsd).toBe(4)
    expect(s.rows[1]!.vnd8s).toEqual({ vnd: 99_000, estimate: true, discountPercent: 10 })
    expect(cheapestVideoSecond(s)!.perSecondUsd).toBe(0.4)
  })

  it('per_resolution with by_input_type: every input type per resolution, VND estimated without discount', () => {
    const s = videoSummary(
      videoModel({
        currency: 'USD',
        unit: 'per_second',
        per_resolution: [
          {
            resolution: '720p',
            by_input_type: {
              text: { costPerSecondUSD: 0.3, example_8s_USD: 2.4 },
              remix: { costPerSecondUSD: 0.35, example_8s_USD: 2.8 },
              omni: { costPerSecondUSD: 0.4, example_8s_USD: 3.2 },
            },
          },
          { resolution: '1080p', by_input_type: { text: { costPerSecondUSD: 0.5, example_8s_USD: 4 } } },
        ],
      }).pricing,
      RATE,
    )
    expect(s.shape).toBe('by_input_type')
    if (s.shape !== 'by_input_type') return
    expect(s.discountPercent).toBeNull()
    expect(s.inputTypes).toEqual(['text', 'remix', 'omni'])
    expect(s.rows.map((r) => [r.resolution, Object.keys(r.byInput)])).toEqual([
      ['720p', ['text', 'remix', 'omni']],
      ['1080p', ['text']],
    ])
    expect(s.rows[0]!.byInput.remix).toEqual({
      perSecondUsd: 0.35,
      example8sUsd: 2.8,
      vnd8s: { vnd: 77_000, estimate: true, discountPercent: null },
      perSecondVnd: { vnd: 9_625, estimate: true, discountPercent: null },
    })
    expect(perSecondRange(s.rows[0]!.byInput)).toEqual({ min: 0.3, max: 0.4 })
    expect(perSecondRange({})).toBeNull()
    expect(cheapestVideoSecond(s)!.perSecondUsd).toBe(0.3)
  })

  it('flat: one price for every resolution', () => {
    const s = videoSummary(
      videoModel({
        currency: 'USD',
        unit: 'per_second',
        flat: { costPerSecondUSD: 0.28, example_8s_USD: 2.24, discounted_8s_VND: 55_440 },
      }).pricing,
      RATE,
    )
    expect(s).toEqual({
      shape: 'flat',
      discountPercent: 10,
      rate: {
        perSecondUsd: 0.28,
        example8sUsd: 2.24,
        vnd8s: { vnd: 55_440, estimate: false },
        perSecondVnd: { vnd: 6_930, estimate: false },
      },
    })
    const unpriced = videoSummary(
      videoModel({
        currency: 'USD',
        unit: 'per_second',
        flat: { costPerSecondUSD: 0.1, example_8s_USD: null, discounted_8s_VND: null },
      }).pricing,
      RATE,
    )
    expect(unpriced.shape === 'flat' && unpriced.rate.vnd8s).toEqual({
      vnd: 22_000,
      estimate: true,
      discountPercent: null,
    })
  })

  it('tells the three demo models apart', () => {
    const shapes = Object.fromEntries(
      demoLists().video.data.map((m) => [m.model_id, videoSummary(m.pricing, RATE).shape]),
    )
    expect(shapes).toEqual({
      'veo-3': 'per_resolution',
      'sora-2-pro': 'by_input_type',
      'kling-2.1-master': 'flat',
      'seedance-1-pro': 'per_resolution',
    })
  })
})

describe('embedding prices', () => {
  it("use the API's discounted VND per 1M tokens", () => {
    const small = demoLists().embedding.data.find((m) => m.model_id === 'text-embedding-3-small')!
    expect(embeddingPrice(small)).toEqual({ usd: 0.02, vnd: { vnd: 495, estimate: false } })
  })
})

describe('labels', () => {
  it('write USD in the UI language, down to fractions of a cent', () => {
    expect(formatUsd(2, 'en')).toBe('$2.00')
    expect(formatUsd(0.011, 'en')).toBe('$0.011')
    expect(formatUsd(0.0275, 'en')).toBe('$0.0275')
    expect(nbsp(formatUsd(2, 'vi'))).toBe('2,00 US$')
    expect(nbsp(formatUsd(0.275, 'vi'))).toBe('0,275 US$')
    expect(formatUsd(Number.NaN, 'en')).toBe('—')
    expect(nbsp(formatUsdRange(0.3, 0.4, 'en'))).toMatch(/^\$0\.30 ?– ?\$0\.40$/)
    expect(nbsp(formatUsdRange(0.3, 0.3, 'vi'))).toBe('0,30 US$')
  })

  it('write token counts the short way', () => {
    expect(formatTokenCount(1_047_576, 'en')).toBe('1M')
    expect(formatTokenCount(1_500_000, 'vi')).toBe('1,5M')
    expect(formatTokenCount(131_072, 'en')).toBe('131K')
    expect(formatTokenCount(8_191, 'en')).toBe('8K')
    expect(formatTokenCount(512, 'en')).toBe('512')
  })

  it("match the caller's plan to the discount list", () => {
    expect(planDiscountKey('FREE')).toBe('free')
    expect(planDiscountKey('BASIC')).toBe('basic')
    expect(planDiscountKey('ADVANCED_PLUS')).toBe('advanced_plus')
    expect(planDiscountKey('ULTRA')).toBeNull()
    expect(planDiscountKey(null)).toBeNull()
  })
})
