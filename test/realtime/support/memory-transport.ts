// An in-memory transport pair for tests (STYLE.md principle 9: the session over an in-memory transport
// pair). Frames cross in a microtask, as they would cross a socket: never inside the sender's call.
// The server end can answer, close with any code, drop the link as a network would (1006), stall it as an
// interrupted WebRTC peer does, and pretend the link is slow by reporting bytes still buffered.
import type { FrameData } from '../../../main/realtime/adapters/adapter'
import {
  OnceSignals,
  TransportError,
  type ConnectTarget,
  type RealtimeTransport,
  type TransportConnector,
  type TransportListener,
} from '../../../main/realtime/transports/transport'

export class MemoryServerEnd {
  /** Every frame the client sent, in order. */
  readonly received: string[] = []
  #onFrame: ((frame: string) => void) | null = null
  #client: MemoryClientEnd | null = null

  constructor(readonly target: ConnectTarget) {}

  get isOpen(): boolean {
    return this.#client?.open ?? false
  }

  /** Handles each client frame as it arrives (after it is recorded in `received`). */
  onFrame(fn: (frame: string) => void): void {
    this.#onFrame = fn
  }

  send(frame: FrameData | object): void {
    const data = typeof frame === 'string' || ArrayBuffer.isView(frame) ? frame : JSON.stringify(frame)
    const client = this.#client
    queueMicrotask(() => client?.deliver(data as FrameData))
  }

  /** A close frame from the server, e.g. 4000 at the end of the session. */
  close(code: number, reason = ''): void {
    const client = this.#client
    queueMicrotask(() => client?.closed({ code, reason, byUs: false }))
  }

  /** The network went away: an error, then close 1006. */
  drop(): void {
    const client = this.#client
    queueMicrotask(() => client?.failed())
  }

  /** The link stops carrying without closing, as an interrupted WebRTC peer does; `restore` ends it. */
  stall(): void {
    const client = this.#client
    queueMicrotask(() => client?.stalled())
  }

  restore(): void {
    const client = this.#client
    queueMicrotask(() => client?.restored())
  }

  /** What the client's socket reports as not yet written: a slow link. */
  setBufferedBytes(bytes: number): void {
    if (this.#client) this.#client.bufferedBytes = bytes
  }

  /** @internal */
  bind(client: MemoryClientEnd): void {
    this.#client = client
  }

  /** @internal */
  receive(frame: string): void {
    this.received.push(frame)
    this.#onFrame?.(frame)
  }
}

class MemoryClientEnd implements RealtimeTransport {
  open = true
  bufferedBytes = 0
  readonly #signals: OnceSignals

  constructor(
    private readonly server: MemoryServerEnd,
    listener: TransportListener,
  ) {
    this.#signals = new OnceSignals(listener)
  }

  send(frame: string): boolean {
    if (!this.open) return false
    queueMicrotask(() => this.server.receive(frame))
    return true
  }

  close(code = 1000, reason = ''): void {
    if (!this.open) return
    this.open = false
    queueMicrotask(() => this.#signals.close({ code, reason, byUs: true }))
  }

  deliver(data: FrameData): void {
    if (this.open) this.#signals.frame(data)
  }

  closed(info: { code: number; reason: string; byUs: boolean }): void {
    this.open = false
    this.#signals.close(info)
  }

  stalled(): void {
    if (this.open) this.#signals.stalled()
  }

  restored(): void {
    if (this.open) this.#signals.restored()
  }

  failed(): void {
    this.open = false
    this.#signals.error(new TransportError('network', 'network', 'The link went away.'))
    this.#signals.close({ code: 1006, reason: '', byUs: false })
  }
}

/**
 * A connector whose sockets end in memory. `accept` sees each connection attempt; throwing a
 * TransportError from it refuses the upgrade (e.g. `realtime_token_expired`).
 */
export function memoryConnector(
  accept: (server: MemoryServerEnd) => void | Promise<void>,
): TransportConnector {
  return async (target, listener, options) => {
    if (options.signal?.aborted) throw new TransportError('internal', 'aborted', 'Cancelled.')
    const server = new MemoryServerEnd(target)
    const client = new MemoryClientEnd(server, listener)
    server.bind(client)
    await accept(server)
    return client
  }
}
