// Calendar days as the service's customers live them: Vietnam is UTC+7 all year (no daylight saving),
// so "today" in `/usage/daily` and monthly free allowances turn over at midnight in Hanoi, not in London.
const VN_OFFSET_MS = 7 * 3600_000

/** `YYYY-MM-DD` of the Vietnamese calendar day holding `epochMs`. */
export function vnDay(epochMs: number): string {
  return new Date(epochMs + VN_OFFSET_MS).toISOString().slice(0, 10)
}

/** `YYYY-MM` of the Vietnamese calendar month holding `epochMs`. */
export function vnMonth(epochMs: number): string {
  return vnDay(epochMs).slice(0, 7)
}

/** Epoch ms of Vietnamese midnight starting the day `daysAgo` days before the day holding `epochMs`. */
export function vnDayStart(epochMs: number, daysAgo = 0): number {
  const local = epochMs + VN_OFFSET_MS
  const midnightLocal = local - (((local % 86_400_000) + 86_400_000) % 86_400_000)
  return midnightLocal - VN_OFFSET_MS - daysAgo * 86_400_000
}

export const iso = (epochMs: number): string => new Date(epochMs).toISOString()
