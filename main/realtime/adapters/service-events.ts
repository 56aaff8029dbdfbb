// The gateway's own events, top-level key `svc` (realtime-api.md "Events"). Neither upstream protocol
// uses that key, so both adapters read it first. Payload fields are "not shown" in the spec: keep the
// payload whole and lift out the fields whose names and types are the ones the gateway uses.
import type { RealtimeEvent, ServiceEvent } from '../events'
import { malformed } from './decode-frame'
import { num, obj, own, str, type JsonObject } from './fields'

type NumberField =
  | 'amountVnd'
  | 'chargedVnd'
  | 'unpaidVnd'
  | 'totalVnd'
  | 'balanceVnd'
  | 'maxSpendVnd'
  | 'usedPercent'
  | 'nextWindowEstimateVnd'
  | 'estimatedVndPerMin'
type StringField = 'sessionId' | 'reason' | 'message' | 'status'

const NUMBER_FIELDS = bothSpellings<NumberField>({
  amount_vnd: 'amountVnd',
  charged_vnd: 'chargedVnd',
  unpaid_vnd: 'unpaidVnd',
  total_vnd: 'totalVnd',
  balance_vnd: 'balanceVnd',
  max_spend_vnd: 'maxSpendVnd',
  used_percent: 'usedPercent',
  next_window_estimate_vnd: 'nextWindowEstimateVnd',
  estimated_vnd_per_min: 'estimatedVndPerMin',
})

const STRING_FIELDS = bothSpellings<StringField>({
  session_id: 'sessionId',
  reason: 'reason',
  message: 'message',
  status: 'status',
})

export function serviceEvent(svc: unknown): RealtimeEvent {
  const payload = obj(svc)
  const kind = str(payload?.type)
  if (!payload || !kind) return malformed('svc event without a type', safeJson(svc)).malformed
  const event: ServiceEvent = { type: 'service', kind, payload }
  // `session.active` nests its billing terms (estimated_vnd_per_min, max_spend_vnd) under `billing`.
  for (const source of [obj(payload.billing), payload]) if (source) lift(event, source)
  if (typeof payload.final === 'boolean') event.final = payload.final
  return event
}

function lift(event: ServiceEvent, source: JsonObject): void {
  for (const [key, value] of Object.entries(source)) {
    const numberField = own(NUMBER_FIELDS, key)
    const stringField = own(STRING_FIELDS, key)
    const n = num(value)
    const s = str(value)
    if (numberField && n !== null) event[numberField] = n
    if (stringField && s !== null) event[stringField] = s
  }
}

/** The gateway writes snake_case; a camelCase spelling is read as well. */
function bothSpellings<T extends string>(snake: Record<string, T>): Readonly<Record<string, T>> {
  return { ...snake, ...Object.fromEntries(Object.values(snake).map((camel) => [camel, camel])) }
}

/** A sample for the report; nesting too deep to serialise is described, not recursed into. */
function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}
