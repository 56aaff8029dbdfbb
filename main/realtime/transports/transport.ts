// The contract of a realtime transport: one socket's whole life (STYLE.md principle 7). A connector opens
// it (abortable, with a timeout); afterwards the listener hears frames, at most one error, and then
// exactly one close. Pacing and the send queue live above it, in the outbox, because the queue must
// outlive a socket: audio captured while reconnecting goes out on the next one.
import { AppError } from '../../errors'
import type { ErrorKind } from '../../../preload/contract'
import type { FrameData } from '../adapters/adapter'

export interface ConnectTarget {
  /** The WebSocket address, or for WebRTC the session's SDP endpoint. */
  url: string
  /** The one-use session token (realtime-api.md "Authentication"). */
  token: string
  /** Omitted = `websocket`. */
  kind?: 'websocket' | 'webrtc'
  /** WebRTC: the session whose service events are read over SSE, and its data channel's name. */
  sessionId?: string
  dataChannel?: string
}

export interface ConnectOptions {
  signal?: AbortSignal
  /** The opening handshake must finish within this many ms. */
  timeoutMs: number
}

export interface TransportClose {
  code: number
  reason: string
  /** We closed it (end of session, replaced socket); no recovery is needed. */
  byUs: boolean
}

export interface TransportListener {
  frame(data: FrameData): void
  /**
   * WebRTC: the channel is lost and the transport is finding out whether the session ended, or the link
   * is interrupted; nothing can be sent meanwhile. A close follows, or `restored`.
   */
  stalled?(): void
  /** WebRTC: the interrupted link carries again, on the same peer; what it carried meanwhile may be lost. */
  restored?(): void
  /** At most once per socket, and always before `close`. */
  error(err: TransportError): void
  /** Exactly once per socket that opened. */
  close(info: TransportClose): void
}

export interface RealtimeTransport {
  readonly open: boolean
  /** Bytes handed to the socket and not yet known to have reached the service (not yet written, at least). */
  readonly bufferedBytes: number
  /** False when the socket is no longer open; the frame is then dropped. */
  send(frame: string): boolean
  close(code?: number, reason?: string): void
}

export type TransportConnector = (
  target: ConnectTarget,
  listener: TransportListener,
  options: ConnectOptions,
) => Promise<RealtimeTransport>

/**
 * Why a socket could not be opened or failed. `code` is the service's error code when the upgrade was
 * refused over HTTP (e.g. `realtime_token_expired`), else `network`, `timeout` or `aborted`.
 */
export class TransportError extends AppError {
  override readonly code: string
  readonly status: number | null

  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    opts: { status?: number | null; cause?: unknown } = {},
  ) {
    super(kind, message, opts.cause === undefined ? {} : { cause: opts.cause })
    this.name = 'TransportError'
    this.code = code
    this.status = opts.status ?? null
  }
}

/** Guards the listener's promise: errors after the first, and anything after the close, are not delivered. */
export class OnceSignals {
  #errored = false
  #closed = false

  constructor(private readonly listener: TransportListener) {}

  get closed(): boolean {
    return this.#closed
  }

  frame(data: FrameData): void {
    if (!this.#closed) this.listener.frame(data)
  }

  stalled(): void {
    if (!this.#closed) this.listener.stalled?.()
  }

  restored(): void {
    if (!this.#closed) this.listener.restored?.()
  }

  error(err: TransportError): void {
    if (this.#errored || this.#closed) return
    this.#errored = true
    this.listener.error(err)
  }

  close(info: TransportClose): void {
    if (this.#closed) return
    this.#closed = true
    this.listener.close(info)
  }
}
