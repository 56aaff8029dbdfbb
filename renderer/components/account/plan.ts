// The plan as people read it: a name for each known code, and how close its end is.
import { isMessageKey } from '../../lib/i18n/translate'
import type { Translate } from './translate'

const DAY_MS = 24 * 60 * 60_000

/** Under this much time left the popup warns that the plan is ending. */
export const PLAN_EXPIRY_WARNING_MS = 7 * DAY_MS

/**
 * Beyond this the "expiry" is a placeholder, not a date: the service sends FREE plans 31 Dec 2099, and a
 * plan that truly ends in half a century is, to the person reading the popup, one without an end.
 */
export const PLAN_NO_END_AFTER_MS = 50 * 365.25 * DAY_MS

/**
 * `ADVANCED_PLUS` -> "Advanced+", as the spec writes the plans; the catalog holds the one name of each.
 * A code this version does not know is shown as sent.
 */
export function planLabel(code: string, t: Translate): string {
  const key = `catalog.planName.${code.toLowerCase()}`
  return isMessageKey(key) ? t(key) : code
}

export type PlanExpiry =
  | { state: 'none' }
  | { state: 'expired'; at: Date }
  | { state: 'soon'; at: Date; daysLeft: number }
  | { state: 'later'; at: Date }

/** `daysLeft` counts started days, so 30 hours left reads as 2 days, and anything under a day as 1. */
export function planExpiry(expiresAt: string | null | undefined, nowMs: number): PlanExpiry {
  if (expiresAt === null || expiresAt === undefined) return { state: 'none' }
  const at = new Date(expiresAt)
  const leftMs = at.getTime() - nowMs
  if (!Number.isFinite(leftMs) || leftMs > PLAN_NO_END_AFTER_MS) return { state: 'none' }
  if (leftMs <= 0) return { state: 'expired', at }
  if (leftMs < PLAN_EXPIRY_WARNING_MS) return { state: 'soon', at, daysLeft: Math.ceil(leftMs / DAY_MS) }
  return { state: 'later', at }
}
