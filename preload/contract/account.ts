// The account as the app shows it: wallet, plan, usage, pooled quota and savings (management-api.md
// "Resources and their fields"). main/api's schemas read the service's answers into these shapes; fields the
// service adds beyond them are kept by the parser but promised to no one.
import type { IpcError } from './errors'

/** A string enum that may grow: the known values for autocompletion and `switch`, any string accepted. */
export type Open<Known extends string> = Known | (string & {})

export type KnownPlan = 'FREE' | 'BASIC' | 'ADVANCED_PLUS' | 'ULTRA'
export type KnownKeySource = 'PRIMARY'
/** Upper-case plan code; codes beyond the known four are shown as sent. */
export type PlanCode = Open<KnownPlan>

export interface Account {
  id: string
  email: string
  name: string
  plan: PlanCode
  /** ISO time; null when the plan does not expire. */
  planExpiresAt: string | null
  balance: { totalVND: number; realVND: number; bonusVND: number }
}

export interface UsageRecord {
  id: string
  /** When the request was sent (since 2026-08-16; before, the completion time). */
  date: string
  /** When the request finished; null for records from before 2026-08-16. */
  completedAt: string | null
  model: string
  inputTokens: number
  outputTokens: number
  totalTokens: number
  cacheHitTokens: number
  reasoningTokens: number
  costVND: number
  costBeforeDiscount: number
  discountPercent: number
  keySource: Open<KnownKeySource>
}

export interface UsagePage {
  data: UsageRecord[]
  total: number
}

export interface DailyUsageItem {
  /** Calendar day `YYYY-MM-DD`. */
  date: string
  totalTokens: number
  totalCostVND: number
  requestCount: number
}

export interface DailyUsage {
  data: DailyUsageItem[]
}

export interface ModelUsageItem {
  modelId: string
  modelName: string
  provider: string
  totalTokens: number
  totalCostVND: number
  requestCount: number
}

export interface ModelUsage {
  data: ModelUsageItem[]
}

export interface UsageStats {
  totalRequests: number
  totalTokens: number
  totalCostVND: number
  last7DaysTokens: number
  last7DaysCostVND: number
}

export interface QuotaEmail {
  email: string
  tier: string
  quota: number
  used: number
}

export interface QuotaPool {
  totalQuota: number
  usedInWindow: number
  remaining: number
  /** May be empty. */
  emails: QuotaEmail[]
}

/** `pool_a` and `pool_b`; further pools the service may add are kept by the parser. */
export interface PooledQuota {
  pool_a: QuotaPool
  pool_b: QuotaPool
}

export interface PooledSaving {
  tokens: number
  savedVND: number
  requests: number
}

export interface Savings {
  pool_a: PooledSaving
  pool_b: PooledSaving
  cacheHit: { tokens: number; savedVND: number }
  discount: PooledSaving
  /** Free models cost nothing, so there is no `savedVND` here. */
  freeModels: { tokens: number; requests: number }
  totalSavedVND: number
  totalSpentVND: number
  savingsPercent: number
}

/** `full`: Account & Usage answer; `catalog_only`: reseller/internal; `locked`: disabled or locked. */
export type AccountAccess = 'full' | 'catalog_only' | 'locked' | 'unknown'

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

/** The popup's data. */
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

export type UsageDays = 7 | 30 | 90 | 365
/**
 * A usage record's two moments as main reads them (management-api.md "Usage record"): records from before
 * 2026-08-16 have no sending time (their `date` is when they finished); `finishedAt` is null when a newer
 * record lacks `completedAt`.
 */
export interface UsageRecordTimes {
  sentAt: string | null
  finishedAt: string | null
}

/** `/usage` as the Usage window gets it: each record with its times read. */
export interface UsageRecordsPage {
  data: (UsageRecord & UsageRecordTimes)[]
  total: number
}
