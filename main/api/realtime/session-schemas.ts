// Runtime shapes of the realtime sessions API's answers (realtime-api.md "Resources and their fields").
// Every object tolerates unknown fields; a known field of the wrong type is a protocol error naming it.
// Where the spec says "not shown" (the history list, /models, reconnect, usage and billing of an ended
// session) the schemas ask for little and sessions-api.ts reads the fields leniently (lenient-fields.ts).
import { z } from 'zod'

const optionalNumber = z.number().nullable().optional()
const optionalString = z.string().nullable().optional()

export const connectionSchema = z.looseObject({
  type: z.string(),
  url: optionalString,
  protocol: optionalString,
  token: optionalString,
  sdp_url: optionalString,
  data_channel: optionalString,
  token_expires_at: optionalString,
})

/** The terms the spec shows; an ended session's totals are "not shown" and read leniently. */
export const billingSchema = z.looseObject({
  currency: optionalString,
  settle_interval_sec: optionalNumber,
  estimated_vnd_per_min: optionalNumber,
  max_spend_vnd: optionalNumber,
})

/** An ended session's usage: fields "not shown", read leniently. */
export const usageSchema = z.looseObject({})

export const sessionSchema = z.looseObject({
  id: z.string().min(1),
  object: optionalString,
  status: z.string(),
  model: z.string(),
  engine_protocol: optionalString,
  transport: optionalString,
  connect_by: optionalString,
  created_at: optionalString,
  ended_at: optionalString,
  end_reason: optionalString,
  reconnect_by: optionalString,
  connection: connectionSchema.nullable().optional(),
  billing: billingSchema.nullable().optional(),
  usage: usageSchema.nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
})
export type SessionJson = z.output<typeof sessionSchema>

/**
 * Reconnect: "Response shape: not shown". Only an object is required; the token and the URL are looked
 * for where services put them (sessions-api.ts `reconnect`).
 */
export const reconnectSchema = z.looseObject({})

/** `/realtime/models` entries: shape "not shown"; an id is required, the rest is read leniently. */
export const modelSchema = z.looseObject({ id: z.string().min(1) })
export type ModelJson = z.output<typeof modelSchema>
