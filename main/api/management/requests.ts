// One descriptor per endpoint: where it lives, which group it belongs to (who may call it), how long an
// answer stays fresh, and how its body is read. The client, the budget and the cache all key on `id`.
import type { z } from 'zod'
import { parseBody } from './parse'
import {
  accountSchema,
  dailyUsageSchema,
  modelUsageSchema,
  usagePageSchema,
  usageStatsSchema,
} from './schemas/account'
import {
  embeddingModelListSchema,
  imageModelListSchema,
  modelCatalogSchema,
  textModelListSchema,
  videoModelListSchema,
} from './schemas/catalog'
import { parseModelDetail } from './schemas/model-detail'
import { pooledQuotaSchema, savingsSchema } from './schemas/pools'

export const MANAGEMENT_PREFIX = '/v1/management'

/** Account & Usage refuses reseller and internal accounts; the catalog answers every valid key. */
export type EndpointGroup = 'account' | 'catalog'

export interface ManagementRequest<T> {
  /** Full path below the base URL, e.g. `/v1/management/usage`. */
  path: string
  query: Record<string, number> | undefined
  /** Path plus query: identical ids are one request to coalesce and one cache entry. */
  id: string
  group: EndpointGroup
  /** Age after which a cached answer is stale and refreshed in the background. */
  freshForMs: number
  /** Never fetch more often than this, even when asked to; `/savings` is computed every 5 minutes anyway. */
  minIntervalMs: number
  parse(body: unknown): T
}

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS

export const FRESH_FOR_MS = {
  me: 60 * SECOND_MS,
  usage: 2 * MINUTE_MS,
  usageAggregates: 5 * MINUTE_MS,
  quota: 2 * MINUTE_MS,
  savings: 5 * MINUTE_MS,
  catalog: 60 * MINUTE_MS,
} as const

/** The service caches `/savings` for 5 minutes (management-api.md "Savings"): asking sooner buys nothing. */
const SAVINGS_MIN_INTERVAL_MS = 5 * MINUTE_MS

export const USAGE_LIMIT = { min: 1, max: 200, default: 50 } as const
export const USAGE_DAYS = { min: 1, max: 365, default: 7 } as const

/**
 * Whole number in [min, max]; anything that is not a finite number gets the default. The spec leaves the
 * service's answer to out-of-range values open, so they never leave the client.
 */
export function clampCount(value: unknown, range: { min: number; max: number; default: number }): number {
  const n = typeof value === 'number' ? value : Number(value)
  if (value === undefined || value === null || value === '' || !Number.isFinite(n)) return range.default
  return Math.min(range.max, Math.max(range.min, Math.trunc(n)))
}

function request<S extends z.ZodType>(
  subPath: string,
  group: EndpointGroup,
  schema: S,
  freshForMs: number,
  query?: Record<string, number>,
  minIntervalMs = 0,
): ManagementRequest<z.output<S>> {
  return describe(subPath, group, freshForMs, (body, path) => parseBody(schema, body, path), query, minIntervalMs)
}

function describe<T>(
  subPath: string,
  group: EndpointGroup,
  freshForMs: number,
  parse: (body: unknown, path: string) => T,
  query?: Record<string, number>,
  minIntervalMs = 0,
): ManagementRequest<T> {
  const path = MANAGEMENT_PREFIX + subPath
  const search = query
    ? '?' +
      Object.keys(query)
        .sort()
        .map((k) => `${k}=${query[k]}`)
        .join('&')
    : ''
  return { path, query, id: path + search, group, freshForMs, minIntervalMs, parse: (body) => parse(body, path) }
}

export const managementRequests = {
  me: () => request('/me', 'account', accountSchema, FRESH_FOR_MS.me),
  usage: (limit?: number) =>
    request('/usage', 'account', usagePageSchema, FRESH_FOR_MS.usage, { limit: clampCount(limit, USAGE_LIMIT) }),
  usageDaily: (days?: number) =>
    request('/usage/daily', 'account', dailyUsageSchema, FRESH_FOR_MS.usageAggregates, {
      days: clampCount(days, USAGE_DAYS),
    }),
  usageModels: () => request('/usage/models', 'account', modelUsageSchema, FRESH_FOR_MS.usageAggregates),
  usageStats: () => request('/usage/stats', 'account', usageStatsSchema, FRESH_FOR_MS.usageAggregates),
  quota: () => request('/cliproxy-quota', 'account', pooledQuotaSchema, FRESH_FOR_MS.quota),
  savings: () =>
    request('/savings', 'account', savingsSchema, FRESH_FOR_MS.savings, undefined, SAVINGS_MIN_INTERVAL_MS),
  models: () => request('/models', 'catalog', modelCatalogSchema, FRESH_FOR_MS.catalog),
  textModels: () => request('/models/text', 'catalog', textModelListSchema, FRESH_FOR_MS.catalog),
  imageModels: () => request('/models/image', 'catalog', imageModelListSchema, FRESH_FOR_MS.catalog),
  videoModels: () => request('/models/video', 'catalog', videoModelListSchema, FRESH_FOR_MS.catalog),
  embeddingModels: () => request('/models/embedding', 'catalog', embeddingModelListSchema, FRESH_FOR_MS.catalog),
  /** The id is one path segment: a `/` inside it (e.g. `google/standard`) is encoded. */
  model: (modelId: string) =>
    describe(`/models/${encodeURIComponent(modelId)}`, 'catalog', FRESH_FOR_MS.catalog, parseModelDetail),
}
