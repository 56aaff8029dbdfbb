// Account & Usage group: `/me`, `/usage`, `/usage/daily`, `/usage/models`, `/usage/stats`
// (management-api.md "Resources and their fields").
import { z } from 'zod'
import type {
  Account,
  DailyUsage,
  DailyUsageItem,
  KnownKeySource,
  KnownPlan,
  ModelUsage,
  ModelUsageItem,
  UsagePage,
  UsageRecord,
  UsageStats,
} from '../../../../preload/contract'
import { calendarDay, openString, timestamp } from './common'

export const KNOWN_PLANS = ['FREE', 'BASIC', 'ADVANCED_PLUS', 'ULTRA'] as const satisfies readonly KnownPlan[]

export const KNOWN_KEY_SOURCES = ['PRIMARY'] as const satisfies readonly KnownKeySource[]

export const accountSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Upper-case plan code; codes beyond the known four are shown as sent. */
  plan: openString<KnownPlan>(),
  /** Null, or no field at all, is read as a plan that does not expire. */
  planExpiresAt: timestamp.nullable().default(null),
  balance: z.looseObject({ totalVND: z.number(), realVND: z.number(), bonusVND: z.number() }),
}) satisfies z.ZodType<Account>

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
}) satisfies z.ZodType<UsageRecord>

export const usagePageSchema = z.looseObject({
  data: z.array(usageRecordSchema),
  total: z.number(),
}) satisfies z.ZodType<UsagePage>

export const dailyUsageItemSchema = z.looseObject({
  date: calendarDay,
  totalTokens: z.number(),
  totalCostVND: z.number(),
  requestCount: z.number(),
}) satisfies z.ZodType<DailyUsageItem>

export const dailyUsageSchema = z.looseObject({
  data: z.array(dailyUsageItemSchema),
}) satisfies z.ZodType<DailyUsage>

export const modelUsageItemSchema = z.looseObject({
  modelId: z.string(),
  modelName: z.string(),
  provider: z.string(),
  totalTokens: z.number(),
  totalCostVND: z.number(),
  requestCount: z.number(),
}) satisfies z.ZodType<ModelUsageItem>

export const modelUsageSchema = z.looseObject({
  data: z.array(modelUsageItemSchema),
}) satisfies z.ZodType<ModelUsage>

export const usageStatsSchema = z.looseObject({
  totalRequests: z.number(),
  totalTokens: z.number(),
  totalCostVND: z.number(),
  last7DaysTokens: z.number(),
  last7DaysCostVND: z.number(),
}) satisfies z.ZodType<UsageStats>

export type {
  Account,
  DailyUsage,
  DailyUsageItem,
  KnownKeySource,
  KnownPlan,
  ModelUsage,
  ModelUsageItem,
  PlanCode,
  UsagePage,
  UsageRecord,
  UsageStats,
} from '../../../../preload/contract'
