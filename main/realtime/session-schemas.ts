// Runtime shapes of the realtime sessions API's answers (realtime-api.md "Resources and their fields").
// Every object tolerates unknown fields; a known field of the wrong type is a protocol error naming it.
// Where the spec says "not shown" (the history list, /models, reconnect, usage and billing of an ended
// session) the schemas accept every plausible spelling and leave the rest optional.
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

export const billingSchema = z.looseObject({
  currency: optionalString,
  settle_interval_sec: optionalNumber,
  estimated_vnd_per_min: optionalNumber,
  max_spend_vnd: optionalNumber,
  total_vnd: optionalNumber,
  charged_vnd: optionalNumber,
  unpaid_vnd: optionalNumber,
})

export const usageSchema = z.looseObject({
  total_tokens: optionalNumber,
  input_tokens: optionalNumber,
  output_tokens: optionalNumber,
  duration_sec: optionalNumber,
  audio_in_sec: optionalNumber,
  audio_out_sec: optionalNumber,
  responses: optionalNumber,
})

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

/** The history list: a bare array or an object holding one under a usual key. */
export const sessionListSchema = z.union([
  z.array(sessionSchema),
  z.looseObject({ data: z.array(sessionSchema), has_more: z.boolean().nullable().optional() }),
  z.looseObject({ sessions: z.array(sessionSchema), has_more: z.boolean().nullable().optional() }),
  z.looseObject({ items: z.array(sessionSchema), has_more: z.boolean().nullable().optional() }),
])

/** Reconnect: "Response shape: not shown". A token and a URL are looked for where services usually put them. */
export const reconnectSchema = z.looseObject({
  id: optionalString,
  token: optionalString,
  session_token: optionalString,
  url: optionalString,
  ws_url: optionalString,
  reconnect_by: optionalString,
  connect_by: optionalString,
  connection: connectionSchema.partial({ type: true }).nullable().optional(),
  client_secret: z.looseObject({ value: optionalString }).nullable().optional(),
})

const priceSchema = z.number().nullable().optional()

export const modelSchema = z.looseObject({
  id: z.string().min(1),
  name: optionalString,
  engine_protocol: optionalString,
  default_transport: optionalString,
  max_session_sec: optionalNumber,
  voices: z.array(z.string()).nullable().optional(),
  default_voice: optionalString,
  configured: z.boolean().nullable().optional(),
  estimated_vnd_per_min: optionalNumber,
  pricing: z
    .looseObject({
      currency: optionalString,
      unit: optionalString,
      audio_in: priceSchema,
      audio_out: priceSchema,
      text_in: priceSchema,
      text_out: priceSchema,
      cached_in: priceSchema,
    })
    .nullable()
    .optional(),
})
export type ModelJson = z.output<typeof modelSchema>

export const modelListSchema = z.union([
  z.array(modelSchema),
  z.looseObject({ data: z.array(modelSchema), plan: optionalString }),
  z.looseObject({ models: z.array(modelSchema), plan: optionalString }),
])
