// One WebRTC peer carrying a realtime session (realtime-api.md "WebRTC connection"). The data channel the
// client opens carries model events both ways as JSON text, handled by the same protocol adapter as on a
// WebSocket; it never carries the service's own events (those are on GET /events) and never audio, which
// rides the audio track as Opus RTP. The session sees this peer as its connection: attached once the answer
// is made, detached when the peer fails or closes, so a client can come back through POST /reconnect.
import {
  RtpHeader,
  RtpPacket,
  type MediaStreamTrack,
  type RTCDataChannel,
  type RTCPeerConnection,
} from 'werift'
import type { DemoContext } from '../../context'
import { INPUT_SAMPLE_RATE_HZ } from '../conversation'
import { AudioPacer } from '../pacing'
import type { AdapterDeps, ProtocolAdapter } from '../protocols/adapter'
import { createAdapter } from '../protocols/create-adapter'
import { ModelRAdapter } from '../protocols/model-r'
import type { EventNameSet } from '../protocols/model-r-names'
import type { RealtimeSession, SessionConnection } from '../session'
import { WEBRTC_DATA_CHANNEL } from '../session-json'
import { CommitHold } from './commit-hold'
import { RtcModelListener } from './rtc-model-listener'
import { RtpAudioIn } from './rtp-audio-in'
import { RtpAudioOut, type RtpFrame } from './rtp-audio-out'
import type { RtpCounters } from './rtp-counters'

/**
 * A client that takes the answer and never connects would hold the session (409 to every new offer) until
 * the idle timeout; after this many real ms without an open data channel the peer is let go instead.
 */
export const DATA_CHANNEL_TIMEOUT_MS = 15_000
/** How long a closing peer waits for the client to answer the channel's reset. */
const CHANNEL_CLOSE_GRACE_MS = 1_000

type ClientEvent = Record<string, unknown>

export interface RtcConnectionInit {
  ctx: DemoContext
  session: RealtimeSession
  pc: RTCPeerConnection
  /** The track the client's audio arrives on, and ours. */
  incoming: MediaStreamTrack
  outgoing: MediaStreamTrack
  payloadType: number
  names: EventNameSet
  counters: RtpCounters
  onClosed(connection: RtcConnection): void
}

export class RtcConnection implements SessionConnection {
  readonly #adapter: ProtocolAdapter
  readonly #listener: RtcModelListener
  readonly #audioIn: RtpAudioIn
  readonly #audioOut: RtpAudioOut
  readonly #inbox: CommitHold
  readonly #modelR: boolean
  /** Model events made before the data channel opened (the protocol's first event, at least). */
  readonly #outbox: string[] = []
  #channel: RTCDataChannel | null = null
  #openTimer: NodeJS.Timeout | null
  #closed = false

  constructor(private readonly init: RtcConnectionInit) {
    const { ctx, session, pc } = init
    const pacer = new AudioPacer(ctx.clock.now())
    const deps: AdapterDeps = {
      session,
      model: session.model,
      random: ctx.random,
      send: (message) => {
        session.touch()
        this.#send(message)
      },
      // A WebSocket would be closed with the code; a peer has no close code, the session just loses it.
      close: () => this.#drop(),
      // Audio appended as events on the data channel is paced as on a WebSocket (close 4413 there).
      acceptAudio: (samples) => {
        if (pacer.take(samples / INPUT_SAMPLE_RATE_HZ, ctx.clock.now())) return true
        this.#drop()
        return false
      },
    }
    this.#adapter = createAdapter(deps, init.names)
    const bufferEvents = this.#adapter instanceof ModelRAdapter ? this.#adapter : null
    this.#modelR = bufferEvents !== null
    this.#audioOut = new RtpAudioOut(
      (frame) => this.#writeRtp(frame),
      {
        started: (id) => bufferEvents?.outputAudioBuffer('started', id),
        stopped: (id) => bufferEvents?.outputAudioBuffer('stopped', id),
      },
      init.counters,
    )
    this.#listener = new RtcModelListener(this.#adapter, session, this.#audioOut, bufferEvents)
    this.#audioIn = new RtpAudioIn(
      init.payloadType,
      (pcm) => {
        session.touch()
        session.model.appendAudio(pcm)
      },
      init.counters,
    )
    this.#inbox = new CommitHold({
      apply: (message) => this.#handle(message),
      lastAudioAtMs: () => this.#audioIn.lastPacketAtMs,
    })

    pc.onDataChannel.subscribe((channel) => this.#bindChannel(channel))
    init.incoming.onReceiveRtp.subscribe((packet) => this.#audioIn.packet(packet.header, packet.payload))
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.#audioOut.start()
      if (state === 'failed' || state === 'closed') this.#drop()
    })
    this.#openTimer = setTimeout(() => this.#drop(), DATA_CHANNEL_TIMEOUT_MS)

    this.#adapter.hello()
    session.attach(this, this.#listener)
  }

  /** The session ended, or was taken by another connection: it has already let go of this one. */
  close(): void {
    this.#shutdown()
  }

  #bindChannel(channel: RTCDataChannel): void {
    // Only the channel the session names carries events; any other the client opens is left alone.
    if (channel.label !== WEBRTC_DATA_CHANNEL || this.#channel) return
    this.#channel = channel
    channel.onMessage.subscribe((data) => this.#receive(data))
    channel.stateChanged.subscribe((state) => {
      if (state === 'open') this.#flush()
      // Without its event channel the session cannot be driven: treat it as a dropped connection.
      if (state === 'closing' || state === 'closed') this.#drop()
    })
    if (channel.readyState === 'open') this.#flush()
  }

  #receive(data: string | Buffer): void {
    if (this.#closed) return
    // Bad messages get the protocol's answer to them: an error event for Model-R, a lost connection for the live type.
    if (typeof data !== 'string')
      return this.#refuse('Only JSON text messages are accepted on the data channel.')
    let message: unknown
    try {
      message = JSON.parse(data)
    } catch {
      return this.#refuse('The message is not valid JSON.')
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return this.#refuse('The message must be a JSON object.')
    }
    this.init.session.touch()
    this.#inbox.push(message as ClientEvent)
  }

  #handle(message: ClientEvent): void {
    if (this.#closed) return
    if (this.#modelR && message.type === 'output_audio_buffer.clear') return this.#listener.clearOutput(true)
    this.#adapter.handle(message)
  }

  #refuse(message: string): void {
    this.#adapter.error({ code: 'invalid_event', message, param: null, eventId: null })
  }

  #send(message: object): void {
    if (this.#closed) return
    const json = JSON.stringify(message)
    if (this.#channel?.readyState === 'open') this.#channel.send(json)
    else this.#outbox.push(json)
  }

  #flush(): void {
    if (this.#openTimer) clearTimeout(this.#openTimer)
    this.#openTimer = null
    for (const json of this.#outbox.splice(0)) this.#channel?.send(json)
  }

  #writeRtp(frame: RtpFrame): void {
    const header = new RtpHeader({
      payloadType: this.init.payloadType,
      sequenceNumber: frame.sequenceNumber,
      timestamp: frame.timestamp,
      marker: frame.marker,
    })
    this.init.outgoing.writeRtp(new RtpPacket(header, frame.payload))
  }

  /** The peer failed, closed, or broke the protocol: the session may be resumed through reconnect. */
  #drop(): void {
    if (this.#closed) return
    this.#shutdown()
    this.init.session.detached(this, false)
  }

  #shutdown(): void {
    if (this.#closed) return
    this.#closed = true
    if (this.#openTimer) clearTimeout(this.#openTimer)
    this.#openTimer = null
    this.#inbox.close()
    this.#audioOut.close()
    this.#audioIn.close()
    this.#outbox.length = 0
    void this.#closePeer()
    this.init.onClosed(this)
  }

  /**
   * Closing the channel first tells the client at once (an SCTP stream reset); werift's close() alone sends
   * nothing, and the client would only notice when its ICE consent ran out. The peer waits for the reset to
   * be answered, as closing it at once could drop the reset with the sockets.
   */
  async #closePeer(): Promise<void> {
    const channel = this.#channel
    if (channel?.readyState === 'open') {
      channel.close()
      await channel.stateChanged.watch((state) => state === 'closed', CHANNEL_CLOSE_GRACE_MS).catch(() => {})
    }
    await this.init.pc.close().catch(() => {})
  }
}
