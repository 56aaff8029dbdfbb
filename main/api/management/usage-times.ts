// When a usage record's request was sent and when it finished (management-api.md "Usage record",
// "Versioning"). Since 2026-08-16 `date` is the moment the request was sent and `completedAt` the moment
// it finished; before that `date` was the finish and the sending time was not kept. Read here once, for
// the app (through the contract) and for `loa usage`.
import type { UsageRecordTimes, UsageRecordsPage } from '../../../preload/contract'
import type { UsagePage, UsageRecord } from './schemas/account'

/** From this moment on `date` is the sending time. The spec gives the day; its timestamps are UTC. */
export const SENT_DATE_SINCE = '2026-08-16T00:00:00.000Z'
const SENT_DATE_SINCE_MS = Date.parse(SENT_DATE_SINCE)

export function recordTimes(r: Pick<UsageRecord, 'date' | 'completedAt'>): UsageRecordTimes {
  // A record that has `completedAt` is of the new kind whatever its date says.
  if (r.completedAt !== null) return { sentAt: r.date, finishedAt: r.completedAt }
  return Date.parse(r.date) >= SENT_DATE_SINCE_MS
    ? { sentAt: r.date, finishedAt: null }
    : { sentAt: null, finishedAt: r.date }
}

export function withRecordTimes(page: UsagePage): UsageRecordsPage {
  return { ...page, data: page.data.map((r) => ({ ...r, ...recordTimes(r) })) }
}

/**
 * What "by time" sorts on: the sending time where it is known, else the finish. Records without a sending
 * time finished before 2026-08-16, so before any record that has one was sent: the order stays true.
 */
export function recordTimeMs(times: UsageRecordTimes): number | null {
  const at = times.sentAt ?? times.finishedAt
  if (at === null) return null
  const ms = Date.parse(at)
  return Number.isFinite(ms) ? ms : null
}
