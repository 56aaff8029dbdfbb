// Pooled free quota (`/cliproxy-quota`) and money saved (`/savings`).
import { z } from 'zod'

const quotaEmailSchema = z.looseObject({
  email: z.string(),
  tier: z.string(),
  quota: z.number(),
  used: z.number(),
})

export const quotaPoolSchema = z.looseObject({
  totalQuota: z.number(),
  usedInWindow: z.number(),
  remaining: z.number(),
  /** May be empty. */
  emails: z.array(quotaEmailSchema),
})

/** `pool_a` and `pool_b`; further pools the service may add are kept as sent. */
export const pooledQuotaSchema = z.looseObject({ pool_a: quotaPoolSchema, pool_b: quotaPoolSchema })

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
})

export type QuotaEmail = z.output<typeof quotaEmailSchema>
export type QuotaPool = z.output<typeof quotaPoolSchema>
export type PooledQuota = z.output<typeof pooledQuotaSchema>
export type Savings = z.output<typeof savingsSchema>
