// Whether the recent requests are all the requests of the period. `/usage` lists at most 200 records and
// has no paging (management-api.md, Limits), so the only way to know what is left out is to count: the
// daily request counts of the period shown above say how many there were.
import type { DailyUsage } from '../account/shapes'

export interface RecordsShortfall {
  /** Requests the period holds, by its daily counts. */
  held: number
  /** Of those, not in the list. */
  missing: number
}

/** Null when the list holds the whole period, or when the daily counts are not known. */
export function recordsShortfall(daily: DailyUsage | null, shown: number): RecordsShortfall | null {
  if (daily === null) return null
  const held = daily.data.reduce((sum, d) => sum + d.requestCount, 0)
  return held > shown ? { held, missing: held - shown } : null
}
