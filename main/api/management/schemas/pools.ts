// Pooled free quota (`/cliproxy-quota`) and money saved (`/savings`).
import { z } from 'zod'
import type { PooledQuota, QuotaEmail, QuotaPool, Savings } from '../../../../preload/contract'

const quotaEmailSchema = z.looseObject({
  email: z.string(),
  tier: z.string(),
  quota: z.number(),
  used: z.number(),
}) satisfies z.ZodType<QuotaEmail>

export const quotaPoolSchema = z.looseObject({
  totalQuota: z.number(),
  usedInWindow: z.number(),
  remaining: z.number(),
  /** May be empty. */
  emails: z.array(quotaEmailSchema),
}) satisfies z.ZodType<QuotaPool>

/** `pool_a` and `pool_b`; further pools the service may add are kept as sent. */
export const pooledQuotaSchema = z.looseObject({
  pool_a: quotaPoolSchema,
  pool_b: quotaPoolSchema,
}) satisfies z.ZodType<PooledQuota>

const pooledSaving = z.looseObject({ tokens: z.number(), savedVND: z.number(), requests: z.number() })

export const savingsSchema = z.looseObject({
  pool_a: pooledSaving,
  pool_b: pooledSaving,
  cacheHit: z.looseObject({ tokens: z.number(), savedVND: z.number() }),
  discount: pooledSaving,
  /** Free models cost nothing, so there is no `savedVND` here. */
  freeModels: z.looseObject({ tokens: z.number(), requests: z.number() }),
  totalSavedVND: z.number(),
  totalSpentVND: z.number(),
  savingsPercent: z.number(),
}) satisfies z.ZodType<Savings>

export type { PooledQuota, QuotaEmail, QuotaPool, Savings } from '../../../../preload/contract'
