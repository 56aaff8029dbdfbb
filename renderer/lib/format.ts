// Money and numbers for people: VND formatted by Intl in the UI language (`1.234.567 ₫` in vi-VN).
import type { Language } from '../../preload/contract'

const LOCALES: Record<Language, string> = { vi: 'vi-VN', en: 'en-US' }

const vndFormatters = new Map<Language, Intl.NumberFormat>()
const numberFormatters = new Map<Language, Intl.NumberFormat>()

export function localeOf(lang: Language): string {
  return LOCALES[lang]
}

/** Whole dong: the wallet never holds fractions of a dong worth showing. */
export function formatVnd(amount: number, lang: Language): string {
  let f = vndFormatters.get(lang)
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'VND', maximumFractionDigits: 0 })
    vndFormatters.set(lang, f)
  }
  return Number.isFinite(amount) ? f.format(amount) : '—'
}

export function formatNumber(value: number, lang: Language): string {
  let f = numberFormatters.get(lang)
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang])
    numberFormatters.set(lang, f)
  }
  return Number.isFinite(value) ? f.format(value) : '—'
}

export function formatDateTime(iso: string, lang: Language): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(d)
}
