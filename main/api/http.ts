// The one place that sends HTTP to the gateway: base URL, key, User-Agent, timeout, error mapping.
import {
  EDGE_BLOCKED,
  EDGE_BLOCKED_MESSAGE,
  GatewayError,
  readRefusal,
  retryAfterMs,
  type Refusal,
} from './gateway-error'
import { reportCredential, reportRequest } from './diagnostics'
import { userAgent } from './user-agent'

export interface GatewayEndpoint {
  baseUrl: string
  key: string
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE'
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  timeoutMs?: number
  /** Return the answer whatever its status, for a caller that reads the status and headers itself. */
  anyStatus?: boolean
}

const DEFAULT_TIMEOUT_MS = 15_000

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path)
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  return url
}

/** Sends a request and returns the raw Response when it is a success; every failure becomes a GatewayError. */
export async function gatewayRequest(
  endpoint: GatewayEndpoint,
  path: string,
  opts: RequestOptions = {},
): Promise<Response> {
  const url = buildUrl(endpoint.baseUrl, path, opts.query)
  reportCredential(endpoint.key)
  const headers: Record<string, string> = {
    'User-Agent': userAgent(),
    Authorization: `Bearer ${endpoint.key}`,
    Accept: 'application/json',
    ...opts.headers,
  }
  let body: string | undefined
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  const method = opts.method ?? 'GET'
  const startedMs = performance.now()
  const report = (status: number | null, requestId: string | null) =>
    reportRequest({
      method,
      path: url.pathname,
      status,
      durationMs: performance.now() - startedMs,
      requestId,
    })
  let res: Response
  try {
    res = await fetch(url, { method, headers, body, signal, redirect: 'error' })
  } catch (cause) {
    report(null, null)
    if (opts.signal?.aborted)
      throw new GatewayError('internal', 'The request was cancelled.', noDetails(), { cause })
    const timedOut = timeout.aborted
    throw new GatewayError(
      'network',
      timedOut ? `${url.host} did not answer in time.` : `Could not reach ${url.host}.`,
      noDetails(),
      { cause },
    )
  }
  if (res.ok || opts.anyStatus) {
    report(res.status, res.headers.get('x-request-id'))
    return res
  }
  const err = await errorFromResponse(res)
  report(res.status, err.details.requestId ?? res.headers.get('x-request-id'))
  throw err
}

/** GET/POST and parse JSON; a body that is not JSON is a protocol error. */
export async function gatewayJson(
  endpoint: GatewayEndpoint,
  path: string,
  opts: RequestOptions = {},
): Promise<unknown> {
  const res = await gatewayRequest(endpoint, path, opts)
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new GatewayError(
      'protocol',
      `The service answered ${path} with something that is not JSON.`,
      details(res, null),
      {
        cause,
      },
    )
  }
}

export async function errorFromResponse(res: Response): Promise<GatewayError> {
  let text = ''
  try {
    text = await res.text()
  } catch {
    // A body cut short says nothing more than the status.
  }
  const refusal = readRefusal(res.status, text)
  const wait = retryAfterMs(res.headers.get('retry-after'))
  const message =
    refusal.loaCode === EDGE_BLOCKED
      ? EDGE_BLOCKED_MESSAGE
      : (refusal.message ?? `The service answered ${res.status} ${res.statusText}`.trim())
  return new GatewayError(refusal.kind, message, details(res, refusal), {
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
    ...(refusal.loaCode === null ? {} : { code: refusal.loaCode }),
  })
}

function details(res: Response, env: Pick<Refusal, 'code' | 'requestId'> | null) {
  return { status: res.status, code: env?.code ?? null, requestId: env?.requestId ?? null }
}

function noDetails() {
  return { status: null, code: null, requestId: null }
}
