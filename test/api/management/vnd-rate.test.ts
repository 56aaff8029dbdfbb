// The one USD→VND rate (management-api.md catalog prices; realtime-api.md "Reference conversion"): the
// service's own where its data gives it, else the reference rate.
import { describe, expect, it } from 'vitest'
import { managementRequests } from '../../../main/api/management/requests'
import { planVnd, REFERENCE_VND_PER_USD, vndPerUsd } from '../../../main/api/management/vnd-rate'
import { embeddingModelsBody, imageModelsBody, textModelsBody, videoModelsBody } from './support/fixtures'

const parse = {
  text: (body: unknown) => managementRequests.textModels().parse(body),
  image: (body: unknown) => managementRequests.imageModels().parse(body),
  video: (body: unknown) => managementRequests.videoModels().parse(body),
  embedding: (body: unknown) => managementRequests.embeddingModels().parse(body),
}

/** An image list priced at `rate` dong per dollar, its plan discount applied and rounded to whole dong. */
function imagesAt(rate: number, discountPercent: number) {
  return parse.image({
    ...imageModelsBody,
    data: imageModelsBody.data.map((m) => ({
      ...m,
      discount: { ...m.discount, percent: discountPercent },
      pricing: {
        ...m.pricing,
        generation: m.pricing.generation.map((e) => ({
          ...e,
          discountedVND: Math.round(e.priceUSD * rate * (1 - discountPercent / 100)),
        })),
      },
    })),
  })
}

describe('vndPerUsd', () => {
  it('is the reference rate, 27,500, when nothing the service sent tells a rate', () => {
    expect(REFERENCE_VND_PER_USD).toBe(27_500)
    expect(vndPerUsd({})).toEqual({ rate: 27_500, source: 'reference' })
    expect(vndPerUsd({ text: parse.text(textModelsBody), video: parse.video(videoModelsBody) })).toEqual({
      rate: 27_500,
      source: 'reference',
    })
    expect(vndPerUsd({ image: null, embedding: null })).toEqual({ rate: 27_500, source: 'reference' })
  })

  it('derives the service’s rate from a price it gives in both USD and VND, its discount taken off', () => {
    expect(vndPerUsd({ image: imagesAt(26_000, 10) })).toEqual({ rate: 26_000, source: 'service' })
    expect(vndPerUsd({ image: imagesAt(25_400, 0) })).toEqual({ rate: 25_400, source: 'service' })
    // 0.02 USD less 10 % is 495 ₫ at 27,500.
    expect(vndPerUsd({ embedding: parse.embedding(embeddingModelsBody) })).toEqual({
      rate: 27_500,
      source: 'service',
    })
  })

  it('ignores prices that cannot tell a rate: free items and fully discounted ones', () => {
    const free = parse.embedding({
      ...embeddingModelsBody,
      data: [
        { ...embeddingModelsBody.data[0], pricing: { ...embeddingModelsBody.data[0]!.pricing, input: 0 } },
      ],
    })
    const fullyDiscounted = imagesAt(26_000, 100)
    expect(vndPerUsd({ embedding: free, image: fullyDiscounted })).toEqual({
      rate: 27_500,
      source: 'reference',
    })
  })

  it('takes a rate a list states outright over one its prices imply', () => {
    const stated = parse.text({ ...textModelsBody, vnd_per_usd: 26_350 })
    expect(vndPerUsd({ text: stated, image: imagesAt(26_000, 10) })).toEqual({
      rate: 26_350,
      source: 'service',
    })
    const exchange = parse.video({ ...videoModelsBody, exchange_rate: 25_990 })
    expect(vndPerUsd({ video: exchange })).toEqual({ rate: 25_990, source: 'service' })
    const camel = parse.embedding({ ...embeddingModelsBody, usdToVnd: 26_100 })
    expect(vndPerUsd({ embedding: camel })).toEqual({ rate: 26_100, source: 'service' })
  })

  it('does not read dollars per dong, or a non-number, as a rate', () => {
    const inverse = parse.text({ ...textModelsBody, exchange_rate: 1 / 26_000 })
    const text = parse.text({ ...textModelsBody, vnd_per_usd: '26000' })
    expect(vndPerUsd({ text: inverse })).toEqual({ rate: 27_500, source: 'reference' })
    expect(vndPerUsd({ text })).toEqual({ rate: 27_500, source: 'reference' })
  })
})

describe('planVnd', () => {
  it('converts at the rate, takes the plan discount off and rounds to whole dong', () => {
    expect(planVnd(2, 27_500, 10)).toBe(49_500)
    expect(planVnd(0.4, 26_000, 15)).toBe(8_840)
    expect(planVnd(0.275, 27_500, 0)).toBe(7_563)
  })
})
