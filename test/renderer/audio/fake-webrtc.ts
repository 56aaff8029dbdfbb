// Just enough of RTCPeerConnection and RTCDataChannel for the page's links in jsdom, which has no WebRTC:
// they record what the link asks of them, and the test drives the events Chromium would fire. Chromium's
// own peer is exercised by the e2e tests.
import type { IpcResult, VoiceRtcState } from '../../../preload/contract'
import type { RtcMain } from '../../../renderer/audio/rtc-peer'

export class FakeTrack {
  readonly kind = 'audio'
  stopped = false
  constructor(
    readonly id: string,
    /** The track this one was cloned from. */
    readonly source: FakeTrack | null = null,
  ) {}
  clone(): FakeTrack {
    return new FakeTrack(`${this.id}+`, this)
  }
  stop(): void {
    this.stopped = true
  }
}

export class FakeSender {
  track: FakeTrack | null = null
  /** Every replaceTrack call, in order. */
  replaced: Array<FakeTrack | null> = []
  async replaceTrack(track: FakeTrack | null): Promise<void> {
    this.replaced.push(track)
    this.track = track
  }
}

export class FakeChannel extends EventTarget {
  readyState: RTCDataChannelState = 'connecting'
  binaryType = 'blob'
  sent: string[] = []
  /** Bytes sent but not yet handed to the network; the test sets it and calls `flush`. */
  bufferedAmount = 0
  bufferedAmountLowThreshold = 0
  constructor(
    readonly label: string,
    readonly init: RTCDataChannelInit | undefined,
  ) {
    super()
  }
  send(text: string): void {
    if (this.readyState !== 'open') throw new DOMException('not open', 'InvalidStateError')
    this.sent.push(text)
  }
  /** Like Chromium: the close event comes later, and only once. */
  close(): void {
    if (this.readyState === 'closed' || this.readyState === 'closing') return
    this.readyState = 'closing'
    setTimeout(() => this.drop(), 0)
  }
  // ---- What the test makes happen ----
  open(): void {
    this.readyState = 'open'
    this.dispatchEvent(new Event('open'))
  }
  flush(): void {
    this.bufferedAmount = 0
    this.dispatchEvent(new Event('bufferedamountlow'))
  }
  receive(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }))
  }
  drop(): void {
    this.readyState = 'closed'
    this.dispatchEvent(new Event('close'))
  }
}

export interface FakePeerOptions {
  /** When ICE gathering completes after the local description is set; null = never. */
  gatherMs?: number | null
  stats?: Array<Record<string, unknown>>
}

export class FakePeer extends EventTarget {
  transceivers: Array<{ kind: string; init: RTCRtpTransceiverInit | undefined; sender: FakeSender }> = []
  channels: FakeChannel[] = []
  localDescription: RTCSessionDescriptionInit | null = null
  remoteDescription: RTCSessionDescriptionInit | null = null
  iceGatheringState: RTCIceGatheringState = 'new'
  connectionState: RTCPeerConnectionState = 'new'
  closed = false
  constructor(private readonly options: FakePeerOptions = {}) {
    super()
  }
  get sender(): FakeSender {
    return this.transceivers[0]!.sender
  }
  get channel(): FakeChannel {
    return this.channels[0]!
  }
  addTransceiver(kind: string, init?: RTCRtpTransceiverInit): { sender: FakeSender } {
    const sender = new FakeSender()
    this.transceivers.push({ kind, init, sender })
    return { sender }
  }
  createDataChannel(label: string, init?: RTCDataChannelInit): FakeChannel {
    const channel = new FakeChannel(label, init)
    this.channels.push(channel)
    return channel
  }
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: 'v=0\r\nm=audio\r\n' }
  }
  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description
    this.iceGatheringState = 'gathering'
    const gatherMs = this.options.gatherMs === undefined ? 0 : this.options.gatherMs
    if (gatherMs === null) return
    setTimeout(() => {
      // The gathered candidates end up in the local description.
      this.localDescription = {
        ...description,
        sdp: `${description.sdp}a=candidate:1 1 udp 1 127.0.0.1 9\r\n`,
      }
      this.iceGatheringState = 'complete'
      this.dispatchEvent(new Event('icegatheringstatechange'))
    }, gatherMs)
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.remoteDescription = description
  }
  async getStats(): Promise<Map<string, unknown>> {
    return new Map((this.options.stats ?? []).map((s, i) => [String(i), s]))
  }
  /** Like the spec: close() fires no events of the peer's own. */
  close(): void {
    this.closed = true
    this.connectionState = 'closed'
    for (const channel of this.channels) channel.close()
  }
  // ---- What the test makes happen ----
  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state
    this.dispatchEvent(new Event('connectionstatechange'))
  }
  remoteTrack(track: FakeTrack, stream: unknown): void {
    this.dispatchEvent(Object.assign(new Event('track'), { track, streams: [stream] }))
  }
}

export interface FakeMain extends RtcMain {
  offers: Array<{ linkId: number; sdp: string }>
  messages: Array<{ linkId: number; text: string }>
  states: Array<{ linkId: number; state: VoiceRtcState; reason?: string }>
  /** What main answers the next offers with. */
  answer: IpcResult<{ sdp: string }>
}

export function fakeMain(): FakeMain {
  const main: FakeMain = {
    offers: [],
    messages: [],
    states: [],
    answer: { ok: true, value: { sdp: 'v=0\r\nanswer\r\n' } },
    rtcOffer: async (request) => {
      main.offers.push(request)
      return main.answer
    },
    rtcMessage: async (request) => {
      main.messages.push(request)
      return { ok: true, value: undefined }
    },
    rtcState: async (request) => {
      main.states.push(request)
      return { ok: true, value: undefined }
    },
  }
  return main
}

/** Where the links play the service's voice: what plays now, and the output device. */
export function fakeOutput() {
  const output = {
    playing: new Set<unknown>(),
    sinkId: '',
    play(stream: MediaStream) {
      output.playing.add(stream)
      return () => void output.playing.delete(stream)
    },
    setSink(sinkId: string) {
      output.sinkId = sinkId
    },
  }
  return output
}
