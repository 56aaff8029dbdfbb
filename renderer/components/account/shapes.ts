// The account's data shapes as the renderer receives them, named from the contract (the renderer never
// imports main-process modules, not even for types).
import type { Glance, Part } from '../../../preload/contract'

export type { Glance, Part }

type ValueOf<P> = P extends Part<infer T> ? T : never

export type Account = ValueOf<Glance['me']>
export type PooledQuota = ValueOf<Glance['quota']>
export type QuotaPool = PooledQuota['pool_a']
export type Savings = ValueOf<Glance['savings']>
export type DailyUsage = ValueOf<Glance['daily']>
export type DailyUsageItem = DailyUsage['data'][number]
export type UsageStats = ValueOf<Glance['stats']>
