// One error type for every answer of the gateway that is not a success, with the kind the UI acts on.
import { AppError } from '../errors'
import type { ErrorKind } from '../../preload/contract'

export interface GatewayErrorDetails {
  status: number | null
  /** The envelope's `error.code`, e.g. `invalid_api_key`, or null when the body had none. */
  code: string | null
  requestId: string | null
}

export class GatewayError extends AppError {
  readonly details: GatewayErrorDetails

  constructor(
    kind: ErrorKind,
    message: string,
    details: GatewayErrorDetails,
    opts: { cause?: unknown; retryAfterMs?: number; field?: string } = {},
  ) {
    super(kind, message, opts)
    this.name = 'GatewayError'
    this.details = details
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
  if (status === 403) return 'forbidden'
  if (status === 404 || status === 410) return 'not_found'
  if (status === 429) return 'rate_limit'
  if (status >= 500) return 'server'
  if (status >= 400) return 'invalid_input'
  return 'protocol'
}
