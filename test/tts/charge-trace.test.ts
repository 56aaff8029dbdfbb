// Telling from the usage history whether a request whose answer was lost was charged: by model,
// characters and the time it was sent, once the reading's answered requests have taken their own records.
import { describe, expect, it } from 'vitest'
import type { UsageRecord } from '../../main/api/management/schemas/account'
import { CLOCK_SKEW_MS, findCharge, type SentRequest } from '../../main/tts/charge-trace'
import { usageRecord } from '../support/usage-record'

const T0 = Date.parse('2026-11-25T10:00:00Z')
const MODEL = 'openai/tts-1'
const rec = (atMs: number, chars: number, model = MODEL, costVND = 12.5) =>
  usageRecord({
    date: new Date(atMs).toISOString(),
    completedAt: new Date(atMs + 2_000).toISOString(),
    model,
    inputTokens: chars,
    totalTokens: chars,
    costVND,
    costBeforeDiscount: costVND,
  })
const sent = (atMs: number, chars: number): SentRequest => ({ model: MODEL, chars, sentAtMs: atMs })
/** Newest first, as `GET /usage` lists them. */
const history = (records: UsageRecord[], total = records.length) => ({
  records: [...records].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)),
  total,
})

describe('findCharge', () => {
  it('finds the record of the same model and characters sent after the request, with its cost', () => {
    const charge = rec(T0 + 300, 500, MODEL, 7.5)
    const h = history([
      rec(T0 - 3_600_000, 500),
      rec(T0 + 200, 500, 'google/standard'),
      rec(T0 + 250, 499),
      charge,
    ])
    expect(findCharge(h, sent(T0, 500), [], new Set())).toEqual({
      charged: true,
      recordId: charge.id,
      costVnd: 7.5,
    })
  })

  it('says not charged when no record fits, and the history reaches back before the request', () => {
    const h = history([rec(T0 - 3_600_000, 500), rec(T0 + 200, 499)])
    expect(findCharge(h, sent(T0, 500), [], new Set())).toEqual({ charged: false })
  })

  it('leaves each answered request of the same size its own record', () => {
    // Chunk A (500 characters) was sent first and answered; chunk B (also 500) was sent a little later and
    // its answer lost. The one record after B's sending is A's: B was not charged.
    const h = history([rec(T0 - 3_600_000, 10), rec(T0 + 400, 500)])
    expect(findCharge(h, sent(T0 + 200, 500), [sent(T0, 500)], new Set())).toEqual({ charged: false })
    // With a second record, B was charged too.
    const h2 = history([...h.records, rec(T0 + 600, 500)])
    expect(findCharge(h2, sent(T0 + 200, 500), [sent(T0, 500)], new Set())).toMatchObject({ charged: true })
  })

  it('does not count a record already put down to another lost request', () => {
    const charge = rec(T0 + 300, 500)
    const h = history([rec(T0 - 3_600_000, 10), charge])
    expect(findCharge(h, sent(T0, 500), [], new Set([charge.id]))).toEqual({ charged: false })
  })

  it('allows for the service clock being a little behind ours', () => {
    const h = history([rec(T0 - 3_600_000, 10), rec(T0 - CLOCK_SKEW_MS + 1, 500)])
    expect(findCharge(h, sent(T0, 500), [], new Set())).toMatchObject({ charged: true })
    const h2 = history([rec(T0 - 3_600_000, 10), rec(T0 - CLOCK_SKEW_MS - 1_000, 500)])
    expect(findCharge(h2, sent(T0, 500), [], new Set())).toEqual({ charged: false })
  })

  it('cannot tell when the history ends after the request was sent and shows no charge', () => {
    // 200 records returned of 5,000, all of them newer than the request: its charge may be older still.
    const records = Array.from({ length: 200 }, (_, i) => rec(T0 + 1_000 + i, 42))
    expect(findCharge(history(records, 5_000), sent(T0, 500), [], new Set())).toBeNull()
    // A charge it does show is a charge all the same.
    records[0] = rec(T0 + 500, 500)
    expect(findCharge(history(records, 5_000), sent(T0, 500), [], new Set())).toMatchObject({ charged: true })
  })
})
