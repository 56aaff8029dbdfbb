// Reading what realtime-api.md leaves "not shown" (service-event payloads, an ended session's usage and
// billing, the reconnect answer, list shapes). A gateway may spell a field in snake_case, camelCase or
// with an upper-case unit (`amount_vnd`, `amountVnd`, `amountVND`), may nest it (`cost.amount`), or may
// write money as an object (`{amount: 1200, currency: "VND"}`). Every plausible spelling is looked for,
// in the order of the lists below; a value of the wrong type is skipped, never taken as 0.

import { obj as asObject, type JsonObject } from '../json-fields'

export { asObject }

/** Names compare without case, `_` or `-`: `amount_vnd` = `amountVnd` = `amountVND`. */
function normal(key: string): string {
  return key.replace(/[_-]/g, '').toLowerCase()
}

function child(o: JsonObject, key: string): unknown {
  if (Object.hasOwn(o, key)) return o[key]
  const want = normal(key)
  for (const [k, v] of Object.entries(o)) if (normal(k) === want) return v
  return undefined
}

/** The value at a dotted path (`cost.amount`), each step matched as `normal` says. */
export function at(o: unknown, path: string): unknown {
  let v: unknown = o
  for (const step of path.split('.')) {
    const obj = asObject(v)
    if (!obj) return undefined
    v = child(obj, step)
  }
  return v
}

function finite(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  // Some services write money as a decimal string to keep it exact.
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v)
  return null
}

/** Keys under which a money object keeps its figure. */
const MONEY_AMOUNT_KEYS = ['amount', 'value', 'vnd', 'amount_vnd', 'total']

/**
 * A VND amount: a number, or a money object `{amount|value|vnd, currency?}`. A money object in another
 * currency is not a VND amount.
 */
export function money(v: unknown): number | null {
  const n = finite(v)
  if (n !== null) return n
  const o = asObject(v)
  if (!o) return null
  const currency = child(o, 'currency')
  if (typeof currency === 'string' && currency.toUpperCase() !== 'VND') return null
  for (const key of MONEY_AMOUNT_KEYS) {
    const inner = finite(child(o, key))
    if (inner !== null) return inner
  }
  return null
}

/** The first of `paths` in `o` that holds a VND amount. */
export function pickMoney(o: unknown, paths: readonly string[]): number | null {
  for (const path of paths) {
    const n = money(at(o, path))
    if (n !== null) return n
  }
  return null
}

/** The first of `paths` in `o` that holds a plain number. */
export function pickNumber(o: unknown, paths: readonly string[]): number | null {
  for (const path of paths) {
    const n = finite(at(o, path))
    if (n !== null) return n
  }
  return null
}

export function pickString(o: unknown, paths: readonly string[]): string | null {
  for (const path of paths) {
    const v = at(o, path)
    if (typeof v === 'string' && v !== '') return v
  }
  return null
}

export function pickBoolean(o: unknown, paths: readonly string[]): boolean | null {
  for (const path of paths) {
    const v = at(o, path)
    if (typeof v === 'boolean') return v
  }
  return null
}

/** Seconds from the first `secPaths` that holds them, else from the first `msPaths` in milliseconds. */
export function pickSeconds(
  o: unknown,
  secPaths: readonly string[],
  msPaths: readonly string[],
): number | null {
  const sec = pickNumber(o, secPaths)
  if (sec !== null) return sec
  const ms = pickNumber(o, msPaths)
  return ms === null ? null : ms / 1000
}

/**
 * Where a list answer keeps its array: the answer itself (`key` ''), the first of `keys` holding an
 * array, or else the one array-valued field of the object. Null when none is found.
 */
export function listKey(body: unknown, keys: readonly string[]): { key: string; items: unknown[] } | null {
  if (Array.isArray(body)) return { key: '', items: body }
  const o = asObject(body)
  if (!o) return null
  for (const key of keys) {
    const v = child(o, key)
    if (Array.isArray(v))
      return { key: Object.keys(o).find((k) => normal(k) === normal(key)) ?? key, items: v }
  }
  const arrays = Object.entries(o).filter(([, v]) => Array.isArray(v))
  const only = arrays.length === 1 ? arrays[0] : undefined
  return only ? { key: only[0], items: only[1] as unknown[] } : null
}

// The accepted names, in the order they are tried. Each also matches its camelCase and upper-case-unit
// spellings, and may hold a money object. The demo's two variants (demo/README.md "Variants") use some.

/** A settlement window's amount. */
export const WINDOW_AMOUNT = [
  'amount_vnd',
  'window_amount_vnd',
  'window_cost_vnd',
  'cost_vnd',
  'charge_vnd',
  'window.amount_vnd',
  'window.cost_vnd',
  'window.amount',
  'window.cost',
  'cost',
  'amount',
] as const

/** The session's running (or final) total. */
export const SESSION_TOTAL = [
  'total_vnd',
  'total_cost_vnd',
  'session_total_vnd',
  'session_cost_vnd',
  'cumulative_vnd',
  'spent_vnd',
  'session_cost',
  'session_total',
  'total_cost',
  'totals.vnd',
  'totals.amount_vnd',
  'totals.cost',
  'total',
] as const

/** An ended session's `billing`: its own total, or the bill's cost as a whole. */
export const BILL_TOTAL = [...SESSION_TOTAL, 'cost_vnd', 'amount_vnd', 'cost', 'amount'] as const

export const CHARGED = [
  'charged_vnd',
  'paid_vnd',
  'cost.charged',
  'cost.charged_vnd',
  'charged',
  'paid',
] as const
export const UNPAID = ['unpaid_vnd', 'due_vnd', 'cost.unpaid', 'cost.unpaid_vnd', 'unpaid', 'due'] as const
export const BALANCE = [
  'balance_vnd',
  'wallet_balance_vnd',
  'wallet.balance_vnd',
  'wallet.balance',
  'balance',
] as const
export const MAX_SPEND = ['max_spend_vnd', 'spend_cap_vnd', 'max_spend', 'spend_cap', 'cap'] as const
export const NEXT_WINDOW = ['next_window_estimate_vnd', 'next_window_vnd', 'next_window_estimate'] as const
export const PER_MIN = [
  'estimated_vnd_per_min',
  'estimated_vnd_per_minute',
  'vnd_per_min',
  'vnd_per_minute',
  'estimated_cost_per_min_vnd',
  'per_minute_vnd',
] as const
export const USED_PERCENT = ['used_percent', 'percent_used', 'usage_percent'] as const
export const FINAL = ['final', 'is_final', 'window.final', 'last'] as const

/**
 * Whether a realtime model takes video, from its models-list entry, whose shape is "not shown". Read as
 * a flag (`input.video`, `supports_video`, `capabilities.video`, `video_input`, `accepts_video`) or as a
 * list of input modalities that names "video" or not (`input_modalities`, `modalities.input`,
 * `input.modalities`, `capabilities.input`). Null when the entry says neither: the app then tries, and
 * the service's `realtime_video_not_allowed` answers for it.
 */
export function pickVideoInput(o: unknown): boolean | null {
  const flag = pickBoolean(o, VIDEO_FLAGS)
  if (flag !== null) return flag
  for (const path of VIDEO_MODALITY_LISTS) {
    const list = at(o, path)
    if (Array.isArray(list)) return list.some((v) => typeof v === 'string' && v.toLowerCase() === 'video')
  }
  return null
}

const VIDEO_FLAGS = [
  'input.video',
  'supports_video',
  'supports.video',
  'capabilities.video',
  'capabilities.video_input',
  'video_input',
  'accepts_video',
  'inputs.video',
]
const VIDEO_MODALITY_LISTS = [
  'input_modalities',
  'modalities.input',
  'input.modalities',
  'capabilities.input',
  'capabilities.input_modalities',
  'supported_input_modalities',
]
