// Words for the catalog's values in the UI language: errors, plans, input types, ages and dates.
import type { IpcError, Language } from '../../../preload/contract'
import { errorText as said } from '../../lib/error-text'
import { localeOf } from '../../lib/format'
import { isMessageKey } from '../../lib/i18n/translate'
import { app } from '../../stores/app.svelte'

export function errorText(error: IpcError): string {
  return said(error, app)
}

/** `ADVANCED_PLUS` → Advanced+; a plan code this version does not know is shown as sent. */
export function planLabel(plan: string): string {
  const key = `catalog.planName.${plan.toLowerCase()}`
  return isMessageKey(key) ? app.t(key) : plan
}

/** Video input types are an open list: known ones are translated, others shown as sent. */
export function inputTypeLabel(type: string): string {
  const key = `catalog.inputType.${type}`
  return isMessageKey(key) ? app.t(key) : type
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** "5 phút trước" / "5 minutes ago". */
export function formatAge(ageMs: number, lang: Language): string {
  if (ageMs < MINUTE_MS) return app.t('catalog.age.justNow')
  const rtf = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' })
  if (ageMs < HOUR_MS) return rtf.format(-Math.floor(ageMs / MINUTE_MS), 'minute')
  if (ageMs < 2 * DAY_MS) return rtf.format(-Math.floor(ageMs / HOUR_MS), 'hour')
  return rtf.format(-Math.floor(ageMs / DAY_MS), 'day')
}

/** Release dates are days at midnight UTC: shown in UTC so no time zone moves them to the day before. */
export function formatDay(iso: string, lang: Language): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d)
}
