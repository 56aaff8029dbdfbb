// How the realtime API answers where realtime-api.md says "not shown". The session, its bill and its
// events are kept in one internal form; a dialect writes that form on the wire at the edge. `default` is
// the demo's first reading of the spec; `alt` is another plausible reading of every open detail, so that
// a client tested against both does not rely on one guess (demo/README.md "Variants").
import type { DemoContext, DemoVariant, WsTokenMode } from '../context'
import { newRequestId, sendJson } from '../http/respond'
import type { LoggedEvent, SvcEvent } from './service-events'
import type { SessionStatus } from './session'

export type { DemoVariant, WsTokenMode } from '../context'

type Json = Record<string, unknown>

export interface ErrorAnswer {
  body: Json
  headers: Record<string, string>
}

export interface RealtimeDialect {
  readonly variant: DemoVariant
  /** Where the WebSocket upgrade may carry the session token. */
  readonly wsToken: WsTokenMode
  status(s: SessionStatus): string
  /** A service event as sent under `svc` on the socket (and in SSE data). */
  event(e: SvcEvent): Json
  sseFrame(e: LoggedEvent): string
  /** The added fields of a finished session: usage and the final bill. */
  endedUsage(
    usage: Json,
    durationSec: number,
    audioInSec: number,
    audioOutSec: number,
    responses: number,
  ): Json
  endedBilling(terms: Json, totals: BillTotals, windows: readonly BillWindow[]): Json
  list(items: Json[], hasMore: boolean, firstId: string | null, lastId: string | null): unknown
  reconnect(session: Json, token: string, url: string, reconnectBy: string | null): Json
  models(plan: string, models: Json[]): unknown
  /** `models` entries are written in the default form; the dialect may rename their price fields. */
  model(m: Json): Json
  error(code: string, type: string, message: string, param: string | null, requestId: string): ErrorAnswer
}

export interface BillTotals {
  totalVnd: number
  chargedVnd: number
  unpaidVnd: number
}

export interface BillWindow {
  index: number
  started_at: string
  ended_at: string
  window_sec: number
  amount_vnd: number
  charged_vnd: number
  usage: Json
}

const DEFAULT: Omit<RealtimeDialect, 'wsToken'> = {
  variant: 'default',
  status: (s) => s,
  event: (e) => ({ ...e }),
  sseFrame: (e) => `id: ${e.seq}\nevent: ${e.event.type}\ndata: ${JSON.stringify({ svc: e.event })}\n\n`,
  endedUsage: (usage, durationSec, audioInSec, audioOutSec, responses) => ({
    ...usage,
    duration_sec: durationSec,
    audio_in_sec: audioInSec,
    audio_out_sec: audioOutSec,
    responses,
  }),
  endedBilling: (terms, t, windows) => ({
    ...terms,
    total_vnd: t.totalVnd,
    charged_vnd: t.chargedVnd,
    unpaid_vnd: t.unpaidVnd,
    windows,
  }),
  list: (data, hasMore, firstId, lastId) => ({
    object: 'list',
    data,
    has_more: hasMore,
    first_id: firstId,
    last_id: lastId,
  }),
  reconnect: (session, _token, _url, reconnectBy) => ({ ...session, reconnect_by: reconnectBy }),
  models: (plan, data) => ({ object: 'list', plan, data }),
  model: (m) => m,
  error: (code, type, message, param, requestId) => ({
    body: { error: { message, type, param, code, request_id: requestId } },
    headers: { 'X-Request-Id': requestId },
  }),
}

/** Status words of `alt`: a connected session, a closed one, one stopped by the service, American spelling. */
const ALT_STATUS: Record<SessionStatus, string> = {
  created: 'created',
  active: 'connected',
  ended: 'closed',
  terminated: 'stopped',
  cancelled: 'canceled',
}

/** Money as an object with its currency, the way many billing APIs write it. */
const vnd = (amount: number): Json => ({ amount, currency: 'VND' })

/** Usage in camelCase with durations in milliseconds. */
function altUsage(u: Json): Json {
  const details = (d: unknown): Json =>
    Object.fromEntries(Object.entries((d ?? {}) as Json).map(([k, v]) => [k.replace(/_tokens$/, ''), v]))
  return {
    totalTokens: u.total_tokens,
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    inputTokenDetails: details(u.input_token_details),
    outputTokenDetails: details(u.output_token_details),
  }
}

function altEvent(e: SvcEvent): Json {
  const base = { type: e.type, session_id: e.session_id, at: e.at }
  switch (e.type) {
    case 'session.active':
      return { ...base, resumed: e.resumed, billing: e.billing }
    case 'usage.settled':
      return {
        ...base,
        window: { index: e.window_index, start: e.window_start, seconds: e.window_sec, final: e.final },
        usage: altUsage(e.usage),
        cost: { ...vnd(e.amount_vnd), charged: e.charged_vnd, unpaid: e.unpaid_vnd },
        session_cost: vnd(e.total_vnd),
        balance: vnd(e.balance_vnd),
      }
    case 'warning.low_balance':
      return { ...base, balance: vnd(e.balance_vnd), next_window_estimate: vnd(e.next_window_estimate_vnd) }
    case 'warning.max_spend':
      return {
        ...base,
        session_cost: vnd(e.total_vnd),
        max_spend: vnd(e.max_spend_vnd),
        used_percent: e.used_percent,
      }
    case 'session.ended':
      return { ...base, status: ALT_STATUS[e.status], reason: e.reason, session_cost: vnd(e.total_vnd) }
    case 'session.terminated':
      return { ...base, reason: e.reason, message: e.message, session_cost: vnd(e.total_vnd) }
  }
}

const ALT: Omit<RealtimeDialect, 'wsToken'> = {
  variant: 'alt',
  status: (s) => ALT_STATUS[s],
  event: altEvent,
  // The type only in the SSE event name; the data is the bare payload.
  sseFrame: (e) => {
    const { type, ...payload } = altEvent(e.event)
    return `id: ${e.seq}\nevent: ${String(type)}\ndata: ${JSON.stringify(payload)}\n\n`
  },
  endedUsage: (usage, durationSec, audioInSec, audioOutSec, responses) => ({
    ...altUsage(usage),
    durationMs: Math.round(durationSec * 1000),
    audioInMs: Math.round(audioInSec * 1000),
    audioOutMs: Math.round(audioOutSec * 1000),
    responses,
  }),
  endedBilling: (terms, t, windows) => ({
    ...terms,
    cost: { ...vnd(t.totalVnd), charged: t.chargedVnd, unpaid: t.unpaidVnd },
    windows: windows.map((w) => ({
      index: w.index,
      start: w.started_at,
      end: w.ended_at,
      seconds: w.window_sec,
      cost: { ...vnd(w.amount_vnd), charged: w.charged_vnd },
      usage: altUsage(w.usage),
    })),
  }),
  list: (results, hasMore, _firstId, lastId) => ({
    results,
    next_cursor: hasMore ? lastId : null,
  }),
  reconnect: (session, token, url, reconnectBy) => ({
    session_id: session.id,
    token: { value: token, expires_in_sec: 60 },
    url,
    reconnect_before: reconnectBy,
  }),
  models: (_plan, data) => data,
  model: (m) => {
    const p = (m.pricing ?? {}) as Json
    const { pricing: _pricing, estimated_vnd_per_min: perMin, engine_protocol: protocol, input, ...rest } = m
    // What the model takes in as a list of modalities rather than a table of gates.
    const gates = Object.entries((input ?? {}) as Json).filter(([, on]) => on === true)
    return {
      ...rest,
      protocol,
      input_modalities: gates.map(([kind]) => kind),
      vnd_per_minute: perMin,
      prices: {
        currency: p.currency,
        per: '1M tokens',
        input: {
          audio: p.audio_in,
          text: p.text_in,
          image: p.image_in,
          video: p.video_in,
          cached: p.cached_in,
        },
        output: { audio: p.audio_out, text: p.text_out },
      },
    }
  },
  // Flat, camelCase, no request-id header: the id is only in the body.
  error: (code, _type, message, _param, requestId) => ({
    body: { code, message, requestId },
    headers: {},
  }),
}

export function createDialect(variant: DemoVariant = 'default', wsToken?: WsTokenMode): RealtimeDialect {
  const base = variant === 'alt' ? ALT : DEFAULT
  return { ...base, wsToken: wsToken ?? (variant === 'alt' ? 'query' : 'any') }
}

/**
 * The context the realtime routes see: the same service, with errors written in the dialect's envelope.
 * Members are passed through one by one (not spread) so getters and methods keep their own object.
 */
export function withDialectErrors(ctx: DemoContext, dialect: RealtimeDialect): DemoContext {
  if (dialect.variant === 'default') return ctx
  return {
    variant: ctx.variant,
    wsToken: ctx.wsToken,
    get clock() {
      return ctx.clock
    },
    random: () => ctx.random(),
    get accounts() {
      return ctx.accounts
    },
    authenticate: (req) => ctx.authenticate(req),
    get ledger() {
      return ctx.ledger
    },
    get faults() {
      return ctx.faults
    },
    get speech() {
      return ctx.speech
    },
    baseUrl: () => ctx.baseUrl(),
    sendError(res, status, code, type, message, param = null, headers = {}) {
      const answer = dialect.error(code, type, message, param, newRequestId())
      sendJson(res, status, answer.body, { ...answer.headers, ...headers })
    },
  }
}
