// One error type for every answer of the gateway that is not a success, with the kind the UI acts on.
import { AppError, type AppErrorOptions } from '../errors'
import type { ErrorKind } from '../../preload/contract'

export interface GatewayErrorDetails {
  status: number | null
  /** The envelope's `error.code`, e.g. `invalid_api_key`, or null when the body had none. */
  code: string | null
  requestId: string | null
}

export class GatewayError extends AppError {
  readonly details: GatewayErrorDetails

  constructor(kind: ErrorKind, message: string, details: GatewayErrorDetails, opts: AppErrorOptions = {}) {
    super(kind, message, opts)
    this.name = 'GatewayError'
    this.details = details
  }

  override get answer(): { code: string | null; requestId: string | null } {
    return { code: this.details.code, requestId: this.details.requestId }
  }
}

/** Reads `Retry-After` as seconds or an HTTP date; never parses the message text. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000))
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}

interface Envelope {
  message: string | null
  code: string | null
  type: string | null
  requestId: string | null
}

/** Accepts the spec's `{error:{message,type,code,request_id}}`, the `{error, message}` 404 shape, or anything else. */
export function readEnvelope(body: unknown): Envelope {
  const out: Envelope = { message: null, code: null, type: null, requestId: null }
  if (typeof body !== 'object' || body === null) return out
  const b = body as Record<string, unknown>
  const inner = typeof b.error === 'object' && b.error !== null ? (b.error as Record<string, unknown>) : null
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  // The realtime spec leaves its envelope "not shown": also flat `{code, message, requestId}`,
  // `{errors: [{code, message}]}` and `{detail}`, the request id in either spelling.
  const listed: unknown = Array.isArray(b.errors) ? b.errors[0] : null
  const first = typeof listed === 'object' && listed !== null ? (listed as Record<string, unknown>) : {}
  const one: Record<string, unknown> = inner ?? first
  out.message = str(one.message) ?? str(b.message) ?? str(b.detail)
  out.code = str(one.code) ?? str(b.error) ?? str(b.code) ?? str(b.error_code)
  out.type = str(one.type)
  out.requestId = [one, b].map((o) => str(o.request_id) ?? str(o.requestId)).find((id) => id !== null) ?? null
  return out
}

export function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'auth'
  if (status === 402) return 'insufficient_balance'
  if (status === 403) return 'forbidden'
  if (status === 404 || status === 410) return 'not_found'
  if (status === 429) return 'rate_limit'
  if (status >= 500) return 'server'
  if (status >= 400) return 'invalid_input'
  return 'protocol'
}

/**
 * The kind from the status and the envelope's code. Money first: the TTS API sends a short wallet as 400
 * `insufficient_balance` (tts-api.md "Errors"), the realtime API as 402 (realtime-api.md "Errors": "top
 * up"); neither is a mistake in the request.
 */
export function kindFor(status: number, code: string | null): ErrorKind {
  if (code === INSUFFICIENT_BALANCE) return 'insufficient_balance'
  return kindForStatus(status)
}

export const INSUFFICIENT_BALANCE = 'insufficient_balance'
/** Loa's code for a request the edge protection layer refused before it reached the API. */
export const EDGE_BLOCKED = 'edge_blocked'

/** A refusal as read from its status and body: what the app acts on, and what the service said. */
export interface Refusal extends Envelope {
  kind: ErrorKind
  /** Set when Loa named the refusal itself: the body was not the API's (`edge_blocked`). */
  loaCode: string | null
}

/**
 * The edge layer's refusal is not the API's envelope: JSON with `error_code: 1010`, an HTML page or plain
 * text with "error code: 1010" (management-api.md "Authentication" 3). The figure must stand alone, so a
 * request id or a price that merely contains it does not count.
 */
const EDGE_CODE = /(?<![\w.-])1010(?![\w.-])/

/** Reads a refused answer's body (JSON, HTML, text or nothing) into its kind, code and request id. */
export function readRefusal(status: number, bodyText: string): Refusal {
  let parsed: unknown = null
  try {
    parsed = JSON.parse(bodyText)
  } catch {
    // Edge layers and proxies answer with HTML or nothing; the status still tells what happened.
  }
  const env = readEnvelope(parsed)
  const fromApi = env.code !== null && !EDGE_CODE.test(env.code)
  if (status === 403 && !fromApi && EDGE_CODE.test(bodyText)) {
    return { ...env, code: null, kind: 'blocked', loaCode: EDGE_BLOCKED }
  }
  return { ...env, kind: kindFor(status, env.code), loaCode: null }
}

export const EDGE_BLOCKED_MESSAGE =
  'The request was blocked before it reached the API (edge protection, error 1010).'
