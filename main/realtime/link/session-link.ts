// Over 400 lines on purpose: the recovery paths share the link's private state (flow, stage, socket);
// their bounds and messages live in recovery-rules.ts.
// One conversation's connection to the service: create a session, connect its socket with the one-use
// token before `connect_by`, resume it after a drop, replace it when it cannot be used, end it with
// DELETE (realtime-api.md "States and transitions", "Endpoints", close codes). What it does on its own:
//   - token expired before the socket opened (`realtime_token_expired`) -> a new session, transparently;
//   - the audio channel could not be opened (4503, or the SDP exchange answered 5xx) -> a new session,
//     once; a second failure in a row is reported;
//   - the SDP offer answered 409 `realtime_session_already_connected` (the service holds a connection
//     whose answer never reached us) -> POST /reconnect and a new offer with the fresh token;
//   - network drop, 4409, 4413, 4400 -> POST /reconnect and a new socket within 120 s;
//   - session over on the service (4000 / session.ended / session.terminated) -> reported; whether a new
//     session follows is the engine's call (termination-policy.ts).
// It reports stages and outcomes; the engine decides what they mean for the user.
import { AppError } from '../../errors'
import type { RealtimeAdapter, TurnDetection, WireProtocol } from '../adapters/adapter'
import { createAdapter } from '../adapters/create-adapter'
import { closeMeaning, type CloseMeaning } from '../transports/close-codes'
import type { EngineClock } from '../engine/engine-clock'
import type { EngineError } from '../engine/engine-events'
import type { RealtimeEvent, ServiceEvent } from '../engine/events'
import type { OutboxSink } from './outbox'
import type { PreparedSource } from './prepared-session'
import {
  ALREADY_CONNECTED,
  MAX_CHANNEL_RETRIES,
  MAX_RECREATES,
  MAX_TAKEOVERS,
  RECONNECT_WINDOW_MS,
  RECREATE_CODES,
  WINDOW_MARGIN_MS,
  channelFailedTwiceError,
  endOf,
  engineError,
  noChannelError,
  readEnd,
  retryDelayMs,
  sessionIsGone,
  takenOverError,
} from './recovery-rules'
import type { SessionEnd } from './recovery-rules'
import {
  connectWindowMs,
  type CreateSessionParams,
  type RealtimeSessionInfo,
  type SessionConnection,
  type SessionService,
} from '../../api/realtime/sessions-api'
import {
  TransportError,
  type RealtimeTransport,
  type TransportClose,
  type TransportConnector,
} from '../transports/transport'

export type LinkStage = 'none' | 'creating' | 'connecting' | 'open' | 'reconnecting' | 'ending'

export interface OpenedLink {
  session: RealtimeSessionInfo
  wire: WireProtocol
  transport: SessionConnection['kind']
  resumed: boolean
  createMs: number | null
  connectMs: number
  sink: OutboxSink
  encode: RealtimeAdapter['encode']
  endTurnNow: RealtimeAdapter['endTurnNow']
}

export interface LinkHooks {
  stage(stage: LinkStage): void
  created(session: RealtimeSessionInfo): void
  opened(link: OpenedLink): void
  received(events: RealtimeEvent[]): void
  /** The socket can carry nothing until its fate is known (a lost WebRTC channel); a close follows. */
  stalled(): void
  /** The stalled socket carries again (an interrupted WebRTC link came back); no close came. */
  restored(): void
  /** The socket closed unexpectedly; resuming (or replacing) follows. */
  dropped(meaning: CloseMeaning): void
  /** The session is over. The link is back to `none`. */
  ended(end: SessionEnd): void
  /** No session could be opened. The link is back to `none`. */
  failed(error: EngineError): void
}

export interface LinkOptions {
  api: SessionService
  connect: TransportConnector
  clock: EngineClock
  params: CreateSessionParams
  /** A session created ahead with the same params: taken instead of a create round trip. */
  prepared?: PreparedSource
  connectTimeoutMs?: number
  reconnectWindowMs?: number
}

const CONNECT_TIMEOUT_MS = 10_000

export class SessionLink {
  #stage: LinkStage = 'none'
  #session: RealtimeSessionInfo | null = null
  #adapter: RealtimeAdapter | null = null
  #transport: RealtimeTransport | null = null
  /** Bumped by every flow (open, resume, end): a result of an older flow is stale. */
  #flow = 0
  #socketSeq = 0
  #abort = new AbortController()
  #endNotice: ServiceEvent | null = null
  #connectDeadlineMs = 0
  #everOpened = false
  #recreates = 0
  #takeovers = 0
  /** New sessions made because the audio channel failed, since a socket last carried anything. */
  #channelRetries = 0
  /** A session left alone after other connections kept taking it over; `reconnect()` takes it back. */
  #held: { session: RealtimeSessionInfo; adapter: RealtimeAdapter } | null = null

  constructor(
    private readonly o: LinkOptions,
    private readonly hooks: LinkHooks,
  ) {}

  get stage(): LinkStage {
    return this.#stage
  }

  get session(): RealtimeSessionInfo | null {
    return this.#session
  }

  /** Creates and connects a session unless one is open or on its way. */
  open(): void {
    if (this.#stage !== 'none') return
    this.#releaseHeld()
    const flow = this.#newFlow()
    void this.#createAndConnect(flow)
  }

  /**
   * The user asks for the session back after `realtime_session_already_connected` (realtime-api.md
   * "Errors": "use reconnect"): a new token through POST /reconnect, and this client's socket on it.
   * Without a held session, a new one.
   */
  reconnect(): void {
    if (this.#stage !== 'none') return
    const held = this.#held
    if (!held) return this.open()
    this.#held = null
    const flow = this.#newFlow()
    this.#session = held.session
    this.#adapter = held.adapter
    this.#everOpened = true
    this.#takeovers = 0
    void this.#resume(flow, this.o.clock.now())
  }

  /** Ends the session with DELETE; resolves with what the service said about it, or null without one. */
  async end(): Promise<SessionEnd | null> {
    const session = this.#session ?? this.#held?.session ?? null
    this.#held = null
    this.#newFlow()
    const transport = this.#transport
    this.#setStage('ending')
    this.#reset()
    if (!session) return (this.#setStage('none'), null)
    let final: RealtimeSessionInfo | null = null
    try {
      final = await this.o.api.delete(session.id)
    } catch {
      // Closing the socket with 1000 ends the session on the service as well.
    }
    transport?.close(1000, 'client ended the session')
    this.#setStage('none')
    return {
      sessionId: session.id,
      model: session.model,
      reason: final?.endReason ?? 'client_deleted',
      terminated: false,
      message: null,
      totalVnd: final?.billing.totalVnd ?? null,
      durationSec: final?.usage?.durationSec ?? null,
    }
  }

  async #createAndConnect(flow: number): Promise<void> {
    // Taken before the stage changes: whoever hears of the stage finds the session already in hand.
    const prepared = this.o.prepared?.take() ?? null
    this.#setStage('creating')
    const startedMs = this.o.clock.now()
    let session: RealtimeSessionInfo
    try {
      session = prepared?.session ?? (await this.o.api.create(this.o.params, this.#abort.signal))
    } catch (err) {
      if (flow === this.#flow) this.#fail(err)
      return
    }
    if (flow !== this.#flow) return void this.o.api.delete(session.id).catch(() => {})
    const connection = session.connection
    let adapter: RealtimeAdapter
    try {
      if (!connection) throw new AppError('protocol', 'The session has no connection Loa can open.')
      adapter = createAdapter(connection.protocol, {
        turnDetection: turnDetectionOf(this.o.params),
        media: connection.kind === 'webrtc' ? 'track' : 'socket',
      })
    } catch (err) {
      void this.o.api.delete(session.id).catch(() => {})
      return this.#fail(err)
    }
    const createdMs = this.o.clock.now()
    this.#session = session
    this.#adapter = adapter
    this.#endNotice = null
    const windowFromMs = prepared?.createdAtMs ?? createdMs
    this.#connectDeadlineMs = windowFromMs + connectWindowMs(session) - WINDOW_MARGIN_MS / 3
    this.hooks.created(session)
    await this.#connect(flow, connection.url, connection.token, createdMs - startedMs)
  }

  /** The first socket of a session. */
  async #connect(flow: number, url: string, token: string, createMs: number): Promise<void> {
    this.#setStage('connecting')
    const timeoutMs = Math.min(
      this.o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      this.#connectDeadlineMs - this.o.clock.now(),
    )
    // Too late to use the token: the session will be cancelled, free of charge.
    if (timeoutMs <= 0) return this.#recreate(flow)
    try {
      await this.#openSocket(flow, url, token, false, createMs, timeoutMs)
    } catch (err) {
      if (flow !== this.#flow) return
      const code = err instanceof TransportError ? err.code : null
      if (code !== null && (RECREATE_CODES.includes(code) || code === 'timeout')) return this.#recreate(flow)
      if (err instanceof TransportError && err.status !== null && err.status >= 500)
        return this.#recreate(flow, true)
      if (code === ALREADY_CONNECTED) return void this.#resume(flow, this.o.clock.now())
      const session = this.#session
      if (session) void this.o.api.delete(session.id).catch(() => {})
      this.#fail(err)
    }
  }

  async #openSocket(
    flow: number,
    url: string,
    token: string,
    resumed: boolean,
    createMs: number | null,
    timeoutMs = this.o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  ): Promise<void> {
    const seq = ++this.#socketSeq
    const adapter = this.#adapter as RealtimeAdapter
    const session = this.#session as RealtimeSessionInfo
    const connection = session.connection as SessionConnection
    const startedMs = this.o.clock.now()
    const transport = await this.o.connect(
      connection.kind === 'webrtc'
        ? { kind: 'webrtc', url, token, sessionId: session.id, dataChannel: connection.dataChannel }
        : { url, token },
      {
        frame: (data) => {
          if (seq !== this.#socketSeq) return
          // The channel carries: a later failure of it is a new one, with its own retry.
          this.#channelRetries = 0
          const events = adapter.receive(data)
          for (const e of events) if (e.type === 'service') this.#noteService(e)
          this.hooks.received(events)
        },
        stalled: () => {
          if (seq === this.#socketSeq) this.hooks.stalled()
        },
        restored: () => {
          if (seq === this.#socketSeq && this.#transport) this.hooks.restored()
        },
        error: () => {},
        close: (info) => this.#closed(seq, info),
      },
      { signal: this.#abort.signal, timeoutMs },
    )
    if (flow !== this.#flow || seq !== this.#socketSeq) return transport.close(1000, 'superseded')
    this.#transport = transport
    this.#everOpened = true
    this.#recreates = 0
    this.#setStage('open')
    this.hooks.opened({
      session,
      wire: adapter.wire,
      transport: connection.kind,
      resumed,
      createMs,
      connectMs: this.o.clock.now() - startedMs,
      sink: transport,
      encode: (command) => adapter.encode(command),
      endTurnNow: () => adapter.endTurnNow(),
    })
  }

  #closed(seq: number, info: TransportClose): void {
    if (seq !== this.#socketSeq) return
    this.#transport = null
    if (info.byUs || this.#stage === 'ending' || this.#stage === 'none') return
    const meaning = closeMeaning(info.code)
    const notice = this.#endNotice
    if (notice || meaning.action === 'ended') return this.#sessionOver(notice, info)
    this.hooks.dropped(meaning)
    const flow = this.#newFlow()
    if (meaning.action === 'recreate') return void this.#recreate(flow, true)
    this.#takeovers = meaning.action === 'reconnect' ? this.#takeovers + 1 : 0
    if (this.#takeovers > MAX_TAKEOVERS) {
      this.#takeovers = 0
      // Through `reconnecting`, the state it was in while it fought for the session, to `failed`.
      this.#setStage('reconnecting')
      const held = this.#session && this.#adapter ? { session: this.#session, adapter: this.#adapter } : null
      this.#reset()
      // Kept, not deleted: the user may take it back (reconnect) or end it.
      this.#held = held
      return this.#fail(takenOverError())
    }
    void this.#resume(flow, this.o.clock.now())
  }

  /** Same session, new token, new socket; the conversation is kept on the service. */
  async #resume(flow: number, lostAtMs: number): Promise<void> {
    this.#setStage('reconnecting')
    const session = this.#session as RealtimeSessionInfo
    const knownUrl = session.connection?.url ?? ''
    const windowMs = (this.o.reconnectWindowMs ?? RECONNECT_WINDOW_MS) - WINDOW_MARGIN_MS
    for (let attempt = 0; flow === this.#flow; attempt++) {
      if (this.o.clock.now() - lostAtMs > windowMs) return this.#sessionOver(null, null, 'connection_lost')
      await this.#sleep(retryDelayMs(attempt))
      if (flow !== this.#flow) return
      try {
        const fresh = await this.o.api.reconnect(session.id, knownUrl, this.#abort.signal)
        if (flow !== this.#flow) return
        // A session none of whose sockets opened yet (its first offer met a 409) starts its conversation now.
        await this.#openSocket(flow, fresh.url, fresh.token, this.#everOpened, null)
        return
      } catch (err) {
        if (flow !== this.#flow) return
        if (sessionIsGone(err)) return this.#goneWhileResuming(flow, session)
        // Network trouble, an expired token, a 5xx: try again until the window closes.
      }
    }
  }

  /**
   * The session ended while its link was down. Its end may not have reached us (over WebRTC the SSE
   * stream's `session.terminated` can come well after the channel closed), so the service is asked how
   * it ended: a cut is then handled by its reason, as if the event had come, not as a lost connection.
   */
  async #goneWhileResuming(flow: number, session: RealtimeSessionInfo): Promise<void> {
    const read = (await this.o.api.get?.(session.id, this.#abort.signal).catch(() => null)) ?? null
    if (flow !== this.#flow) return
    this.#sessionOver(null, null, 'connection_lost', read)
  }

  /**
   * A new session in place of one that cannot be used; the old one is deleted (free if never connected).
   * `channelFailed`: 4503 or a 5xx to the SDP offer, retried once; the next failure in a row is reported.
   */
  async #recreate(flow: number, channelFailed = false): Promise<void> {
    const old = this.#session
    const oldWasLive = this.#everOpened
    this.#reset()
    // Set before the hook, so that nobody opens a second session meanwhile.
    this.#setStage('creating')
    if (old) {
      void this.o.api.delete(old.id).catch(() => {})
      if (oldWasLive) this.hooks.ended(endOf(old, 'channel_lost', false, null, null))
    }
    if (channelFailed && ++this.#channelRetries > MAX_CHANNEL_RETRIES) {
      this.#channelRetries = 0
      return this.#fail(channelFailedTwiceError())
    }
    if (++this.#recreates > MAX_RECREATES) {
      return this.#fail(noChannelError())
    }
    await this.#createAndConnect(flow)
  }

  /** `read`: the session as GET returned it after the end, when neither an event nor a close said how. */
  #sessionOver(
    notice: ServiceEvent | null,
    close: TransportClose | null,
    fallbackReason = 'ended',
    read: RealtimeSessionInfo | null = null,
  ): void {
    const session = this.#session
    this.#newFlow()
    const transport = this.#transport
    this.#reset()
    transport?.close(1000, 'session over')
    this.#setStage('none')
    if (!session) return
    const fromClose = close ? /^(ended|terminated):\s*(\S+)/.exec(close.reason) : null
    const fromRead = read ? readEnd(read) : null
    const terminated = notice
      ? notice.kind === 'session.terminated'
      : ((fromClose?.[1] === 'terminated' || fromRead?.terminated) ?? false)
    const reason = notice?.reason ?? fromClose?.[2] ?? fromRead?.reason ?? fallbackReason
    const totalVnd = notice?.totalVnd ?? read?.billing?.totalVnd ?? null
    this.hooks.ended(endOf(session, reason, terminated, notice?.message ?? null, totalVnd))
  }

  /** A new session replaces the held one: the held one is ended, so it bills no longer. */
  #releaseHeld(): void {
    const held = this.#held
    this.#held = null
    if (held) void this.o.api.delete(held.session.id).catch(() => {})
  }

  #noteService(e: ServiceEvent): void {
    if (e.kind === 'session.ended' || e.kind === 'session.terminated') this.#endNotice = e
  }

  #fail(err: unknown): void {
    this.#reset()
    // Reported before the stage changes, so the engine moves straight to `failed`.
    this.hooks.failed(engineError(err))
    this.#setStage('none')
  }

  #reset(): void {
    this.#session = null
    this.#adapter = null
    this.#transport = null
    this.#endNotice = null
    this.#everOpened = false
    this.#socketSeq++
  }

  #newFlow(): number {
    this.#abort.abort()
    this.#abort = new AbortController()
    return ++this.#flow
  }

  #setStage(stage: LinkStage): void {
    if (this.#stage === stage) return
    this.#stage = stage
    this.hooks.stage(stage)
  }

  /** Waits on the engine's clock; an aborted flow wakes it at once. */
  #sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    const { clock } = this.o
    const signal = this.#abort.signal
    return new Promise((resolve) => {
      const wake = (): void => {
        clock.clearTimeout(handle)
        signal.removeEventListener('abort', wake)
        resolve()
      }
      const handle = clock.setTimeout(wake, ms)
      signal.addEventListener('abort', wake, { once: true })
    })
  }
}

function turnDetectionOf(params: CreateSessionParams): TurnDetection {
  return params.turnDetection
}

export { engineError } from './recovery-rules'
export type { SessionEnd } from './recovery-rules'
