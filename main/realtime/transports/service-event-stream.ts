// Reads a WebRTC session's service events from `GET /sessions/{id}/events` (Server-Sent Events, with the
// API key), for as long as the session lives (realtime-api.md "Endpoints", "Events"). A stream that
// breaks is opened again after the delay it asked for, resuming after the last id it gave; events seen
// before (a service that replays from the start) are not delivered twice, because a settled window
// counted twice would be money shown twice. The stream ends for good once it has carried the session's
// end (said at once, without waiting for the service to close the response), when the session is gone
// (404/410), or when it is stopped.
import { GatewayError } from '../../api/gateway-error'
import { gatewayRequest, type GatewayEndpoint } from '../../api/http'
import type { EngineClock } from '../engine/engine-clock'
import { RecentMap } from '../adapters/recent'
import { serviceEventFrame } from './service-event-frame'
import { SseParser } from './sse-parser'

export interface ServiceEventHandlers {
  /** One service event as a `{"svc":{...}}` frame. */
  frame(text: string): void
  /** The stream is over for good: the session ended (`ended`, right after that event) or cannot be read (`gone`). */
  end(why: 'ended' | 'gone'): void
}

export interface ServiceEventsHandle {
  stop(): void
  /** A stream waiting to be opened again is opened now: someone needs to know how the session stands. */
  retryNow(): void
}

export type OpenServiceEvents = (sessionId: string, handlers: ServiceEventHandlers) => ServiceEventsHandle

export interface EventStreamOptions {
  clock: EngineClock
  /** Waiting for the answer's headers; the body itself may stay quiet as long as the session does. */
  headersTimeoutMs?: number
}

const BASE_PATH = '/v1/realtime/sessions'
const HEADERS_TIMEOUT_MS = 10_000
/** The stream lives as long as the session: far longer than any request's own timeout. */
const STREAM_LIFETIME_MS = 25 * 3600_000
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 10_000
const SEEN_IDS = 512
const END_KINDS: readonly string[] = ['session.ended', 'session.terminated']

/** Where a session's stream got to; it outlives one stream, since a resumed link opens a new one. */
interface Cursor {
  lastEventId: string
  readonly seen: RecentMap<string, true>
}

/** Sessions whose cursor is kept: the live one and a few just replaced. */
const KEPT_CURSORS = 8

export function serviceEventStreams(
  endpoint: GatewayEndpoint,
  options: EventStreamOptions,
): OpenServiceEvents {
  const cursors = new RecentMap<string, Cursor>(KEPT_CURSORS)
  return (sessionId, handlers) => {
    let cursor = cursors.get(sessionId)
    if (!cursor) {
      cursor = { lastEventId: '', seen: new RecentMap<string, true>(SEEN_IDS) }
      cursors.set(sessionId, cursor)
    }
    const stream = new ServiceEventStream(endpoint, sessionId, cursor, handlers, options)
    void stream.run()
    return { stop: () => stream.stop(), retryNow: () => stream.retryNow() }
  }
}

class ServiceEventStream {
  readonly #abort = new AbortController()
  #retryMs = FIRST_RETRY_MS
  #ended = false
  #wake: (() => void) | null = null
  /** retryNow() came while a connection was up (or about to break): its next wait is skipped. */
  #skipWait = false

  constructor(
    private readonly endpoint: GatewayEndpoint,
    private readonly sessionId: string,
    private readonly cursor: Cursor,
    private readonly handlers: ServiceEventHandlers,
    private readonly options: EventStreamOptions,
  ) {}

  stop(): void {
    this.#abort.abort()
    this.#wake?.()
  }

  retryNow(): void {
    if (this.#wake) this.#wake()
    else this.#skipWait = true
  }

  async run(): Promise<void> {
    let failures = 0
    while (!this.#abort.signal.aborted) {
      try {
        const delivered = await this.#readOnce()
        if (this.#ended) return
        failures = delivered ? 0 : failures + 1
      } catch (err) {
        if (this.#abort.signal.aborted || this.#ended) return
        if (isGone(err)) return this.handlers.end('gone')
        failures++
      }
      await this.#sleep(Math.min(MAX_RETRY_MS, this.#retryMs * 2 ** Math.max(0, failures - 1)))
    }
  }

  /** One connection; true when it delivered at least one event. */
  async #readOnce(): Promise<boolean> {
    const headersTimer = new AbortController()
    const timer = this.options.clock.setTimeout(
      () => headersTimer.abort(),
      this.options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    )
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache' }
    if (this.cursor.lastEventId !== '') headers['Last-Event-ID'] = this.cursor.lastEventId
    let res: Response
    try {
      res = await gatewayRequest(this.endpoint, `${BASE_PATH}/${encodeURIComponent(this.sessionId)}/events`, {
        headers,
        signal: AbortSignal.any([this.#abort.signal, headersTimer.signal]),
        timeoutMs: STREAM_LIFETIME_MS,
      })
    } finally {
      this.options.clock.clearTimeout(timer)
    }
    const body = res.body
    if (!body) return false
    const parser = new SseParser()
    const decoder = new TextDecoder()
    let delivered = false
    const reader = body.getReader()
    const cancel = (): void => void reader.cancel().catch(() => {})
    this.#abort.signal.addEventListener('abort', cancel, { once: true })
    try {
      for (;;) {
        const { done, value } = await reader.read()
        const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
        for (const event of parser.push(text)) delivered = this.#deliver(event) || delivered
        if (parser.retryMs !== null) this.#retryMs = Math.max(100, parser.retryMs)
        if (done || this.#abort.signal.aborted) return delivered
      }
    } finally {
      this.#abort.signal.removeEventListener('abort', cancel)
    }
  }

  #deliver(event: { type: string; data: string; lastEventId: string }): boolean {
    if (this.#abort.signal.aborted) return false
    const id = event.lastEventId
    if (id !== '') {
      this.cursor.lastEventId = id
      if (this.cursor.seen.has(id)) return false
      this.cursor.seen.set(id, true)
    }
    const service = serviceEventFrame(event)
    if (service === null) return false
    this.handlers.frame(service.frame)
    if (END_KINDS.includes(service.type)) {
      this.#ended = true
      this.handlers.end('ended')
      this.stop()
    }
    return true
  }

  #sleep(ms: number): Promise<void> {
    if (this.#abort.signal.aborted || this.#skipWait) {
      this.#skipWait = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const handle = this.options.clock.setTimeout(() => {
        this.#wake = null
        resolve()
      }, ms)
      this.#wake = () => {
        this.options.clock.clearTimeout(handle)
        this.#wake = null
        resolve()
      }
    })
  }
}

/** The session is not there to read: not found, gone, or not ours. */
function isGone(err: unknown): boolean {
  if (!(err instanceof GatewayError)) return false
  const status = err.details.status
  return status === 401 || status === 403 || status === 404 || status === 409 || status === 410
}
