// The gateway's own events, top-level key `svc` (realtime-api.md "Events"). Neither upstream protocol
// uses that key, so both adapters read it first. Payload fields are "not shown" in the spec: keep the
// payload whole and lift out the fields under any plausible name (lenient-fields.ts lists them).
import type { RealtimeEvent, ServiceEvent } from '../engine/events'
import {
  BALANCE,
  CHARGED,
  FINAL,
  MAX_SPEND,
  NEXT_WINDOW,
  PER_MIN,
  SESSION_TOTAL,
  UNPAID,
  USED_PERCENT,
  WINDOW_AMOUNT,
  pickBoolean,
  pickMoney,
  pickNumber,
  pickString,
} from '../../api/realtime/lenient-fields'
import { malformed } from './decode-frame'
import { obj, str } from '../../api/json-fields'

type MoneyField =
  | 'amountVnd'
  | 'chargedVnd'
  | 'unpaidVnd'
  | 'totalVnd'
  | 'balanceVnd'
  | 'maxSpendVnd'
  | 'nextWindowEstimateVnd'
  | 'estimatedVndPerMin'
type StringField = 'sessionId' | 'reason' | 'message' | 'status'

/** Where each field is looked for; lenient-fields.ts matches case and `_` loosely and reads money objects. */
const MONEY_FIELDS: Record<MoneyField, readonly string[]> = {
  amountVnd: WINDOW_AMOUNT,
  chargedVnd: CHARGED,
  unpaidVnd: UNPAID,
  totalVnd: SESSION_TOTAL,
  balanceVnd: BALANCE,
  maxSpendVnd: MAX_SPEND,
  nextWindowEstimateVnd: NEXT_WINDOW,
  estimatedVndPerMin: PER_MIN,
}

const STRING_FIELDS: Record<StringField, readonly string[]> = {
  sessionId: ['session_id', 'session.id'],
  reason: ['reason', 'end_reason', 'termination_reason', 'error.code'],
  message: ['message', 'error.message', 'detail'],
  status: ['status', 'session_status'],
}

export function serviceEvent(svc: unknown): RealtimeEvent {
  const payload = obj(svc)
  const kind = str(payload?.type)
  if (!payload || !kind) return malformed('svc event without a type', safeJson(svc)).malformed
  const event: ServiceEvent = { type: 'service', kind, payload }
  // `session.active` nests its billing terms (estimated_vnd_per_min, max_spend_vnd) under `billing`.
  const sources = [payload, obj(payload.billing)]
  for (const [field, paths] of Object.entries(MONEY_FIELDS) as [MoneyField, readonly string[]][]) {
    const found = first(sources, (s) => pickMoney(s, paths))
    if (found !== null) event[field] = found
  }
  const usedPercent = pickNumber(payload, USED_PERCENT)
  if (usedPercent !== null) event.usedPercent = usedPercent
  for (const [field, paths] of Object.entries(STRING_FIELDS) as [StringField, readonly string[]][]) {
    const found = pickString(payload, paths)
    if (found !== null) event[field] = found
  }
  const final = pickBoolean(payload, FINAL)
  if (final !== null) event.final = final
  return event
}

function first<T>(sources: readonly unknown[], read: (s: unknown) => T | null): T | null {
  for (const s of sources) {
    const v = s ? read(s) : null
    if (v !== null) return v
  }
  return null
}

/** A sample for the report; nesting too deep to serialise is described, not recursed into. */
function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}
