import { describe, expect, it } from 'vitest'
import { axisCount, axisVnd, formatDay } from '../../renderer/components/charts/axis-format'
import { durationMs, formatDuration } from '../../renderer/components/usage/duration'
import { modelColumns } from '../../renderer/components/usage/model-columns'
import {
  formatRecordTime,
  keySourceLabel,
  recordColumns,
  recordStatus,
} from '../../renderer/components/usage/record-columns'
import type { ModelUsageItem, UsageRecord } from '../../renderer/components/usage/shapes'
import { nextSort, sortRows } from '../../renderer/components/usage/sort'
import { firstSortDir } from '../../renderer/components/usage/table-column'
import { translate, type MessageKey } from '../../renderer/lib/i18n/translate'
import type { UsageRecord as WireRecord } from '../../main/api/management/schemas/account'
import { recordTimes } from '../../main/api/management/usage-times'

const vi = (key: MessageKey, params?: Record<string, string | number>) => translate('vi', key, params)
const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')
/** The zone most users see: the table and its file are written in it. */
const ZONE = 'Asia/Ho_Chi_Minh'

describe('sorting', () => {
  const rows = [
    { name: 'Đặng', cost: 30 },
    { name: 'an', cost: null },
    { name: 'Bình', cost: 10 },
    { name: 'Ánh', cost: 30 },
  ]

  it('orders numbers either way and keeps missing values last', () => {
    const byCost = (dir: 'asc' | 'desc') => sortRows(rows, (r) => r.cost, dir, 'vi-VN').map((r) => r.name)
    expect(byCost('desc')).toEqual(['Đặng', 'Ánh', 'Bình', 'an'])
    expect(byCost('asc')).toEqual(['Bình', 'Đặng', 'Ánh', 'an'])
  })

  it('orders text by the language, ignoring case and accents for equal letters', () => {
    expect(sortRows(rows, (r) => r.name, 'asc', 'vi-VN').map((r) => r.name)).toEqual([
      'an',
      'Ánh',
      'Bình',
      'Đặng',
    ])
    expect(sortRows(['gpt-10', 'gpt-9'], (r) => r, 'asc', 'en-US')).toEqual(['gpt-9', 'gpt-10'])
  })

  it('does not touch the rows it was given', () => {
    const copy = [...rows]
    sortRows(rows, (r) => r.cost, 'asc', 'vi-VN')
    expect(rows).toEqual(copy)
  })

  it('turns the sorted column around, and starts another in its own direction', () => {
    expect(nextSort({ column: 'cost', dir: 'desc' }, 'cost', 'desc')).toEqual({ column: 'cost', dir: 'asc' })
    expect(nextSort({ column: 'cost', dir: 'asc' }, 'cost', 'desc')).toEqual({ column: 'cost', dir: 'desc' })
    expect(nextSort({ column: 'cost', dir: 'asc' }, 'model', 'asc')).toEqual({ column: 'model', dir: 'asc' })
    expect(firstSortDir({ numeric: true })).toBe('desc')
    expect(firstSortDir({ numeric: false })).toBe('asc')
  })
})

describe('durations', () => {
  it('come from sent and completed times, and are missing without a completion', () => {
    expect(durationMs('2026-11-22T04:53:54.112Z', '2026-11-22T04:58:59.802Z')).toBe(305_690)
    expect(durationMs('2026-11-22T04:53:54.112Z', null)).toBeNull()
    expect(durationMs('2026-11-22T04:53:54Z', '2026-11-22T04:53:50Z')).toBeNull()
  })

  it('read in two units at most', () => {
    expect(formatDuration(305_690, 'vi')).toBe('5 phút 5 giây')
    expect(formatDuration(305_690, 'en')).toBe('5 min 5 sec')
    expect(formatDuration(5_140, 'vi')).toBe('5,1 giây')
    expect(formatDuration(18_900, 'en')).toBe('18 sec')
    expect(formatDuration(120_000, 'en')).toBe('2 min')
    expect(formatDuration(3_720_000, 'en')).toBe('1 hr 2 min')
    expect(formatDuration(null, 'vi')).toBe('—')
  })
})

/** A record as main sends it: the wire's fields and its times read. */
function timed(wire: WireRecord): UsageRecord {
  return { ...wire, ...recordTimes(wire) }
}

describe('the requests table', () => {
  const record = timed({
    id: 'usg_1',
    date: '2026-11-22T04:53:54.112Z',
    completedAt: null,
    model: 'claude-haiku-4-5',
    inputTokens: 22625,
    outputTokens: 176,
    totalTokens: 22801,
    cacheHitTokens: 12099,
    reasoningTokens: 0,
    costVND: 277.55,
    costBeforeDiscount: 346.94,
    discountPercent: 20,
    keySource: 'POOL_A',
  })

  it('shows every field the brief asks for, formatted for the language', () => {
    const columns = recordColumns('vi', vi, ZONE)
    const cells = Object.fromEntries(columns.map((c) => [c.id, nbsp(c.text(record))]))
    expect(cells).toEqual({
      sent: nbsp(formatRecordTime(record.date, 'vi', ZONE)),
      completed: '—',
      duration: '—',
      model: 'claude-haiku-4-5',
      tokens: '22.801',
      input: '22.625',
      output: '176',
      cacheHit: '12.099',
      reasoning: '0',
      costBefore: '347 ₫',
      discount: '20%',
      cost: '278 ₫',
      status: 'Đã tính phí',
      keySource: 'Pool A',
    })
    // Six on screen, to fit a 980 px window; the others are detail lines there and columns in the file.
    expect(columns.filter((c) => !c.csvOnly).map((c) => c.id)).toEqual([
      'sent',
      'completed',
      'model',
      'tokens',
      'cost',
      'status',
    ])
    const detail = (id: string) => nbsp(columns.find((c) => c.id === id)!.detail!(record) ?? '')
    expect(detail('tokens')).toBe('vào 22.625 · ra 176')
    expect(detail('cost')).toBe('giảm 20% từ 347 ₫')
    expect(detail('status')).toBe('Pool A')
  })

  it('gives each request a status from what it was billed', () => {
    const status = (patch: Partial<UsageRecord>) => recordStatus({ ...record, ...patch })
    expect(status({})).toBe('charged')
    expect(status({ costVND: 0, discountPercent: 100 })).toBe('covered')
    expect(status({ costVND: 0, costBeforeDiscount: 0 })).toBe('free')
    const en = recordColumns('en', (k, p) => translate('en', k, p), ZONE).find((c) => c.id === 'status')!
    expect(en.text({ ...record, costVND: 0 })).toBe('Not charged')
  })

  it('marks the times for machines and sorts a missing completion last', () => {
    const columns = recordColumns('en', en, ZONE)
    const completed = columns.find((c) => c.id === 'completed')!
    expect(columns.find((c) => c.id === 'sent')!.datetime!(record)).toBe(record.date)
    expect(completed.datetime!(record)).toBeNull()
    expect(completed.sortValue(record)).toBeNull()
  })

  it('heads the times "Sent" and "Finished" in both languages', () => {
    const labels = (t: typeof vi) =>
      recordColumns('vi', t, ZONE)
        .filter((c) => c.id === 'sent' || c.id === 'completed')
        .map((c) => c.label)
    expect(labels(vi)).toEqual(['Gửi lúc', 'Hoàn tất'])
    expect(labels(en)).toEqual(['Sent', 'Finished'])
  })

  // Since 2026-08-16 `date` is when the request was sent; before, it was when it finished.
  const sentFirst = timed({
    ...record,
    id: 'sent-first',
    date: '2026-09-01T10:00:00.000Z',
    completedAt: '2026-09-01T10:20:00.000Z',
  })
  const sentLater = timed({
    ...record,
    id: 'sent-later',
    date: '2026-09-01T10:05:00.000Z',
    completedAt: '2026-09-01T10:06:00.000Z',
  })
  const old = timed({ ...record, id: 'old', date: '2026-08-10T09:00:00.000Z', completedAt: null })

  it('shows a record from before 2026-08-16 as finished at its date, sent at an unknown time', () => {
    const columns = recordColumns('en', en, ZONE)
    const cell = (id: string) => columns.find((c) => c.id === id)!
    expect(cell('sent').text(old)).toBe('—')
    expect(cell('sent').datetime!(old)).toBeNull()
    expect(nbsp(cell('completed').text(old))).toBe(nbsp(formatRecordTime(old.date, 'en', ZONE)))
    expect(cell('completed').datetime!(old)).toBe('2026-08-10T09:00:00.000Z')
    expect(cell('duration').text(old)).toBe('—')
    // A newer record: sent at its date, finished at completedAt.
    expect(cell('sent').datetime!(sentFirst)).toBe('2026-09-01T10:00:00.000Z')
    expect(cell('completed').datetime!(sentFirst)).toBe('2026-09-01T10:20:00.000Z')
    expect(cell('duration').text(sentFirst)).toBe('20 min')
  })

  it('sorts by time on the sending time where known, and by the finish when asked', () => {
    const columns = recordColumns('en', en, ZONE)
    const by = (id: string, dir: 'asc' | 'desc') =>
      sortRows([old, sentFirst, sentLater], columns.find((c) => c.id === id)!.sortValue, dir, 'en-US').map(
        (r) => r.id,
      )
    expect(by('sent', 'desc')).toEqual(['sent-later', 'sent-first', 'old'])
    expect(by('sent', 'asc')).toEqual(['old', 'sent-first', 'sent-later'])
    expect(by('completed', 'desc')).toEqual(['sent-first', 'sent-later', 'old'])
  })

  it('names key sources, and shows an unknown one as sent', () => {
    expect(keySourceLabel('PRIMARY', en)).toBe('Primary key')
    expect(keySourceLabel('POOL_B', vi)).toBe('Pool B')
    expect(keySourceLabel('TERTIARY', vi)).toBe('TERTIARY')
  })
})

describe('the per-model table', () => {
  const models: ModelUsageItem[] = [
    {
      modelId: 'a',
      modelName: 'Veo 3',
      provider: 'google',
      totalTokens: 1441,
      totalCostVND: 544500,
      requestCount: 9,
    },
    {
      modelId: 'b',
      modelName: 'GPT-4.1',
      provider: 'openai',
      totalTokens: 1712281,
      totalCostVND: 94943.71,
      requestCount: 221,
    },
    {
      modelId: 'c',
      modelName: 'Claude Sonnet 4.5',
      provider: 'anthropic',
      totalTokens: 3414555,
      totalCostVND: 161858.2,
      requestCount: 363,
    },
  ]

  it('has model, provider, requests, tokens and cost columns that sort', () => {
    const columns = modelColumns('en', en)
    expect(columns.map((c) => c.label)).toEqual(['Model', 'Provider', 'Requests', 'Tokens', 'Cost'])
    const by = (id: string, dir: 'asc' | 'desc') =>
      sortRows(models, columns.find((c) => c.id === id)!.sortValue, dir, 'en-US').map((m) => m.modelId)
    expect(by('cost', 'desc')).toEqual(['a', 'c', 'b'])
    expect(by('requests', 'desc')).toEqual(['c', 'b', 'a'])
    expect(by('tokens', 'asc')).toEqual(['a', 'b', 'c'])
    expect(by('provider', 'asc')).toEqual(['c', 'a', 'b'])
    expect(columns.find((c) => c.id === 'cost')!.text(models[1]!)).toBe('₫94,944')
  })
})

describe('chart axes', () => {
  it("use the app's short amounts in the UI language, with Vietnamese words for the units", () => {
    expect(nbsp(axisVnd(100_000, 'vi'))).toBe('100 nghìn ₫')
    expect(nbsp(axisVnd(1_918_848, 'vi'))).toBe('1,92 triệu ₫')
    expect(nbsp(axisVnd(2_500_000_000, 'vi'))).toBe('2,5 tỷ ₫')
    expect(axisVnd(1_918_848, 'en')).toBe('₫1.92M')
    expect(axisCount(13_991_141, 'en')).toBe('14M')
    expect(nbsp(axisCount(1234, 'vi'))).toBe('1,23 nghìn')
  })

  it('label service days without shifting them into the local time zone', () => {
    expect(formatDay('2026-11-16', 'en')).toBe('Nov 16')
    expect(formatDay('2026-01-01', 'en', true)).toBe('Jan 1, 2026')
    expect(formatDay('2026-11-16', 'vi')).toBe('16 thg 11')
    expect(formatDay('bad', 'vi')).toBe('bad')
  })
})
