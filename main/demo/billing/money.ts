// Money rules shared by the catalog, the usage history and the TTS billing.
import type { PlanCode } from '../context'

/**
 * Reference conversion used by the gateway for every VND price derived from USD. The client has its own
 * (main/api/management/vnd-rate.ts): the demo plays the service, and shares no pricing code with the client.
 */
export const VND_PER_USD = 27_500

/** Wallet amounts keep two decimals: per-character TTS charges are often a fraction of a dong. */
export function roundVnd(amount: number): number {
  return Math.round(amount * 100) / 100
}

export function usdToVnd(usd: number): number {
  return usd * VND_PER_USD
}

/** Catalog prices shown in VND are whole dong. */
export function wholeVnd(amount: number): number {
  return Math.round(amount)
}

/** Discount percent per plan, as `discount.all_plans` lists it. */
export interface PlanDiscounts {
  free: number
  basic: number
  advanced_plus: number
}

/**
 * The percent that applies to a caller. `all_plans` has no Ultra entry; Ultra callers get the Advanced+
 * discount, the highest one listed.
 */
export function discountForPlan(all: PlanDiscounts, plan: PlanCode): number {
  switch (plan) {
    case 'FREE':
      return all.free
    case 'BASIC':
      return all.basic
    case 'ADVANCED_PLUS':
    case 'ULTRA':
      return all.advanced_plus
  }
}

export function applyDiscount(amount: number, percent: number): number {
  return amount * (1 - percent / 100)
}
