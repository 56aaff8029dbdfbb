// Per-plan request limits of the TTS endpoint, per account: requests per minute and per day, with
// separate budgets for the free model and the paid ones. Both windows slide on the service clock.
import type { DemoClock, PlanCode } from '../context'
import { SlidingWindow, type Admission } from '../limits/sliding-window'

export interface PlanLimits {
  rpm: number
  /** null = unlimited */
  rpd: number | null
}

export const FREE_MODEL_LIMITS: Record<PlanCode, PlanLimits> = {
  FREE: { rpm: 10, rpd: 250 },
  BASIC: { rpm: 20, rpd: 1_500 },
  ADVANCED_PLUS: { rpm: 40, rpd: 3_000 },
  ULTRA: { rpm: 60, rpd: 5_000 },
}

export const PAID_MODEL_LIMITS: Record<PlanCode, PlanLimits> = {
  FREE: { rpm: 500, rpd: null },
  BASIC: { rpm: 1_000, rpd: null },
  ADVANCED_PLUS: { rpm: 2_000, rpd: null },
  ULTRA: { rpm: 5_000, rpd: null },
}

export function limitsFor(plan: PlanCode, freeModel: boolean): PlanLimits {
  return (freeModel ? FREE_MODEL_LIMITS : PAID_MODEL_LIMITS)[plan]
}

export class TtsRateLimiter {
  private readonly minute: SlidingWindow
  private readonly day: SlidingWindow

  constructor(clock: DemoClock) {
    this.minute = new SlidingWindow(clock, 60_000)
    this.day = new SlidingWindow(clock, 86_400_000)
  }

  /** Counts the request in both windows if both admit it; otherwise counts nothing. */
  admit(accountId: string, plan: PlanCode, freeModel: boolean): Admission & { window?: 'minute' | 'day' } {
    const limits = limitsFor(plan, freeModel)
    const key = `${accountId}:${freeModel ? 'free' : 'paid'}`
    if (limits.rpd !== null) {
      const day = this.day.check(key, limits.rpd)
      if (!day.ok) return { ...day, window: 'day' }
    }
    const minute = this.minute.admit(key, limits.rpm)
    if (!minute.ok) return { ...minute, window: 'minute' }
    if (limits.rpd !== null) this.day.admit(key, limits.rpd)
    return { ok: true }
  }

  reset(): void {
    this.minute.reset()
    this.day.reset()
  }
}
