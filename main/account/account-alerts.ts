// Decides when the account deserves a desktop notification: the balance falling below the user's
// threshold (once per crossing), the plan expiring within 7 days (once per expiry date), and the key
// being rejected (once until it works again).
import type { Glance } from '../api/management'
import type { AlertKind } from './alert-text'

export interface Alert {
  kind: AlertKind
  params: Record<string, string | number>
}

const PLAN_WARNING_MS = 7 * 24 * 3600_000

export class AccountAlerts {
  #below: boolean | null = null
  #planWarnedFor: string | null = null
  #keyRejected = false

  /** Returns the alerts this glance newly calls for. */
  observe(glance: Glance, thresholdVnd: number, nowMs: number): Alert[] {
    const alerts: Alert[] = []
    const me = glance.me.value
    if (me) {
      const balance = me.balance.totalVND
      const below = thresholdVnd > 0 && balance < thresholdVnd
      if (below && this.#below !== true)
        alerts.push({ kind: 'lowBalance', params: { balance, threshold: thresholdVnd } })
      this.#below = below

      const expiresAt = me.planExpiresAt
      const left = expiresAt ? Date.parse(expiresAt) - nowMs : Number.NaN
      if (
        expiresAt &&
        Number.isFinite(left) &&
        left > 0 &&
        left < PLAN_WARNING_MS &&
        this.#planWarnedFor !== expiresAt
      ) {
        this.#planWarnedFor = expiresAt
        alerts.push({
          kind: 'planExpiring',
          params: { plan: me.plan, days: Math.ceil(left / 86_400_000), expiresAt },
        })
      }
    }
    const rejected = glance.me.error?.kind === 'auth'
    if (rejected && !this.#keyRejected) alerts.push({ kind: 'keyRejected', params: {} })
    if (rejected || glance.me.error === null) this.#keyRejected = rejected
    return alerts
  }
}
