// How long a request took, from its sent and completed times.
import type { Language } from '../../../preload/contract'
import { localeOf } from '../../lib/format'

/** Null when either time is unknown (records before 2026-08-16 have no sending time) or they disagree. */
export function durationMs(sentIso: string | null, completedIso: string | null): number | null {
  if (sentIso === null || completedIso === null) return null
  const ms = Date.parse(completedIso) - Date.parse(sentIso)
  return Number.isFinite(ms) && ms >= 0 ? ms : null
}

function unit(lang: Language, name: 'second' | 'minute' | 'hour', value: number, digits = 0): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'unit',
    unit: name,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value)
}

/** "18,5 giây", "5 phút 5 giây", "1 giờ 2 phút": two units at most, tenths of a second under ten seconds. */
export function formatDuration(ms: number | null, lang: Language): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '—'
  const seconds = ms / 1000
  if (seconds < 10) return unit(lang, 'second', Math.floor(seconds * 10) / 10, 1)
  const whole = Math.floor(seconds)
  if (whole < 60) return unit(lang, 'second', whole)
  const minutes = Math.floor(whole / 60)
  if (minutes < 60) {
    const rest = whole % 60
    return rest === 0
      ? unit(lang, 'minute', minutes)
      : `${unit(lang, 'minute', minutes)} ${unit(lang, 'second', rest)}`
  }
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? unit(lang, 'hour', hours) : `${unit(lang, 'hour', hours)} ${unit(lang, 'minute', rest)}`
}
