// Short numbers for chart axes ("1,9 Tr ₫", "14M"), in the UI language; tooltips show the full amounts.
import type { Language } from '../../../preload/contract'
import { localeOf } from '../../lib/format'

export function compactVnd(amount: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'VND',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount)
}

export function compactNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  )
}

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
