// Keeps the page's end of the audio port open. Chromium does not tell a MessagePort that its other end
// closed (the port's `close` event is not shipped), so the link pings main, which answers at once, and
// counts the port lost after a few pings go unanswered; then it asks for a new port, waiting longer after
// each failure, and the page re-announces itself on every new port.

/** Waits before each further attempt after a failure; the last repeats. */
export const REOPEN_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000] as const
export const PING_EVERY_MS = 1_000
/** Unanswered pings in a row that mean main's end is gone. */
export const MISSED_PINGS_LIMIT = 3

export interface PortLinkHandlers {
  onMessage(data: unknown): void
  /** A new port is open: say what main must know about the page. */
  onOpen(): void
  /** Whether the link is up, after every attempt and loss. */
  onStatus(connected: boolean): void
}

export interface PortLinkTiming {
  reopenDelaysMs: readonly number[]
  pingEveryMs: number
  missedPingsLimit: number
}

const DEFAULT_TIMING: PortLinkTiming = {
  reopenDelaysMs: REOPEN_DELAYS_MS,
  pingEveryMs: PING_EVERY_MS,
  missedPingsLimit: MISSED_PINGS_LIMIT,
}

export class PortLink {
  #port: MessagePort | null = null
  #failures = 0
  #retryTimer: ReturnType<typeof setTimeout> | undefined
  #pingTimer: ReturnType<typeof setInterval> | undefined
  #nextPingId = 1
  #unanswered = 0
  #closed = false
  #connecting: Promise<boolean> | null = null
  readonly #timing: PortLinkTiming

  constructor(
    private readonly obtain: () => Promise<MessagePort>,
    private readonly handlers: PortLinkHandlers,
    timing: Partial<PortLinkTiming> = {},
  ) {
    this.#timing = { ...DEFAULT_TIMING, ...timing }
  }

  get connected(): boolean {
    return this.#port !== null
  }

  /** Opens the port if it is not open; true once it is. Failures keep retrying on their own. */
  open(): Promise<boolean> {
    if (this.#port) return Promise.resolve(true)
    this.#connecting ??= this.#connect().finally(() => (this.#connecting = null))
    return this.#connecting
  }

  /** Posts to main; false when no port is open (the message is dropped: audio is live, not queued). */
  send(message: unknown, transfer: Transferable[] = []): boolean {
    if (!this.#port) return false
    this.#port.postMessage(message, transfer)
    return true
  }

  close(): void {
    this.#closed = true
    clearTimeout(this.#retryTimer)
    clearInterval(this.#pingTimer)
    this.#port?.close()
    this.#port = null
  }

  async #connect(): Promise<boolean> {
    clearTimeout(this.#retryTimer)
    let port: MessagePort
    try {
      port = await this.obtain()
    } catch {
      if (this.#closed) return false
      this.handlers.onStatus(false)
      this.#retry()
      return false
    }
    if (this.#closed) {
      port.close()
      return false
    }
    this.#failures = 0
    this.#port = port
    this.#unanswered = 0
    // Where the close event exists (Node, later Chromium) it reports the loss sooner than the pings.
    port.addEventListener('close', () => this.#lost(port))
    port.onmessage = (e: MessageEvent) => {
      this.#unanswered = 0
      if (!isPong(e.data)) this.handlers.onMessage(e.data)
    }
    this.#pingTimer = setInterval(() => this.#ping(port), this.#timing.pingEveryMs)
    this.handlers.onOpen()
    this.handlers.onStatus(true)
    return true
  }

  #ping(port: MessagePort): void {
    if (this.#unanswered >= this.#timing.missedPingsLimit) {
      this.#lost(port)
      return
    }
    this.#unanswered++
    port.postMessage({ type: 'ping', id: this.#nextPingId++ })
  }

  #lost(port: MessagePort): void {
    if (this.#port !== port || this.#closed) return
    clearInterval(this.#pingTimer)
    port.onmessage = null
    port.close()
    this.#port = null
    this.handlers.onStatus(false)
    this.#retry()
  }

  #retry(): void {
    const delays = this.#timing.reopenDelaysMs
    const delay = delays[Math.min(this.#failures, delays.length - 1)] ?? 0
    this.#failures++
    this.#retryTimer = setTimeout(() => void this.open(), delay)
  }
}

function isPong(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'pong'
}
