// How much of a model's monthly free allowance (Classic's 4M characters, tts-api.md group table) is left,
// from the account's own usage history. The spec says characters are billed, and the usage records of a
// speech request carry its characters as input tokens; the allowance is taken per calendar month in
// Vietnam's time (UTC+7), where the service and its users are.
import type { UsageRecord } from '../api/management/schemas/account'

const VN_OFFSET_MS = 7 * 3_600_000

/** `YYYY-MM` of the month holding `epochMs`, in Vietnam's time. */
export function vnMonthOf(epochMs: number): string {
  return new Date(epochMs + VN_OFFSET_MS).toISOString().slice(0, 7)
}

export interface UsageHistory {
  /** Newest first, as `GET /usage` returns them. */
  records: readonly UsageRecord[]
  /** How many records the account has in all. */
  total: number
}

/**
 * Characters of `model` used this month, or null when the history cannot tell: `/usage` returns at most
 * 200 records, so when more exist and the oldest one returned is still from this month, earlier use this
 * month may be missing.
 */
export function charsUsedThisMonth(history: UsageHistory, model: string, nowMs: number): number | null {
  const month = vnMonthOf(nowMs)
  let used = 0
  for (const r of history.records) {
    if (r.model === model && vnMonthOf(Date.parse(r.date)) === month) used += r.inputTokens
  }
  const oldest = history.records.at(-1)
  const complete =
    history.records.length >= history.total ||
    (oldest !== undefined && vnMonthOf(Date.parse(oldest.date)) !== month)
  return complete ? used : null
}

/** What is left of `allowance` this month; null when the use is unknown. */
export function freeCharsLeft(allowance: number, used: number | null): number | null {
  if (allowance <= 0) return 0
  return used === null ? null : Math.max(0, allowance - used)
}
