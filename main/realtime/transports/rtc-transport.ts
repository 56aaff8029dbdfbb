// The WebRTC transport (realtime-api.md "WebRTC connection"): a page's peer carries the audio both ways
// and its data channel the model events; main exchanges the SDP with the session token and reads the
// service events over SSE. To the session link it is one socket like the WebSocket: frames (model events
// from the data channel, `{"svc":...}` frames from the SSE stream), at most one error, exactly one close.
//   - opened = the data channel is open;
//   - the page's peer failing or closing is held for a moment while the SSE stream is read: the service
//     cuts a session by closing the peer and saying why on SSE, and the two come in either order. The
//     session's end read there = closed (4000), its reason already delivered; nothing said = a drop
//     (1006), which the link resumes with a new token;
//   - the session's end on the SSE stream with no word from the page = closed (4000) after a grace;
//   - the page's peer interrupted (still there, but nothing heard from the service) = stalled, and
//     `restored` when it carries again: the same socket, but what went out meanwhile may be lost.
import { GatewayError } from '../../api/gateway-error'
import type { VoiceRtcState } from '../../../preload/contract'
import type { EngineClock, TimerHandle } from '../engine/engine-clock'
import type { RtcPeers } from './rtc-peers'
import type { ExchangeSdp } from './sdp-exchange'
import type { OpenServiceEvents, ServiceEventsHandle } from './service-event-stream'
import {
  OnceSignals,
  TransportError,
  type ConnectOptions,
  type ConnectTarget,
  type RealtimeTransport,
  type TransportConnector,
  type TransportListener,
} from './transport'

export interface RtcTransportDeps {
  peers: RtcPeers
  exchangeSdp: ExchangeSdp
  serviceEvents: OpenServiceEvents
  clock: EngineClock
}

/** The service closes the peer after the end; a page that does not notice is not waited for long. */
const END_GRACE_MS = 2_000
/**
 * A lost channel waits this long for the SSE stream to say whether the service ended the session. The
 * event is written as the channel closes, so it is normally a round trip away; the bound only costs a
 * real network drop this much more before its resume starts (of the 120 s it has).
 */
export const CHANNEL_LOSS_GRACE_MS = 3_000
const DROPPED = 1006
const ENDED = 4000

export function rtcConnector(deps: RtcTransportDeps): TransportConnector {
  return (target, listener, options) => connectRtc(deps, target, listener, options)
}

function connectRtc(
  deps: RtcTransportDeps,
  target: ConnectTarget,
  listener: TransportListener,
  options: ConnectOptions,
): Promise<RealtimeTransport> {
  const { signal, timeoutMs } = options
  if (signal?.aborted) return Promise.reject(aborted())
  if (!deps.peers.available) {
    return Promise.reject(
      new TransportError(
        'unavailable',
        'webrtc_unavailable',
        "WebRTC needs Loa's main window, which is not open; choose WebSocket in Settings to talk without it.",
      ),
    )
  }
  if (!target.sessionId || !target.dataChannel)
    return Promise.reject(
      new TransportError('protocol', 'bad_connection', 'The session names no data channel for WebRTC.'),
    )
  const transport = new RtcTransport(deps, target.sessionId, new OnceSignals(listener))
  return transport.connect(target, timeoutMs, signal)
}

class RtcTransport implements RealtimeTransport {
  #linkId = 0
  #open = false
  #closed = false
  #offerError: TransportError | null = null
  #events: ServiceEventsHandle | null = null
  #endTimer: TimerHandle | null = null
  /** The SSE stream carried the session's end. */
  #serviceEnded = false
  /** The page lost the channel; waiting for the SSE stream's word before calling it a drop. */
  #lossTimer: TimerHandle | null = null
  #lossWhy = ''
  /** The page said its peer was interrupted and has not said it carries again. */
  #interrupted = false
  #settle: ((err: TransportError | null) => void) | null = null

  constructor(
    private readonly deps: RtcTransportDeps,
    private readonly sessionId: string,
    private readonly signals: OnceSignals,
  ) {}

  get open(): boolean {
    return this.#open
  }

  /** The page's data channel buffers; main hands frames over at once. */
  get bufferedBytes(): number {
    return 0
  }

  connect(target: ConnectTarget, timeoutMs: number, signal?: AbortSignal): Promise<RealtimeTransport> {
    const { clock, peers } = this.deps
    const deadlineMs = clock.now() + timeoutMs
    return new Promise((resolve, reject) => {
      const timer = clock.setTimeout(
        () =>
          this.#settle?.(new TransportError('network', 'timeout', `No WebRTC link within ${timeoutMs} ms.`)),
        timeoutMs,
      )
      const onAbort = (): void => this.#settle?.(aborted())
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#settle = (err) => {
        this.#settle = null
        clock.clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        if (err === null) return resolve(this)
        this.#teardown()
        reject(err)
      }
      this.#linkId = peers.open(target.dataChannel as string, {
        offer: async (sdp) => {
          try {
            const answer = await this.deps.exchangeSdp(target.url, target.token, sdp, {
              clock,
              deadlineMs,
              ...(signal ? { signal } : {}),
            })
            // The service answered: its events for this session may start now.
            this.#startEvents()
            return answer
          } catch (err) {
            this.#offerError = offerError(err)
            this.#settle?.(this.#offerError)
            throw err
          }
        },
        message: (text) => {
          if (this.#open) this.signals.frame(text)
        },
        state: (state, reason) => this.#pageState(state, reason),
      })
    })
  }

  send(frame: string): boolean {
    if (!this.#open) return false
    return this.deps.peers.send(this.#linkId, frame)
  }

  close(code = 1000, reason = ''): void {
    if (this.#closed) return
    this.#teardown()
    this.signals.close({ code, reason, byUs: true })
  }

  #pageState(state: VoiceRtcState, reason: string | null): void {
    if (state === 'connected') {
      if (this.#interrupted && !this.#closed && this.#lossTimer === null) {
        this.#interrupted = false
        this.#open = true
        this.signals.restored()
      }
      if (this.#settle === null || this.#closed) return
      this.#open = true
      this.#settle(null)
      return
    }
    if (state === 'interrupted') {
      // Before the link opened there is nothing to stall: the open itself waits, with its timeout.
      if (this.#settle !== null || this.#closed || this.#interrupted || this.#lossTimer !== null) return
      this.#interrupted = true
      this.#open = false
      this.signals.stalled()
      return
    }
    const why = reason ?? `the WebRTC peer ${state === 'failed' ? 'failed' : 'closed'}`
    if (this.#settle) {
      this.#settle(this.#offerError ?? new TransportError('network', 'network', `WebRTC: ${why}.`))
      return
    }
    if (this.#closed || this.#lossTimer !== null) return
    if (this.#serviceEnded) return this.#over()
    if (!this.#events) return this.#drop(why)
    this.#open = false
    this.#lossWhy = why
    this.#lossTimer = this.deps.clock.setTimeout(() => this.#drop(why), CHANNEL_LOSS_GRACE_MS)
    // A stream that broke a moment ago would otherwise wait out its retry delay before reading on.
    this.#events.retryNow()
    this.signals.stalled()
  }

  #drop(why: string): void {
    if (this.#closed) return
    this.signals.error(new TransportError('network', 'network', `WebRTC: ${why}.`))
    this.#teardown()
    this.signals.close({ code: DROPPED, reason: why, byUs: false })
  }

  /** The session is over on the service; its end event was delivered as a frame before this. */
  #over(): void {
    if (this.#closed) return
    this.#teardown()
    this.signals.close({ code: ENDED, reason: 'session over', byUs: false })
  }

  #startEvents(): void {
    if (this.#events || this.#closed) return
    this.#events = this.deps.serviceEvents(this.sessionId, {
      frame: (text) => {
        if (!this.#closed) this.signals.frame(text)
      },
      end: (why) => {
        if (this.#closed) return
        const channelLost = this.#lossTimer !== null
        // The stream can tell no more: a lost channel is a drop, for the link's resume to settle.
        if (why === 'gone') return channelLost ? this.#drop(this.#lossWhy) : undefined
        this.#serviceEnded = true
        if (channelLost) return this.#over()
        // The session is over; the page's peer is closed by the service, and is not waited for long.
        this.#endTimer = this.deps.clock.setTimeout(() => this.#over(), END_GRACE_MS)
      },
    })
  }

  #teardown(): void {
    if (this.#closed) return
    this.#closed = true
    this.#open = false
    this.#events?.stop()
    this.#events = null
    if (this.#endTimer !== null) this.deps.clock.clearTimeout(this.#endTimer)
    if (this.#lossTimer !== null) this.deps.clock.clearTimeout(this.#lossTimer)
    if (this.#linkId !== 0) this.deps.peers.close(this.#linkId)
  }
}

/** The service's refusal keeps its code, so the link can tell an expired token from a busy session. */
function offerError(err: unknown): TransportError {
  if (err instanceof GatewayError) {
    const status = err.details.status
    const code = err.details.code ?? (status === null ? 'network' : `http_${status}`)
    return new TransportError(err.kind, code, err.message, { status, cause: err })
  }
  if (err instanceof TransportError) return err
  const message = err instanceof Error ? err.message : String(err)
  return new TransportError('network', 'network', `The SDP exchange failed: ${message}`, { cause: err })
}

function aborted(): TransportError {
  return new TransportError('internal', 'aborted', 'Opening the WebRTC link was cancelled.')
}
