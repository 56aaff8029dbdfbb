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

interface EndpointSpec<T> {
  subPath: string
  group: EndpointGroup
  freshForMs: number
  read: (body: unknown, path: string) => T
  query?: Record<string, number>
  minIntervalMs?: number
}

function endpoint<T>(spec: EndpointSpec<T>): ManagementRequest<T> {
  const path = MANAGEMENT_PREFIX + spec.subPath
  const { query } = spec
  const search = query
    ? '?' +
      Object.keys(query)
        .sort()
        .map((k) => `${k}=${query[k]}`)
        .join('&')
    : ''
  return {
    path,
    query,
    id: path + search,
    group: spec.group,
    freshForMs: spec.freshForMs,
    minIntervalMs: spec.minIntervalMs ?? 0,
    parse: (body) => spec.read(body, path),
  }
}

const withSchema =
  <S extends z.ZodType>(schema: S) =>
  (body: unknown, path: string): z.output<S> =>
    parseBody(schema, body, path)

function account<S extends z.ZodType>(
  subPath: string,
  schema: S,
  freshForMs: number,
  extra: Pick<EndpointSpec<unknown>, 'query' | 'minIntervalMs'> = {},
): ManagementRequest<z.output<S>> {
  return endpoint({ subPath, group: 'account', freshForMs, read: withSchema(schema), ...extra })
}

function catalog<S extends z.ZodType>(subPath: string, schema: S): ManagementRequest<z.output<S>> {
  return endpoint({ subPath, group: 'catalog', freshForMs: FRESH_FOR_MS.catalog, read: withSchema(schema) })
}

export const managementRequests = {
  me: () => account('/me', accountSchema, FRESH_FOR_MS.me),
  usage: (limit?: number) =>
    account('/usage', usagePageSchema, FRESH_FOR_MS.usage, {
      query: { limit: clampCount(limit, USAGE_LIMIT) },
    }),
  usageDaily: (days?: number) =>
    account('/usage/daily', dailyUsageSchema, FRESH_FOR_MS.usageAggregates, {
      query: { days: clampCount(days, USAGE_DAYS) },
    }),
  usageModels: () => account('/usage/models', modelUsageSchema, FRESH_FOR_MS.usageAggregates),
  usageStats: () => account('/usage/stats', usageStatsSchema, FRESH_FOR_MS.usageAggregates),
  quota: () => account('/cliproxy-quota', pooledQuotaSchema, FRESH_FOR_MS.quota),
  savings: () =>
    account('/savings', savingsSchema, FRESH_FOR_MS.savings, { minIntervalMs: SAVINGS_MIN_INTERVAL_MS }),
  models: () => catalog('/models', modelCatalogSchema),
  textModels: () => catalog('/models/text', textModelListSchema),
  imageModels: () => catalog('/models/image', imageModelListSchema),
  videoModels: () => catalog('/models/video', videoModelListSchema),
  embeddingModels: () => catalog('/models/embedding', embeddingModelListSchema),
  /** The id is one path segment: a `/` inside it (e.g. `qwen/qwen3-235b-a22b`) is encoded. */
  model: (modelId: string) =>
    endpoint({
      subPath: `/models/${encodeURIComponent(modelId)}`,
      group: 'catalog',
      freshForMs: FRESH_FOR_MS.catalog,
      read: parseModelDetail,
    }),
}
