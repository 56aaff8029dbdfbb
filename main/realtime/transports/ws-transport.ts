// The WebSocket transport over `ws`. Opening: the token goes both in `Authorization: Bearer` and as `?token=`
// on the same upgrade (the spec leaves the WebSocket's way "not shown"; a token meant for browsers, which
// cannot set headers, may be read only from the URL), with a handshake timeout and an AbortSignal. The
// URL with the token never leaves this function, so it reaches no log or error message. A refused upgrade is read like any gateway error (the envelope's code tells
// `realtime_token_expired` from `session_not_found`). Once open, the listener hears frames, at most one
// error, then exactly one close.
import WebSocket from 'ws'
import { EDGE_BLOCKED, EDGE_BLOCKED_MESSAGE, readRefusal } from '../../api/gateway-error'
import { userAgent } from '../../api/user-agent'
import { DeliveryClock } from './delivery-clock'
import {
  OnceSignals,
  TransportError,
  type ConnectOptions,
  type ConnectTarget,
  type RealtimeTransport,
  type TransportConnector,
  type TransportListener,
} from './transport'

/** Model-R allows 15 MiB per event; the gateway's own frames are far smaller. */
const MAX_INCOMING_FRAME_BYTES = 16 * 1024 * 1024
/** An error body larger than this is not an envelope worth reading. */
const MAX_REFUSAL_BODY_BYTES = 64 * 1024
/** A close handshake the peer never answers must not keep the socket (and its timers) alive. */
const CLOSE_GRACE_MS = 2_000
/**
 * A link that dies without a FIN or RST (Wi-Fi gone) leaves the socket looking open for minutes. After
 * this long without hearing anything the transport pings, and after twice this long it gives up (1006).
 */
const SILENCE_PING_MS = 5_000
const HEARTBEAT_CHECK_MS = 1_000

export interface WebSocketOptions {
  /** Silence after which the service is pinged; twice this and the link is given up. */
  silencePingMs?: number
}

export function webSocketConnector(options: WebSocketOptions = {}): TransportConnector {
  return (target, listener, connect) => connectWebSocket(target, listener, connect, options)
}

export function connectWebSocket(
  target: ConnectTarget,
  listener: TransportListener,
  options: ConnectOptions,
  wsOptions: WebSocketOptions = {},
): Promise<RealtimeTransport> {
  const { signal, timeoutMs } = options
  if (signal?.aborted) return Promise.reject(aborted())
  const url = new URL(target.url)
  url.searchParams.set('token', target.token)
  const headers: Record<string, string> = {
    'User-Agent': userAgent(),
    Authorization: `Bearer ${target.token}`,
  }
  const ws = new WebSocket(url, {
    headers,
    handshakeTimeout: timeoutMs,
    maxPayload: MAX_INCOMING_FRAME_BYTES,
    perMessageDeflate: false,
  })
  const signals = new OnceSignals(listener)
  const transport = new WebSocketTransport(ws, signals, wsOptions.silencePingMs ?? SILENCE_PING_MS)

  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (err: TransportError): void => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      ws.removeAllListeners()
      ws.on('error', () => {})
      ws.terminate()
      reject(err)
    }
    const onAbort = (): void => fail(aborted())
    signal?.addEventListener('abort', onAbort, { once: true })

    ws.once('unexpected-response', (_req, res) => {
      readLimited(res).then(
        (body) => fail(refusal(res.statusCode ?? 0, body)),
        (cause) => fail(new TransportError('network', 'network', 'The upgrade answer broke off.', { cause })),
      )
    })
    ws.once('error', (cause: Error) => {
      const timedOut = /handshake has timed out/i.test(cause.message)
      fail(
        timedOut
          ? new TransportError('network', 'timeout', `No WebSocket within ${timeoutMs} ms.`, { cause })
          : new TransportError('network', 'network', `Could not open the WebSocket: ${cause.message}`, {
              cause,
            }),
      )
    })
    ws.once('open', () => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      ws.removeAllListeners('unexpected-response')
      ws.removeAllListeners('error')
      transport.listen()
      resolve(transport)
    })
  })
}

class WebSocketTransport implements RealtimeTransport {
  #closingByUs = false
  #graceTimer: NodeJS.Timeout | null = null
  #heartbeat: NodeJS.Timeout | null = null
  #lastHeardMs = performance.now()
  readonly #delivery = new DeliveryClock()

  constructor(
    private readonly ws: WebSocket,
    private readonly signals: OnceSignals,
    private readonly silencePingMs: number,
  ) {}

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  /** Bytes not yet known to have reached the service: the socket's own, or those since the last pong. */
  get bufferedBytes(): number {
    return Math.max(this.ws.bufferedAmount, this.#delivery.unackedBytes)
  }

  listen(): void {
    this.ws.on('message', (data: WebSocket.RawData) => {
      this.#lastHeardMs = performance.now()
      this.signals.frame(data)
    })
    this.ws.on('pong', (data: Buffer) => {
      this.#lastHeardMs = performance.now()
      const next = this.#delivery.pong(data)
      if (next && this.ws.readyState === WebSocket.OPEN) this.ws.ping(next)
    })
    this.ws.on('error', (cause: Error) =>
      this.signals.error(new TransportError('network', 'network', cause.message, { cause })),
    )
    this.ws.on('close', (code: number, reason: Buffer) => {
      if (this.#graceTimer) clearTimeout(this.#graceTimer)
      if (this.#heartbeat) clearInterval(this.#heartbeat)
      this.signals.close({ code, reason: reason.toString('utf8'), byUs: this.#closingByUs })
    })
    this.#heartbeat = setInterval(
      () => this.#checkPulse(),
      Math.min(HEARTBEAT_CHECK_MS, this.silencePingMs / 2),
    )
    this.#heartbeat.unref()
  }

  #checkPulse(): void {
    const silentMs = performance.now() - this.#lastHeardMs
    if (silentMs > 2 * this.silencePingMs) {
      this.signals.error(new TransportError('network', 'network', 'The service stopped answering.'))
      this.ws.terminate()
    } else if (silentMs > this.silencePingMs && this.ws.readyState === WebSocket.OPEN) this.ws.ping()
  }

  send(frame: string): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false
    this.ws.send(frame)
    const ping = this.#delivery.sent(Buffer.byteLength(frame))
    if (ping) this.ws.ping(ping)
    return true
  }

  close(code = 1000, reason = ''): void {
    if (this.signals.closed || this.#closingByUs) return
    this.#closingByUs = true
    if (this.ws.readyState !== WebSocket.OPEN) return this.ws.terminate()
    this.ws.close(code, reason)
    this.#graceTimer = setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS)
    this.#graceTimer.unref()
  }
}

function aborted(): TransportError {
  return new TransportError('internal', 'aborted', 'Opening the WebSocket was cancelled.')
}

function refusal(status: number, body: string): TransportError {
  const r = readRefusal(status, body)
  if (r.loaCode === EDGE_BLOCKED)
    return new TransportError(r.kind, EDGE_BLOCKED, EDGE_BLOCKED_MESSAGE, { status })
  const message = r.message ?? `The service refused the WebSocket with HTTP ${status}.`
  return new TransportError(r.kind, r.code ?? `http_${status}`, message, { status })
}

function readLimited(res: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    res.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_REFUSAL_BODY_BYTES) chunks.push(chunk)
    })
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    res.on('error', reject)
  })
}
