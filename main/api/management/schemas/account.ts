// Account & Usage group: `/me`, `/usage`, `/usage/daily`, `/usage/models`, `/usage/stats`
// (management-api.md "Resources and their fields").
import { z } from 'zod'
import { calendarDay, openString, timestamp } from './common'

export const KNOWN_PLANS = ['FREE', 'BASIC', 'ADVANCED_PLUS', 'ULTRA'] as const
export type KnownPlan = (typeof KNOWN_PLANS)[number]

export const KNOWN_KEY_SOURCES = ['PRIMARY'] as const
export type KnownKeySource = (typeof KNOWN_KEY_SOURCES)[number]

export const accountSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Upper-case plan code; codes beyond the known four are shown as sent. */
  plan: openString<KnownPlan>(),
  /** Null, or no field at all, is read as a plan that does not expire. */
  planExpiresAt: timestamp.nullable().default(null),
  balance: z.looseObject({ totalVND: z.number(), realVND: z.number(), bonusVND: z.number() }),
})

export const usageRecordSchema = z.looseObject({
  id: z.string(),
  /** When the request was sent (since 2026-08-16; before, the completion time). */
  date: timestamp,
  /** When the request finished. Records from before 2026-08-16 lack it: read as null. */
  completedAt: timestamp.nullable().default(null),
  model: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
  cacheHitTokens: z.number(),
  reasoningTokens: z.number(),
  costVND: z.number(),
  costBeforeDiscount: z.number(),
  discountPercent: z.number(),
  keySource: openString<KnownKeySource>(),
})

export const usagePageSchema = z.looseObject({ data: z.array(usageRecordSchema), total: z.number() })

export const dailyUsageItemSchema = z.looseObject({
  date: calendarDay,
  totalTokens: z.number(),
  totalCostVND: z.number(),
  requestCount: z.number(),
})

export const dailyUsageSchema = z.looseObject({ data: z.array(dailyUsageItemSchema) })

export const modelUsageItemSchema = z.looseObject({
  modelId: z.string(),
  modelName: z.string(),
  provider: z.string(),
  totalTokens: z.number(),
  totalCostVND: z.number(),
  requestCount: z.number(),
})

export const modelUsageSchema = z.looseObject({ data: z.array(modelUsageItemSchema) })

export const usageStatsSchema = z.looseObject({
  totalRequests: z.number(),
  totalTokens: z.number(),
  totalCostVND: z.number(),
  last7DaysTokens: z.number(),
  last7DaysCostVND: z.number(),
})

export type PlanCode = z.output<typeof accountSchema>['plan']
export type Account = z.output<typeof accountSchema>
export type UsageRecord = z.output<typeof usageRecordSchema>
export type UsagePage = z.output<typeof usagePageSchema>
export type DailyUsageItem = z.output<typeof dailyUsageItemSchema>
export type DailyUsage = z.output<typeof dailyUsageSchema>
export type ModelUsageItem = z.output<typeof modelUsageItemSchema>
export type ModelUsage = z.output<typeof modelUsageSchema>
export type UsageStats = z.output<typeof usageStatsSchema>
