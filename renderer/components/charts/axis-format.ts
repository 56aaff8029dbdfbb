// Chart axes: the app's short forms of money and counts (lib/format), and the days under the bars;
// tooltips show the full amounts.
import type { Language } from '../../../preload/contract'
import { formatCountShort, formatVndShort, localeOf } from '../../lib/format'

export const axisVnd = (value: number | string, lang: Language): string => formatVndShort(Number(value), lang)
export const axisCount = (value: number | string, lang: Language): string =>
  formatCountShort(Number(value), lang)

/** A service calendar day `YYYY-MM-DD` as "22 thg 11" / "Nov 22", never shifted by the local time zone. */
export function formatDay(day: string, lang: Language, withYear = false): string {
  const [y, m, d] = day.split('-').map(Number)
  if (!y || !m || !d) return day
  return new Intl.DateTimeFormat(localeOf(lang), {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)))
}
