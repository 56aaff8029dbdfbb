// A real WebRTC client for the demo service, on werift: an offer with a sendrecv audio transceiver and the
// session's data channel, posted to the SDP endpoint with the session token; then it talks like a browser
// would, Opus RTP made from 16 kHz PCM and paced in real time, and keeps what the service sends back: every
// data channel message, and the audio track decoded to 48 kHz PCM with the RTP header of each packet.
import OpusScript from 'opusscript'
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RtpHeader,
  RtpPacket,
  useOPUS,
  type RTCDataChannel,
  type RTCRtpTransceiver,
} from 'werift'

/** Parsed JSON from the service; the tests check its shape at run time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

const RATE_HZ = 48_000
const FRAME_MS = 20
const FRAME_SAMPLES = (RATE_HZ * FRAME_MS) / 1000
const WAIT_MS = 8_000

export interface ReceivedRtp {
  sequenceNumber: number
  timestamp: number
  marker: boolean
  payloadType: number
  /** performance.now() when the packet arrived. */
  atMs: number
  /** Decoded samples at 48 kHz. */
  samples: number
}

export interface WeriftClient {
  readonly pc: RTCPeerConnection
  readonly channel: RTCDataChannel
  /** The service's answer, as it came from the SDP endpoint. */
  readonly answerSdp: string
  /** Every data channel message, parsed, in arrival order (`{ binary: <bytes> }` for a binary one). */
  readonly messages: Json[]
  /** Every RTP packet of the service's audio track, in arrival order. */
  readonly rtp: ReceivedRtp[]
  /** The `n`-th message (1-based) matching `pred`, waiting for it if needed. */
  waitFor(pred: (m: Json) => boolean, n?: number, timeoutMs?: number): Promise<Json>
  type(type: string, n?: number, timeoutMs?: number): Promise<Json>
  sendJson(message: object): void
  /** Sends `pcm` (16 kHz mono) as 20 ms Opus frames at real-time pace; resolves once the last is out. */
  sendPcm16k(pcm: Int16Array): Promise<void>
  /** The service's audio so far, decoded in arrival order. */
  receivedPcm48k(): Int16Array
  /** Closes the data channel, then the peer, as a browser's `pc.close()` does (it aborts the SCTP association). */
  close(): Promise<void>
}

export interface ConnectOptions {
  sdpUrl: string
  token: string
  /** `connection.data_channel` of the session. */
  dataChannel: string
}

/** The SDP endpoint said no; `body` is its error envelope. */
export class SdpRefused extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: Json,
  ) {
    super(`SDP exchange refused with ${status}: ${JSON.stringify(body)}`)
  }
}

export interface SdpAnswer {
  status: number
  headers: Headers
  text: string
  json: Json
}

export async function postSdp(sdpUrl: string, token: string, offer: string): Promise<SdpAnswer> {
  const res = await fetch(sdpUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/sdp' },
    body: offer,
  })
  const text = await res.text()
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null
  return { status: res.status, headers: res.headers, text, json }
}

export interface Offer {
  pc: RTCPeerConnection
  transceiver: RTCRtpTransceiver
  track: MediaStreamTrack
  channel: RTCDataChannel | null
  sdp: string
}

/** A complete offer (candidates gathered) from a fresh peer; `dataChannel` null leaves the channel out. */
export async function makeOffer(dataChannel: string | null): Promise<Offer> {
  const pc = new RTCPeerConnection({
    codecs: { audio: [useOPUS()], video: [] },
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
  })
  const track = new MediaStreamTrack({ kind: 'audio' })
  const transceiver = pc.addTransceiver(track, { direction: 'sendrecv' })
  const channel = dataChannel === null ? null : pc.createDataChannel(dataChannel)
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== 'complete') {
    await pc.iceGatheringStateChange.watch((s) => s === 'complete', WAIT_MS)
  }
  return { pc, transceiver, track, channel, sdp: pc.localDescription?.sdp ?? '' }
}

export async function connectWeriftClient(opts: ConnectOptions): Promise<WeriftClient> {
  const offer = await makeOffer(opts.dataChannel)
  const answer = await postSdp(opts.sdpUrl, opts.token, offer.sdp)
  if (answer.status !== 201) {
    await offer.pc.close()
    throw new SdpRefused(answer.status, answer.headers, answer.json)
  }
  if (answer.headers.get('content-type') !== 'application/sdp') {
    throw new Error(`answer has content type ${answer.headers.get('content-type')}`)
  }
  return acceptAnswer(offer, answer.text)
}

/** Applies an answer got some other way (through Loa's main process) and waits for the data channel. */
export async function acceptAnswer(offer: Offer, answerSdp: string): Promise<WeriftClient> {
  const channel = offer.channel
  if (!channel) throw new Error('the offer has no data channel')
  const client = new Client(offer, channel, answerSdp)
  try {
    await offer.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp })
    await client.opened()
  } catch (err) {
    await client.close()
    throw err
  }
  return client
}

class Client implements WeriftClient {
  readonly pc: RTCPeerConnection
  readonly messages: Json[] = []
  readonly rtp: ReceivedRtp[] = []
  readonly #transceiver: RTCRtpTransceiver
  readonly #track: MediaStreamTrack
  readonly #encoder = new OpusScript(RATE_HZ, 1, OpusScript.Application.VOIP)
  readonly #decoder = new OpusScript(RATE_HZ, 1)
  readonly #received: Int16Array[] = []
  #waiters: (() => void)[] = []
  #sequence = 1000
  #timestamp = 50_000
  #closed = false

  constructor(
    offer: Offer,
    readonly channel: RTCDataChannel,
    readonly answerSdp: string,
  ) {
    this.pc = offer.pc
    this.#transceiver = offer.transceiver
    this.#track = offer.track
    this.channel.onMessage.subscribe((data) => {
      // The service sends model events as text; a binary message is kept as a marker for tests to catch.
      this.messages.push(typeof data === 'string' ? JSON.parse(data) : { binary: data.length })
      this.#wake()
    })
    this.channel.stateChanged.subscribe(() => this.#wake())
    offer.transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((packet) => this.#receive(packet)),
    )
  }

  async opened(): Promise<void> {
    if (this.channel.readyState !== 'open') {
      await this.channel.stateChanged.watch((s) => s === 'open', WAIT_MS)
    }
  }

  async waitFor(pred: (m: Json) => boolean, n = 1, timeoutMs = WAIT_MS): Promise<Json> {
    const deadline = performance.now() + timeoutMs
    for (;;) {
      const found = this.messages.filter(pred)
      if (found.length >= n) return found[n - 1]
      const left = deadline - performance.now()
      if (left <= 0) throw new Error(`timed out; data channel had ${JSON.stringify(this.types())}`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.#waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  type(type: string, n = 1, timeoutMs = WAIT_MS): Promise<Json> {
    return this.waitFor((m) => m.type === type, n, timeoutMs)
  }

  types(): string[] {
    return this.messages.map((m) => m.type ?? Object.keys(m).join('+'))
  }

  sendJson(message: object): void {
    this.channel.send(JSON.stringify(message))
  }

  async sendPcm16k(pcm: Int16Array): Promise<void> {
    // The answer decided the payload type of Opus.
    const payloadType = this.#transceiver.sender.codec?.payloadType
    if (payloadType === undefined) throw new Error('no codec was negotiated')
    const pcm48k = upsample16kTo48k(pcm)
    const start = performance.now()
    for (let i = 0, at = 0; at < pcm48k.length; i++, at += FRAME_SAMPLES) {
      const wait = start + i * FRAME_MS - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      if (this.#closed) return
      const frame = new Int16Array(FRAME_SAMPLES)
      frame.set(pcm48k.subarray(at, at + FRAME_SAMPLES))
      const header = new RtpHeader({
        payloadType,
        sequenceNumber: this.#sequence,
        timestamp: this.#timestamp,
        marker: i === 0,
      })
      this.#track.writeRtp(new RtpPacket(header, this.#encoder.encode(bytes(frame), FRAME_SAMPLES)))
      this.#sequence = (this.#sequence + 1) & 0xffff
      this.#timestamp = (this.#timestamp + FRAME_SAMPLES) >>> 0
    }
  }

  receivedPcm48k(): Int16Array {
    const out = new Int16Array(this.#received.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of this.#received) {
      out.set(p, at)
      at += p.length
    }
    return out
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    // The channel's close (an SCTP stream reset) must reach the service before the peer's sockets go, or
    // the service only finds out when ICE consent runs out.
    if (this.channel.readyState === 'open') {
      this.channel.close()
      await this.channel.stateChanged.watch((s) => s === 'closed', 2_000).catch(() => {})
    }
    await this.pc.close()
    this.#encoder.delete()
    this.#decoder.delete()
  }

  #receive(packet: RtpPacket): void {
    if (this.#closed) return
    const decoded = this.#decoder.decode(packet.payload)
    const pcm = new Int16Array(decoded.length >> 1)
    for (let i = 0; i < pcm.length; i++) pcm[i] = decoded.readInt16LE(i * 2)
    this.#received.push(pcm)
    const h = packet.header
    this.rtp.push({
      sequenceNumber: h.sequenceNumber,
      timestamp: h.timestamp,
      marker: h.marker,
      payloadType: h.payloadType,
      atMs: performance.now(),
      samples: pcm.length,
    })
  }

  #wake(): void {
    for (const w of this.#waiters.splice(0)) w()
  }
}

function bytes(pcm: Int16Array): Buffer {
  const out = Buffer.alloc(pcm.length * 2)
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, i * 2)
  return out
}

/** Linear interpolation, three outputs per input: plenty for speech headed to a 48 kHz Opus encoder. */
function upsample16kTo48k(pcm: Int16Array): Int16Array {
  const out = new Int16Array(pcm.length * 3)
  for (let i = 0; i < pcm.length; i++) {
    const a = pcm[i] ?? 0
    const b = pcm[i + 1] ?? a
    out[3 * i] = a
    out[3 * i + 1] = Math.round(a + (b - a) / 3)
    out[3 * i + 2] = Math.round(a + ((b - a) * 2) / 3)
  }
  return out
}
