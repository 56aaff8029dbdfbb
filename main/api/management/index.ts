// The management API client: typed calls, the key's request budget, the cache and the UI's facade.
export { ACCESS_FINDING_TTL_MS, type AccountAccess } from './access'
export {
  AccountService,
  createAccountService,
  GLANCE_DAYS,
  toPart,
  TRAY_IDLE_MAX_AGE_MS,
  TRAY_REFRESH_INTERVAL_MS,
  type AccountServiceOptions,
  type AccountServiceSetup,
  type AccountUpdate,
  type Glance,
  type GlancePart,
  type Part,
} from './account-service'
export { RequestBudget, type BudgetOptions, type BudgetStats, type Priority } from './budget'
export { ManagementCache, type CacheView, type RefreshOptions } from './cache'
export { CacheFile, CACHE_FILE_NAME, type CacheFileOptions, type StoredEntry } from './cache-file'
export {
  ManagementClient,
  type CallOptions,
  type Fetched,
  type ManagementClientOptions,
  type ManagementTransport,
} from './client'
export { ManualClock, monotonicClock, systemClock, type Clock } from './clock'
export { keyHash } from './key-hash'
export {
  clampCount,
  FRESH_FOR_MS,
  managementRequests,
  USAGE_DAYS,
  USAGE_LIMIT,
  type EndpointGroup,
  type ManagementRequest,
} from './requests'
export * from './schemas/account'
export * from './schemas/catalog'
export * from './schemas/pools'
export type { ModelDetail } from './schemas/model-detail'
export type { ModelDiscount, Open, PlanDiscounts } from './schemas/common'
