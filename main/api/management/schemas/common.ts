// Building blocks shared by every response schema.
//
// The rule for all schemas: a field the spec lists is required with the listed type; a field the spec
// calls nullable or "present only for ..." is nullable or optional; where the spec names variations
// (pricing shapes), the parsed value carries a `shape` tag so the UI switches on it instead of probing
// fields. Unknown fields are kept (loose objects), and string enums the spec leaves open stay strings,
// typed as the known values plus any other string.
import { z } from 'zod'
import type { ModelDiscount, Open, PlanDiscounts, RequestLimits } from '../../../../preload/contract'

export type { Open }

export function openString<Known extends string>(): z.ZodType<Open<Known>, string> {
  return z.string() as unknown as z.ZodType<Open<Known>, string>
}

/** ISO 8601 timestamp, kept as the string the service sent (plain data crosses IPC). */
export const timestamp = z.string().refine((s) => Number.isFinite(Date.parse(s)), {
  message: 'expected an ISO 8601 timestamp',
})

/** Calendar day `YYYY-MM-DD`. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a day as YYYY-MM-DD' })

/** A number the spec allows to be null; absent is read as null too (null = unsupported or unlimited). */
export const nullableNumber = z.number().nullable().default(null)

/** Percent discounts per plan; plans added later are kept. */
export const planDiscounts = z.looseObject({
  free: z.number(),
  basic: z.number(),
  advanced_plus: z.number(),
}) satisfies z.ZodType<PlanDiscounts>

export const discount = z.looseObject({
  percent: z.number(),
  all_plans: planDiscounts,
}) satisfies z.ZodType<ModelDiscount>

/** `rpm` and `rpd` for every model type; text models add `tpm` and `tpd`. Null means no limit published. */
export const requestLimits = z.looseObject({
  rpm: nullableNumber,
  rpd: nullableNumber,
}) satisfies z.ZodType<RequestLimits>

export type { ModelDiscount, PlanDiscounts } from '../../../../preload/contract'
