// Numbers, money and times as `loa` prints them. Counts and dong follow Vietnamese conventions
// (`1.234.567 ₫`, `12,5%`); dollars keep the `$` and US conventions (`$0.075`) so the two never look alike.

const vndWhole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 })
const vndCents = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 })
const count = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 })
const percent = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 })
const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })

export const DASH = '—'

/** Whole dong, e.g. `1.234.567 ₫`: balances, totals and catalog prices. */
export function formatVnd(amount: number): string {
  return Number.isFinite(amount) ? `${vndWhole.format(amount)} ₫` : DASH
}

/**
 * Dong with up to two decimals, e.g. `40,81 ₫`: single requests cost fractions of a dong (per-character
 * speech), which whole dong would show as 0.
 */
export function formatVndExact(amount: number): string {
  return Number.isFinite(amount) ? `${vndCents.format(amount)} ₫` : DASH
}

export function formatUsd(amount: number | null): string {
  return amount !== null && Number.isFinite(amount) ? `$${usd.format(amount)}` : DASH
}

export function formatCount(value: number | null): string {
  return value !== null && Number.isFinite(value) ? count.format(value) : DASH
}

export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${percent.format(value)}%` : DASH
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** `2026-08-20 14:03:12` in the local time zone of the machine running `loa`. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return DASH
  return `${formatDate(d)} ${formatTime(d)}`
}

export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`
}

function formatTime(d: Date): string {
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`
}

/** The completion time: only the clock time when it falls on the day the request was sent. */
export function formatCompletedAt(sentIso: string, completedIso: string | null): string {
  if (completedIso === null) return DASH
  const sent = new Date(sentIso)
  const done = new Date(completedIso)
  if (Number.isNaN(done.getTime())) return DASH
  return !Number.isNaN(sent.getTime()) && formatDate(sent) === formatDate(done)
    ? formatTime(done)
    : formatDateTime(completedIso)
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from `nowMs` to `iso`, rounded down; negative once it has passed. */
export function daysUntil(iso: string, nowMs: number): number {
  return Math.floor((Date.parse(iso) - nowMs) / DAY_MS)
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}
