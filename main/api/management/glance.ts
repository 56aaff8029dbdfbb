// The account data the UI is shown, as plain data: types only, so the IPC contract can name them without
// pulling main-process code into the renderer.
import type { IpcError } from '../../../preload/contract'
import type { AccountAccess } from './access'
import type { Account, DailyUsage, UsageStats } from './schemas/account'
import type { PooledQuota, Savings } from './schemas/pools'

/** One piece of what the UI shows, as plain data. */
export interface Part<T> {
  value: T | null
  /** ISO 8601 time the value was fetched. */
  fetchedAt: string | null
  ageMs: number | null
  stale: boolean
  refreshing: boolean
  error: IpcError | null
}

export interface Glance {
  me: Part<Account>
  quota: Part<PooledQuota>
  savings: Part<Savings>
  /** The last 7 days. */
  daily: Part<DailyUsage>
  stats: Part<UsageStats>
  access: AccountAccess
}

export type GlancePart = Exclude<keyof Glance, 'access'>

export interface AccountUpdate {
  /** The request whose entry changed, e.g. `/v1/management/me`. */
  requestId: string
  glance: Glance
}
