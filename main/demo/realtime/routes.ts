// The HTTP side of /v1/realtime (realtime-api.md "Endpoints"). Everything but the SDP exchange is
// authenticated with the API key; a session of another account is reported as not found.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoAccount } from '../context'
import { takeFault } from '../control/faults'
import { createSession, type CreateDeps } from './create-session'
import type { RealtimeDialect } from './dialect'
import { readTextBody, retryAfterHeader, sendJson } from './http-util'
import { modelsJson } from './models-route'
import type { EventNameSet } from './protocols/model-r-names'
import type { SlidingWindowLimit } from './rate-limit'
import type { RealtimeSession } from './session'
import { sessionJson } from './session-json'
import { serveEvents } from './sse'
import type { WebRtcPeers } from './webrtc/peers'

export const HISTORY_DEFAULT_LIMIT = 20
export const HISTORY_MAX_LIMIT = 100

export interface RouteDeps extends CreateDeps {
  sdpLimit: SlidingWindowLimit
  webrtc: WebRtcPeers
  /** Model-R event names for every connection (a client may still ask for beta with `OpenAI-Beta: realtime=v1`). */
  eventNames: EventNameSet
  /** How the answers are shaped where the spec says "not shown". */
  dialect: RealtimeDialect
}

const SESSION_PATH = /^\/v1\/realtime\/sessions\/([^/]+)(?:\/(reconnect|events|sdp|ws))?$/

export async function routeRealtime(
  d: RouteDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { ctx } = d
  const path = url.pathname.replace(/\/+$/, '')
  const method = req.method ?? 'GET'
  const match = SESSION_PATH.exec(path)
  if (match?.[2] === 'sdp') return sdp(d, req, res, match[1] ?? '')
  if (match?.[2] === 'ws') {
    return ctx.sendError(
      res,
      426,
      'upgrade_required',
      'invalid_request_error',
      'Open this URL as a WebSocket.',
    )
  }

  const auth = ctx.authenticate(req)
  if (!auth.ok) {
    const e = auth.body.error
    return ctx.sendError(res, auth.status, e.code, e.type, e.message, e.param)
  }
  const account = auth.account
  const notAllowed = (): void =>
    ctx.sendError(
      res,
      405,
      'method_not_allowed',
      'invalid_request_error',
      `${method} is not allowed on ${path}.`,
    )

  if (path === '/v1/realtime/models')
    return method === 'GET' ? sendJson(res, 200, modelsJson(account, d.dialect)) : notAllowed()
  if (path === '/v1/realtime/sessions') {
    if (method === 'POST') {
      if (auth.atSpendLimit) return refuseSpendLimit(d, res)
      return createSession(d, req, res, account, auth.key)
    }
    if (method === 'GET') return listSessions(d, res, url, account)
    return notAllowed()
  }
  if (!match)
    return ctx.sendError(res, 404, 'not_found', 'invalid_request_error', `No route ${method} ${path}.`)

  const session = d.store.get(match[1] ?? '')
  if (!session || session.account.id !== account.id) {
    return ctx.sendError(
      res,
      404,
      'session_not_found',
      'invalid_request_error',
      `No realtime session '${match[1]}'.`,
      'id',
    )
  }
  const action = match[2]
  const json = (): Record<string, unknown> => sessionJson(session, ctx.baseUrl(), d.dialect)
  if (action === undefined && method === 'GET') return sendJson(res, 200, json())
  if (action === undefined && method === 'DELETE') {
    if (!session.finished) session.end('client_deleted')
    return sendJson(res, 200, json())
  }
  if (action === 'reconnect' && method === 'POST') return reconnect(d, res, session)
  if (action === 'events' && method === 'GET') return serveEvents(req, res, session, d.dialect)
  return notAllowed()
}

/**
 * A key at its own spending limit may read, but creating a session would spend (realtime-api.md
 * "Authentication" 5). 403, not the wallet's 402: topping up does not help, the key's limit must be raised.
 */
function refuseSpendLimit(d: RouteDeps, res: ServerResponse): void {
  const message =
    'This API key has reached its spending limit. Raise the limit in the dashboard or use another key.'
  d.ctx.sendError(res, 403, 'api_key_spend_limit', 'permission_error', message)
}

/** History, newest first, in the dialect's list shape; page on with `after=<id>`. */
function listSessions(d: RouteDeps, res: ServerResponse, url: URL, account: DemoAccount): void {
  const raw = url.searchParams.get('limit')
  const limit = raw === null ? HISTORY_DEFAULT_LIMIT : Number(raw)
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    const message = `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}.`
    return d.ctx.sendError(res, 400, 'invalid_parameter', 'invalid_request_error', message, 'limit')
  }
  let sessions = d.store.forAccount(account.id)
  const after = url.searchParams.get('after')
  if (after !== null) sessions = sessions.slice(sessions.findIndex((s) => s.id === after) + 1)
  const page = sessions.slice(0, limit)
  const items = page.map((s) => sessionJson(s, d.ctx.baseUrl(), d.dialect))
  const hasMore = sessions.length > limit
  sendJson(res, 200, d.dialect.list(items, hasMore, page[0]?.id ?? null, page.at(-1)?.id ?? null))
}

/** A new one-use token; after a drop the socket must be back within 120 s (`reconnect_by` by default). */
function reconnect(d: RouteDeps, res: ServerResponse, session: RealtimeSession): void {
  if (session.finished) {
    const message = `Session ${session.id} is ${session.status}; create a new session.`
    return d.ctx.sendError(res, 409, 'realtime_session_ended', 'invalid_request_error', message)
  }
  const entry = session.reissueToken()
  const reconnectBy = session.reconnectByMs
  const json = sessionJson(session, d.ctx.baseUrl(), d.dialect)
  const connection = json.connection as { url?: string; sdp_url?: string }
  const url = connection.url ?? connection.sdp_url ?? ''
  const by = reconnectBy === null ? null : new Date(reconnectBy).toISOString()
  sendJson(res, 200, d.dialect.reconnect(json, entry.token, url, by))
}

/**
 * The WebRTC offer/answer exchange, authenticated with the session token. Limits and conflicts are
 * checked as the spec states them; the answer comes back as 201 `application/sdp`, and the peer that made
 * it carries the session from then on (webrtc/).
 */
async function sdp(d: RouteDeps, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const { ctx } = d
  const err = (status: number, code: string, message: string): void =>
    ctx.sendError(res, status, code, 'invalid_request_error', message)
  if (req.method !== 'POST') return err(405, 'method_not_allowed', 'Use POST with an SDP offer.')
  const failed = takeFault(ctx.faults, 'failSdp')
  if (failed)
    return ctx.sendError(
      res,
      failed.status,
      'internal_error',
      'api_error',
      'The audio channel could not be opened.',
    )
  const session = d.store.get(id)
  if (!session) return err(404, 'session_not_found', `No realtime session '${id}'.`)
  const auth = req.headers.authorization ?? ''
  const presented = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : ''
  const badToken = (): void =>
    err(401, 'invalid_session_token', 'Authorize with the session token: Authorization: Bearer <token>.')
  if (presented === '' || d.tokens.sessionOf(presented) !== session.id) return badToken()
  if (session.params.transport !== 'webrtc')
    return err(400, 'realtime_transport_mismatch', 'This session uses a WebSocket.')
  // "A second call once connected returns 409" (realtime-api.md "Endpoints"), whenever it comes: a
  // caller holding one of the session's tokens learns that, not that its token has since expired or
  // that it has called too often.
  if (session.connected || d.webrtc.answering(session.id) || takeFault(ctx.faults, 'sdpConflict'))
    return err(409, 'realtime_session_already_connected', 'The session is already connected.')
  if (presented !== session.token.token) return badToken()
  if (ctx.clock.now() > session.token.expiresAtMs)
    return err(401, 'realtime_token_expired', 'The session token is older than 60 seconds.')
  const waitMs = d.sdpLimit.attempt(session.id, ctx.clock.now())
  if (waitMs > 0) {
    const headers = retryAfterHeader(ctx.clock, waitMs)
    return ctx.sendError(
      res,
      429,
      'rate_limit_exceeded',
      'rate_limit_error',
      'More than 5 SDP calls a minute.',
      null,
      headers,
    )
  }
  if (session.finished)
    return err(409, 'realtime_session_ended', `Session ${session.id} is ${session.status}.`)
  // One use (realtime-api.md "Authentication"): after a drop, POST /reconnect gives a new token.
  if (session.token.used)
    return err(
      409,
      'realtime_token_used',
      'The session token was already used; call reconnect for a new one.',
    )
  if (!String(req.headers['content-type'] ?? '').startsWith('application/sdp')) {
    return err(415, 'unsupported_media_type', 'Send the offer as Content-Type: application/sdp.')
  }
  const offer = await readTextBody(req)
  if (offer === null) return err(413, 'request_too_large', 'The offer is too large.')
  const beta = d.eventNames === 'beta' || String(req.headers['openai-beta'] ?? '').includes('realtime=v1')
  const answer = await d.webrtc.answer(session, session.token, offer, beta ? 'beta' : 'ga')
  if (!answer.ok) return err(answer.status, answer.code, answer.message)
  res.writeHead(201, {
    'Content-Type': 'application/sdp',
    'Content-Length': Buffer.byteLength(answer.sdp),
  })
  res.end(answer.sdp)
}
