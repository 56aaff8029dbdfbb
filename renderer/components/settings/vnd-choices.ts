// Amounts offered for the voice chat's spending limits, and how a saved one is kept in the list.
import type { Language } from '../../../preload/contract'
import { formatVnd } from '../../lib/format'

/** A session's cap: from a few minutes of talk to a long working session (realtime-api.md prices). */
export const SPEND_CAPS_VND: readonly number[] = [10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
/** A day's budget across conversations. */
export const DAILY_BUDGETS_VND: readonly number[] = [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]

/**
 * The amounts as options; one saved elsewhere (the settings file, another build) is shown as it is
 * rather than hidden.
 */
export function vndOptions(
  amounts: readonly number[],
  saved: number | null,
  lang: Language,
): { value: string; label: string }[] {
  const all = saved === null || saved === 0 || amounts.includes(saved) ? amounts : [...amounts, saved]
  return [...all].sort((a, b) => a - b).map((vnd) => ({ value: String(vnd), label: formatVnd(vnd, lang) }))
}
