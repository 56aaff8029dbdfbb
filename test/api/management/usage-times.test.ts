// A usage record's two moments (management-api.md "Usage record", "Versioning"): since 2026-08-16 `date`
// is when the request was sent and `completedAt` when it finished; before, `date` was the finish.
import { describe, expect, it } from 'vitest'
import { usagePageSchema } from '../../../main/api/management/schemas/account'
import { recordTimeMs, recordTimes, withRecordTimes } from '../../../main/api/management/usage-times'
import { usageBody } from './support/fixtures'

describe('recordTimes', () => {
  it('reads a record with completedAt as sent at its date and finished at completedAt', () => {
    expect(
      recordTimes({ date: '2026-09-01T10:00:00.000Z', completedAt: '2026-09-01T10:20:00.000Z' }),
    ).toEqual({
      sentAt: '2026-09-01T10:00:00.000Z',
      finishedAt: '2026-09-01T10:20:00.000Z',
    })
  })

  it('reads a record from before 2026-08-16 as finished at its date, its sending time unknown', () => {
    expect(recordTimes({ date: '2026-08-15T23:59:59.000Z', completedAt: null })).toEqual({
      sentAt: null,
      finishedAt: '2026-08-15T23:59:59.000Z',
    })
  })

  it('reads a newer record that lacks completedAt as sent at its date, its finish unknown', () => {
    expect(recordTimes({ date: '2026-08-16T00:00:00.000Z', completedAt: null })).toEqual({
      sentAt: '2026-08-16T00:00:00.000Z',
      finishedAt: null,
    })
  })

  it('sorts by the sending time where known, else by the finish', () => {
    expect(recordTimeMs({ sentAt: '2026-09-01T10:00:00.000Z', finishedAt: '2026-09-01T10:20:00.000Z' })).toBe(
      Date.parse('2026-09-01T10:00:00.000Z'),
    )
    expect(recordTimeMs({ sentAt: null, finishedAt: '2026-08-10T09:00:00.000Z' })).toBe(
      Date.parse('2026-08-10T09:00:00.000Z'),
    )
    expect(recordTimeMs({ sentAt: null, finishedAt: null })).toBeNull()
  })

  it('adds the times to every record of a page and keeps the rest as parsed', () => {
    const page = usagePageSchema.parse(usageBody)
    const timed = withRecordTimes(page)
    expect(timed.total).toBe(page.total)
    expect(timed.data.map((r) => [r.id, r.sentAt, r.finishedAt])).toEqual([
      ['usg_1', '2026-09-01T10:00:00.000Z', '2026-09-01T10:20:00.000Z'],
      ['usg_0', null, '2026-08-10T09:00:00.000Z'],
    ])
    expect(timed.data[0]).toMatchObject(page.data[0]!)
  })
})
