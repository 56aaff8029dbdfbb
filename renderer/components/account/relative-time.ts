// "2 phút trước": how long ago something happened, by Intl in the UI language.
import type { Language } from '../../../preload/contract'
import { localeOf } from '../../lib/format'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

const formatters = new Map<Language, Intl.RelativeTimeFormat>()

/**
 * Whole minutes, hours or days, counted down so a value is never shown as newer than it is. Under a
 * minute there is nothing useful to count: the caller's `justNow` words are returned.
 */
export function relativeAge(ageMs: number, lang: Language, justNow: string): string {
  if (!Number.isFinite(ageMs) || ageMs < MINUTE_MS) return justNow
  let f = formatters.get(lang)
  if (!f) {
    f = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'always' })
    formatters.set(lang, f)
  }
  if (ageMs < HOUR_MS) return f.format(-Math.floor(ageMs / MINUTE_MS), 'minute')
  if (ageMs < DAY_MS) return f.format(-Math.floor(ageMs / HOUR_MS), 'hour')
  return f.format(-Math.floor(ageMs / DAY_MS), 'day')
}

/** Age of an ISO time at `nowMs`; null when there is no time. Clock skew never makes it negative. */
export function ageOf(iso: string | null, nowMs: number): number | null {
  if (iso === null) return null
  const at = Date.parse(iso)
  return Number.isFinite(at) ? Math.max(0, nowMs - at) : null
}
