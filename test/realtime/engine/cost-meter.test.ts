// The cost meter: settled figures from the service, and between settlements the usage the model
// reported, priced per token by kind. Unknown figures are null, never 0.
import { describe, expect, it } from 'vitest'
import { serviceEvent } from '../../../main/realtime/adapters/service-events'
import { liveUsage, modelRUsage } from '../../../main/realtime/adapters/usage'
import { CostMeter } from '../../../main/realtime/engine/cost-meter'
import type { ServiceEvent } from '../../../main/realtime/engine/events'
import { usageCostVnd, type TokenPricesVnd } from '../../../main/realtime/engine/token-prices'

// realtime-api.md's table: Model R and Model L audio prices, VND per 1M tokens.
const MODEL_R: TokenPricesVnd = {
  audioIn: 1_375_000,
  audioOut: 2_722_500,
  textIn: 110_000,
  textOut: 440_000,
  cachedIn: 11_000,
}
const MODEL_L: TokenPricesVnd = {
  audioIn: 137_500,
  audioOut: 550_000,
  textIn: 13_750,
  textOut: 55_000,
  cachedIn: null,
}

const svc = (payload: Record<string, unknown>) => serviceEvent(payload) as ServiceEvent

/** A Model-R `response.usage`: `audioIn` fresh audio tokens, `audioOut` spoken tokens. */
const rUsage = (audioIn: number, audioOut: number, cached = 0) =>
  modelRUsage({
    input_tokens: audioIn + cached,
    output_tokens: audioOut,
    input_token_details: { audio_tokens: audioIn, text_tokens: 0, cached_tokens: cached },
    output_token_details: { audio_tokens: audioOut, text_tokens: 0 },
  })

function billing(prices: TokenPricesVnd | null = MODEL_R) {
  const m = new CostMeter(prices)
  m.sessionCreated(6_000, null)
  m.active(svc({ type: 'session.active' }))
  return m
}

describe('usageCostVnd', () => {
  it('prices audio in and out at the per-1M-token prices', () => {
    // 100 tokens in at 1,375,000 + 200 out at 2,722,500 per 1M.
    expect(usageCostVnd(rUsage(100, 200), MODEL_R)).toBeCloseTo(137.5 + 544.5, 6)
  })

  it('takes cached tokens out of the fresh input whether or not the details count them', () => {
    const beside = rUsage(100, 0, 1_000)
    const inside = modelRUsage({
      input_tokens: 1_100,
      output_tokens: 0,
      input_token_details: { audio_tokens: 1_100, text_tokens: 0, cached_tokens: 1_000 },
    })
    const expected = 137.5 + 11
    expect(usageCostVnd(beside, MODEL_R)).toBeCloseTo(expected, 6)
    expect(usageCostVnd(inside, MODEL_R)).toBeCloseTo(expected, 6)
  })

  it('bills repeated context as audio input when the model has no cache price', () => {
    const u = liveUsage({
      promptTokenCount: 1_000,
      responseTokenCount: 500,
      cachedContentTokenCount: 400,
      promptTokensDetails: [{ modality: 'AUDIO', tokenCount: 1_000 }],
      responseTokensDetails: [{ modality: 'AUDIO', tokenCount: 500 }],
    })
    expect(usageCostVnd(u, MODEL_L)).toBeCloseTo(137.5 + 275, 6)
  })

  it('prices usage without details as audio', () => {
    const u = liveUsage({ promptTokenCount: 1_000, responseTokenCount: 1_000 })
    expect(usageCostVnd(u, MODEL_L)).toBeCloseTo(137.5 + 550, 6)
  })
})

describe('CostMeter', () => {
  it('adds the usage reported since the settlement to the settled figure', () => {
    const m = billing()
    m.addUsage(rUsage(100, 200)) // 682 ₫
    m.settled(svc({ type: 'usage.settled', amount_vnd: 682, total_vnd: 682 }))
    expect(m.snapshot()).toMatchObject({ settledVnd: 682, totalVnd: 682, estimateVnd: 0 })
    m.addUsage(rUsage(100, 0))
    expect(m.snapshot()).toMatchObject({ settledVnd: 682, totalVnd: 819.5, estimateVnd: 137.5 })
  })

  it('adds nothing while nobody talks, however long', () => {
    const m = billing()
    m.addUsage(rUsage(100, 200))
    const before = m.snapshot().totalVnd
    // The per-minute rate is known; the meter does not multiply it by time.
    expect(m.snapshot()).toMatchObject({ estimatedVndPerMin: 6_000, totalVnd: before })
    m.settled(svc({ type: 'usage.settled', total_vnd: 682 }))
    m.settled(svc({ type: 'usage.settled', total_vnd: 682 }))
    expect(m.snapshot().totalVnd).toBe(682)
  })

  it('does not count twice a response the service billed before its usage report came', () => {
    const m = billing()
    // The window closed halfway through an answer: the bill holds part of it, no report yet.
    m.settled(svc({ type: 'usage.settled', total_vnd: 400 }))
    expect(m.snapshot().totalVnd).toBe(400)
    m.addUsage(rUsage(100, 200)) // 682 ₫, 400 of it settled
    expect(m.snapshot()).toMatchObject({ settledVnd: 400, totalVnd: 682 })
    m.settled(svc({ type: 'usage.settled', total_vnd: 682 }))
    expect(m.snapshot().totalVnd).toBe(682)
  })

  it('calls the estimate unknown, not 0, while the prices are unknown, and prices the usage once they come', () => {
    const m = billing(null)
    m.addUsage(rUsage(100, 200))
    expect(m.snapshot()).toMatchObject({ settledVnd: 0, totalVnd: 0, estimateVnd: null })
    m.setPrices(MODEL_R)
    expect(m.snapshot()).toMatchObject({ totalVnd: 682, estimateVnd: 682 })
  })

  it('keeps estimating through a settlement without a readable amount, and calls the figure unknown', () => {
    const m = billing()
    m.addUsage(rUsage(100, 200))
    m.settled(svc({ type: 'usage.settled', cost: { amount: 500, currency: 'VND' } }))
    m.addUsage(rUsage(100, 0))
    m.settled(svc({ type: 'usage.settled', charge: 'a lot' }))
    expect(m.snapshot()).toMatchObject({ settledVnd: null, totalVnd: 637.5 })
    // A later running total puts it right again.
    m.settled(svc({ type: 'usage.settled', totalCostVND: 830 }))
    expect(m.snapshot()).toMatchObject({ settledVnd: 830, totalVnd: 830 })
  })

  it('leaves a billed session that ended without any readable figure unknown, its estimate kept', () => {
    const m = billing()
    m.addUsage(rUsage(100, 200))
    m.sessionClosed(null)
    expect(m.snapshot()).toMatchObject({ settledVnd: null, totalVnd: 682 })
    m.reset()
    expect(m.snapshot()).toMatchObject({ settledVnd: 0, totalVnd: 0 })
  })

  it('counts a session that never billed as 0, and a final total as the truth', () => {
    const m = new CostMeter(MODEL_R)
    m.sessionCreated(6_000, null)
    m.sessionClosed(null)
    expect(m.snapshot().settledVnd).toBe(0)
    m.sessionCreated(6_000, null)
    m.active(svc({ type: 'session.active' }))
    m.addUsage(rUsage(100, 200))
    m.sessionClosed(1_234)
    expect(m.snapshot()).toMatchObject({ settledVnd: 1_234, totalVnd: 1_234 })
  })
})
