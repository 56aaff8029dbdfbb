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

const NBSP = '\u00a0'

function shortCountFormatter(lang: Language, significantDigits: number): Intl.NumberFormat {
  // Vietnamese has no agreed short forms: Intl's "N" and "Tr" read as nothing to most people, so the words
  // themselves ("nghìn", "triệu", "tỷ") are written out. English keeps K, M and B.
  return new Intl.NumberFormat(LOCALES[lang], {
    notation: 'compact',
    compactDisplay: lang === 'vi' ? 'long' : 'short',
    maximumSignificantDigits: significantDigits,
  })
}

/**
 * A count in few characters: "2,5 triệu" / "2.5M". `significantDigits` is how much of the number to keep,
 * for places where two short figures must still tell apart (a pool's "left" and "total").
 */
export function formatCountShort(value: number, lang: Language, significantDigits = 3): string {
  return Number.isFinite(value) ? shortCountFormatter(lang, significantDigits).format(value) : '—'
}

/**
 * The app's one short form of money, for chart axes and tight rows: "100 nghìn ₫", "1,5 triệu ₫" in
 * Vietnamese (never Intl's "100 N ₫"), "₫100K", "₫1.5M" in English.
 */
export function formatVndShort(amount: number, lang: Language): string {
  if (!Number.isFinite(amount)) return '—'
  if (lang === 'vi') return `${formatCountShort(amount, lang)}${NBSP}₫`
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: 'VND',
    notation: 'compact',
    maximumSignificantDigits: 3,
  }).format(amount)
}
