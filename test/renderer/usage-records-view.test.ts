// The Usage window's recent requests in jsdom: the times headed "Sent" and "Finished", a record from
// before 2026-08-16 shown as finished at its date with no sending time, and sorting by time on the sending
// time where it is known (management-api.md "Usage record").
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Part, Settings, UsageRecordsPage } from '../../preload/contract'
import { usagePageSchema } from '../../main/api/management/schemas/account'
import { withRecordTimes } from '../../main/api/management/usage-times'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { usageRecord } from '../support/usage-record'

installFakeBridge()
const { default: RecordsSection } = await import('../../renderer/components/usage/RecordsSection.svelte')
const { app } = await import('../../renderer/stores/app.svelte')
const { usage } = await import('../../renderer/stores/usage.svelte')

const base = usageRecord({ costVND: 99_000, costBeforeDiscount: 110_000, discountPercent: 10 })

/** As main sends `/usage`: in the service's order (by `date`), each record with its times read. */
function page(records: object[]): Part<UsageRecordsPage> {
  return {
    value: withRecordTimes(usagePageSchema.parse({ data: records, total: records.length })),
    fetchedAt: '2026-11-22T05:00:00.000Z',
    ageMs: 0,
    stale: false,
    refreshing: false,
    error: null,
  }
}

const LONG = {
  ...base,
  id: 'long',
  date: '2026-09-01T10:00:00.000Z',
  completedAt: '2026-09-01T10:40:00.000Z',
}
const QUICK = {
  ...base,
  id: 'quick',
  date: '2026-09-01T10:05:00.000Z',
  completedAt: '2026-09-01T10:05:03.000Z',
}
const OLD = { ...base, id: 'old', date: '2026-08-10T09:00:00.000Z' }

const host = viewHost()

beforeEach(() => {
  app.settings.set({ language: 'vi', theme: 'light' } as Settings)
})

function show(part: Part<UsageRecordsPage>) {
  usage.records.part = part
  host.show(RecordsSection)
}

const header = (col: string) => host.target.querySelector<HTMLButtonElement>(`th[data-col="${col}"] button`)!
const times = (col: string) =>
  [...host.target.querySelectorAll(`tbody td[data-col="${col}"]`)].map(
    (td) => td.querySelector('time')?.getAttribute('datetime') ?? td.textContent!.trim(),
  )

describe('the recent requests table', () => {
  it('heads the times "Gửi lúc" and "Hoàn tất"', () => {
    show(page([QUICK, LONG]))
    expect(header('sent').textContent).toContain('Gửi lúc')
    expect(header('completed').textContent).toContain('Hoàn tất')
    expect(host.target.querySelector('[data-testid="records-no-sent-time"]')).toBeNull()
  })

  it('shows a record from before 2026-08-16 as finished at its date, its sending time unknown', () => {
    show(page([QUICK, LONG, OLD]))
    expect(times('sent')).toEqual([QUICK.date, LONG.date, '—'])
    expect(times('completed')).toEqual([QUICK.completedAt, LONG.completedAt, OLD.date])
    // The duration is the finish's second line; unknown without a sending time, so not shown.
    const durations = [...host.target.querySelectorAll('tbody td[data-col="completed"]')].map(
      (td) => td.querySelector('[data-detail="completed"]')?.textContent ?? null,
    )
    expect(durations).toEqual(['3 giây', '40 phút', null])
    expect(host.target.querySelector('[data-testid="records-no-sent-time"]')?.textContent).toContain(
      '16/08/2026',
    )
  })

  it('sorts by the sending time, not by when a request finished', () => {
    // Listed by finish, as a service might: the long request finished last but was sent first.
    show(page([LONG, QUICK, OLD]))
    expect(times('sent')).toEqual([QUICK.date, LONG.date, '—'])
    header('sent').click()
    flushSync()
    expect(times('sent')).toEqual(['—', LONG.date, QUICK.date])
    header('completed').click()
    flushSync()
    expect(times('completed')).toEqual([OLD.date, QUICK.completedAt, LONG.completedAt])
  })

  it('says when the period holds more requests than the service lists, by the daily counts', () => {
    const day = (date: string, requestCount: number) => ({
      date,
      totalTokens: 0,
      totalCostVND: 0,
      requestCount,
    })
    usage.daily.request = { days: 7 }
    usage.daily.part = { ...page([]), value: { data: [day('2026-08-31', 250), day('2026-09-01', 1)] } }
    show(page([QUICK, LONG, OLD]))
    const note = host.target.querySelector('[data-testid="records-truncated"]')?.textContent ?? ''
    expect(note.replace(/\s+/g, ' ')).toContain('7 ngày qua có 251 yêu cầu')
    expect(note).toContain('thiếu 248 yêu cầu cũ hơn')
    host.unmount()
    host.target.innerHTML = ''
    // Every request of the period listed: nothing to say.
    usage.daily.part = { ...page([]), value: { data: [day('2026-09-01', 3)] } }
    show(page([QUICK, LONG, OLD]))
    expect(host.target.querySelector('[data-testid="records-truncated"]')).toBeNull()
    usage.daily.part = null
    usage.daily.request = null
  })

  it('names the time zone it shows the times in', () => {
    show(page([QUICK]))
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(host.target.querySelector('[data-testid="records-zone"]')?.textContent).toContain(zone)
  })
})
