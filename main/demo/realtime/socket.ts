// The session WebSocket at `connection.url` (realtime-api.md "WebSocket connection"). The upgrade is
// refused over HTTP when the token is missing, unknown or expired, so the client can read the error
// envelope; once the socket is open, problems are close codes: 4400 bad frame, 4409 token spent or
// session taken, 4413 audio too fast, 4503 session over, 4000 session ended.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { DemoContext } from '../context'
import { takeFault } from '../control/faults'
import { INPUT_SAMPLE_RATE_HZ } from './conversation'
import type { RealtimeDialect, WsTokenMode } from './dialect'
import { randomId } from './ids'
import { AudioPacer } from './pacing'
import { createAdapter } from './protocols/create-adapter'
import type { EventNameSet } from './protocols/model-r-names'
import type { RealtimeSession, SessionConnection } from './session'
import type { SessionStore } from './session-store'
import type { SessionTokens, TokenEntry } from './tokens'

const PATH = /^\/v1\/realtime\/sessions\/([^/]+)\/ws$/
/** Model-R allows 15 MiB per append (realtime-protocols.md §2.1); a little room for the JSON around it. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024
export const TOKEN_SUBPROTOCOL_PREFIX = 'realtime-token.'
export const BETA_SUBPROTOCOL = 'openai-beta.realtime-v1'

interface Refusal {
  status: number
  code: string
  message: string
}

export interface SocketOptions {
  eventNames: EventNameSet
  dialect: RealtimeDialect
}

/**
 * The token where `mode` looks for it: `query` only `?token=`, `header` only `Authorization: Bearer`,
 * `any` those two or a `realtime-token.<token>` subprotocol. A token offered elsewhere is not seen.
 */
function presentedToken(req: IncomingMessage, url: URL, mode: WsTokenMode): string | null {
  const query = url.searchParams.get('token')
  if (query && mode !== 'header') return query
  const auth = req.headers.authorization
  if (auth?.startsWith('Bearer ') && mode !== 'query') return auth.slice('Bearer '.length).trim()
  if (mode !== 'any') return null
  for (const p of offeredProtocols(req))
    if (p.startsWith(TOKEN_SUBPROTOCOL_PREFIX)) return p.slice(TOKEN_SUBPROTOCOL_PREFIX.length)
  return null
}

const TOKEN_HINTS: Record<WsTokenMode, string> = {
  query: 'Present the session token as the query parameter ?token=.',
  header: 'Present the session token as Authorization: Bearer <token>.',
  any: 'Present the session token as ?token=, Authorization: Bearer, or a realtime-token.<token> subprotocol.',
}

function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol']
  return (typeof header === 'string' ? header : '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
}

function wantsBetaNames(req: IncomingMessage): boolean {
  const header = req.headers['openai-beta']
  return (
    (typeof header === 'string' && header.includes('realtime=v1')) ||
    offeredProtocols(req).includes(BETA_SUBPROTOCOL)
  )
}

function refuse(socket: Duplex, refusal: Refusal, dialect: RealtimeDialect, random: () => number): void {
  const { status, code, message } = refusal
  const answer = dialect.error(code, 'invalid_request_error', message, null, randomId('req_', random))
  const json = JSON.stringify(answer.body)
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[status] ?? 'Error'
  const headers = Object.entries(answer.headers).map(([k, v]) => `${k}: ${v}\r\n`)
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n${headers.join('')}Connection: close\r\n\r\n${json}`,
  )
}

export class RealtimeSockets {
  readonly #wss: WebSocketServer

  constructor(
    private readonly ctx: DemoContext,
    private readonly store: SessionStore,
    private readonly tokens: SessionTokens,
    private readonly options: SocketOptions,
  ) {
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME_BYTES,
      // Echo a protocol the client offered, never the token one if another is there.
      handleProtocols: (offered) => {
        const list = [...offered]
        return list.find((p) => !p.startsWith(TOKEN_SUBPROTOCOL_PREFIX)) ?? list[0] ?? false
      },
    })
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const id = PATH.exec(url.pathname)?.[1]
    if (id === undefined) return false
    const verdict = this.#admit(id, req, url)
    if ('refusal' in verdict) {
      refuse(socket, verdict.refusal, this.options.dialect, this.ctx.random)
      return true
    }
    const { session, entry, fresh } = verdict
    const beta = this.options.eventNames === 'beta' || wantsBetaNames(req)
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#opened(ws, session, entry, fresh, beta))
    return true
  }

  #admit(
    id: string,
    req: IncomingMessage,
    url: URL,
  ): { refusal: Refusal } | { session: RealtimeSession; entry: TokenEntry; fresh: boolean } {
    const session = this.store.get(id)
    if (!session)
      return { refusal: { status: 404, code: 'session_not_found', message: `No realtime session '${id}'.` } }
    const mode = this.options.dialect.wsToken
    const token = presentedToken(req, url, mode)
    if (token === null)
      return { refusal: { status: 401, code: 'missing_session_token', message: TOKEN_HINTS[mode] } }
    const check = this.tokens.check(token, this.ctx.clock.now())
    const entry = check.entry
    if (entry === undefined || entry.sessionId !== id) {
      return {
        refusal: { status: 401, code: 'invalid_session_token', message: 'The session token is not valid.' },
      }
    }
    if (!check.ok && check.reason === 'expired') {
      const message = 'The session token is older than 60 seconds; create a new session or call reconnect.'
      return { refusal: { status: 401, code: 'realtime_token_expired', message } }
    }
    if (session.params.transport !== 'websocket') {
      const message = 'This session was created for WebRTC; connect through connection.sdp_url.'
      return { refusal: { status: 400, code: 'realtime_transport_mismatch', message } }
    }
    return { session, entry, fresh: check.ok }
  }

  close(): void {
    for (const client of this.#wss.clients) client.terminate()
    this.#wss.close()
  }

  #opened(ws: WebSocket, session: RealtimeSession, token: TokenEntry, fresh: boolean, beta: boolean): void {
    if (session.finished) return ws.close(4503, 'realtime_session_ended')
    if (takeFault(this.ctx.faults, 'failChannel')) return ws.close(4503, 'audio channel could not be opened')
    if (!fresh)
      return ws.close(4409, session.connected ? 'realtime_session_already_connected' : 'realtime_token_used')
    this.tokens.spend(token)
    this.#bind(ws, session, beta)
  }

  #bind(ws: WebSocket, session: RealtimeSession, beta: boolean): void {
    const clock = this.ctx.clock
    const pacer = new AudioPacer(clock.now())
    let closing = false
    const closeWith = (code: number, reason: string): void => {
      closing = true
      ws.close(code, reason)
    }
    const send = (message: object): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    const connection: SessionConnection = { close: closeWith }
    const deps = {
      session,
      model: session.model,
      random: this.ctx.random,
      send: (message: object) => {
        session.touch()
        send(message)
      },
      close: closeWith,
      acceptAudio: (samples: number) => {
        if (pacer.take(samples / INPUT_SAMPLE_RATE_HZ, clock.now())) return true
        closeWith(4413, 'audio sent faster than real time')
        return false
      },
    }
    const adapter = createAdapter(deps, beta ? 'beta' : 'ga')
    ws.on('message', (data, isBinary) => {
      if (closing) return
      if (isBinary) return closeWith(4400, 'only JSON text frames are accepted')
      let message: unknown
      try {
        message = JSON.parse(data.toString())
      } catch {
        return closeWith(4400, 'frame is not valid JSON')
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        return closeWith(4400, 'frame must be a JSON object')
      }
      session.touch()
      adapter.handle(message as Record<string, unknown>)
    })
    const dialect = this.options.dialect
    const unsubscribe = session.events.subscribe({
      event: (e) => send({ svc: dialect.event(e.event) }),
      end: () => {},
    })
    ws.on('close', (code) => {
      closing = true
      unsubscribe()
      session.detached(connection, code === 1000)
    })
    ws.on('error', () => ws.terminate())
    adapter.hello()
    session.attach(connection, adapter)
    const dropAfterMs = this.ctx.faults.dropWebSocketAfterMs
    if (dropAfterMs !== null) {
      // An abrupt drop: no close frame, as when the network goes away.
      const timer = setTimeout(() => ws.terminate(), dropAfterMs)
      ws.once('close', () => clearTimeout(timer))
    }
  }
}
