// The page's end of one WebRTC link (VoiceRtcCommand in preload/contract/voice.ts; realtime-api.md "WebRTC
// connection"): Chromium's own peer carries the audio both ways and a data channel the model's events.
// Main keeps the session token, so the offer goes to main, which posts it to the service and hands back
// the answer. A link ends exactly once; main hears how, unless main itself hung up.
import type { LoaBridge, VoiceRtcState } from '../../preload/contract'
import type { HeldTrack } from './held-track'
import { iceGathered } from './ice-gathering'
import { figuresFromReport, type RtcFigures } from './rtc-stats'
import { QUIET_POLL_MS, QuietLink, heardCount } from './quiet-link'

/** Main's side of the links, as the bridge offers it. */
export type RtcMain = Pick<LoaBridge['voice'], 'rtcOffer' | 'rtcMessage' | 'rtcState'>

export interface RtcPeerDeps {
  main: RtcMain
  createPeer(): RTCPeerConnection
  /** Starts playing the service's voice; returns the stop. */
  playRemote(stream: MediaStream): () => void
  /** The link ended, either way: its owner forgets it. */
  onEnd(): void
}

/** Gathering takes milliseconds with host candidates; a slow network interface must not hold the offer. */
export const ICE_GATHER_CAP_MS = 2_000
/**
 * ICE often recovers from `disconnected` by itself; this long without recovering, the link is given up.
 * Not longer for a press in progress: main is told at once that the link is interrupted, and a press cut
 * by it is given again whole (after a clear) whether the same peer comes back or a new one is made for
 * the same session, so waiting longer would only delay the new peer.
 */
export const DISCONNECTED_GRACE_MS = 3_000
/**
 * The track waits at most this long for the data channel to hand its queued messages to the network: a
 * channel stuck longer is failing, and the press should not stay silent for it.
 */
export const CHANNEL_DRAIN_CAP_MS = 1_000
/**
 * A held track waits at most this long for main's `release`, beyond the backlog main named (its events
 * leave paced, no faster than real time once past the channel's lead): past it, its audio goes out
 * anyway (a later word means the events path is failing, and the press should not stay silent for it).
 */
export const HELD_RELEASE_CAP_MS = 2_000
/** Main sends only once the channel is open, so only a few can cross its opening; more is a fault. */
export const MAX_QUEUED_MESSAGES = 64

type Ending = Exclude<VoiceRtcState, 'connected' | 'interrupted'>

const utf8 = new TextDecoder()

export class RtcPeer {
  #pc: RTCPeerConnection | null = null
  #channel: RTCDataChannel | null = null
  #sender: RTCRtpSender | null = null
  #queue: string[] = []
  #connected = false
  #ended = false
  #channelError: string | null = null
  #disconnectedTimer: ReturnType<typeof setTimeout> | null = null
  /** ICE says `disconnected`, or the link fell quiet while it carried the microphone: main is told. */
  #iceDown = false
  #interrupted = false
  readonly #quiet = new QuietLink(() => this.#updateInterrupted())
  #quietTimer: ReturnType<typeof setInterval> | null = null
  #received = 0
  #stopRemote: (() => void) | null = null
  readonly #listening = new AbortController()

  /** The microphone track the voice audio has open now; the voice audio stops it, not this link. */
  #source: MediaStreamTrack | null = null
  #micOn = false
  /** What goes out: this link's own clone of `#sentFrom`, stopped once replaced. */
  #sent: MediaStreamTrack | null = null
  #sentFrom: MediaStreamTrack | null = null
  /**
   * The track carries the microphone: set once replaceTrack has put it on, cleared as it is taken off.
   * Main hands the press from audio events to the track by it, frame by frame (see `micOnTrack`).
   */
  #carrying = false
  #switching: Promise<void> = Promise.resolve()
  /** The voice audio's held track, for a press that moves from events to the track mid-way. */
  #heldSource: HeldTrack | null = null
  /**
   * This press's held track (`mic` with `held`): on the sender from `release` until it has played out.
   * `released`: main's word came; `stopped`: the key went up. Events after both wait in `waiting` for
   * the track to send what it holds, so the commit cannot overtake the end of the press.
   */
  #held: { track: HeldTrack; released: boolean; stopped: boolean; waiting: string[] } | null = null
  #releaseTimer: ReturnType<typeof setTimeout> | null = null

  /** The offer with its ICE candidates, made once; main gets it when the peer has a link. */
  #offer: Promise<string | null> | null = null
  #linkId: number

  /** `linkId` 0: a spare made ahead (`prepare`), with no link yet; `adopt` gives it one. */
  constructor(
    linkId: number,
    private readonly deps: RtcPeerDeps,
  ) {
    this.#linkId = linkId
  }

  get linkId(): number {
    return this.#linkId
  }

  get connected(): boolean {
    return this.#connected && !this.#ended
  }

  get ended(): boolean {
    return this.#ended
  }

  get carriesMic(): boolean {
    return this.#carrying && !this.#ended
  }

  /** Builds the peer at once (so `mic` may follow right away), then negotiates. */
  open(dataChannel: string): void {
    this.prepare(dataChannel)
    void this.#post()
  }

  /** Builds the peer and makes its offer, gathering ICE, but sends it nowhere until `adopt`. */
  prepare(dataChannel: string): void {
    if (this.#pc || this.#ended) return
    let pc: RTCPeerConnection
    try {
      pc = this.deps.createPeer()
      this.#pc = pc
      // The sender starts with no track: nothing goes out, and the service bills nothing, until the
      // talk key is down.
      this.#sender = pc.addTransceiver('audio', { direction: 'sendrecv' }).sender
      this.#channel = pc.createDataChannel(dataChannel, { ordered: true })
    } catch (err) {
      this.#end('failed', `could not make a WebRTC peer: ${messageOf(err)}`)
      return
    }
    const channel = this.#channel
    const on = { signal: this.#listening.signal }
    channel.binaryType = 'arraybuffer'
    channel.addEventListener('open', () => this.#onChannelOpen(), on)
    channel.addEventListener('message', (e) => this.#onMessage(e.data), on)
    channel.addEventListener('error', (e) => (this.#channelError = e.error?.message ?? 'error'), on)
    channel.addEventListener(
      'close',
      () =>
        this.#channelError === null
          ? this.#end('closed', 'the data channel closed')
          : this.#end('failed', `the data channel failed: ${this.#channelError}`),
      on,
    )
    pc.addEventListener('track', (e) => this.#onTrack(e), on)
    pc.addEventListener('connectionstatechange', () => this.#onConnectionState(pc.connectionState), on)
    this.#applyMic()
    this.#offer = this.#makeOffer(pc)
  }

  /** The spare becomes link `linkId`: its offer, already made, goes to main now. */
  adopt(linkId: number): void {
    this.#linkId = linkId
    void this.#post()
  }

  /** A model event for the service; held until the channel opens, dropped once the link is gone. */
  send(text: string): void {
    const channel = this.#channel
    if (this.#ended || !channel) return
    const held = this.#held
    if (held?.released && held.stopped) {
      held.waiting.push(text)
      return
    }
    if (channel.readyState === 'open') {
      try {
        channel.send(text)
      } catch (err) {
        this.#end('failed', `could not send on the data channel: ${messageOf(err)}`)
      }
    } else if (!this.#connected) {
      if (this.#queue.length >= MAX_QUEUED_MESSAGES)
        this.#end('failed', 'too many messages before the data channel opened')
      else this.#queue.push(text)
    }
  }

  /**
   * Main's word: the microphone goes out on the track (key down) or not (key up). `held`: the press so
   * far went as events; the track takes over from the next capture frame but holds its audio until
   * `release`. `backlogMs`: the audio events main still had to send at the switch (they leave paced, so
   * `release` may come that much later).
   */
  setMic(on: boolean, held = false, backlogMs = 0): void {
    this.#micOn = on
    if (on && held) this.#hold(backlogMs)
    else if (!on) this.#stopHeld()
    this.#applyMic()
  }

  /** The voice audio opened, reopened or closed the microphone. */
  setMicSource(track: MediaStreamTrack | null, held: HeldTrack | null = null): void {
    this.#source = track
    this.#heldSource = held
    this.#applyMic()
  }

  /**
   * Main's word (or HELD_RELEASE_CAP_MS without it): the events for everything captured before the held
   * track took over have been handed to the data channel. Once they have left it, the track goes on the
   * sender and plays what it held, and stays that far behind the microphone until the key goes up.
   */
  release(): void {
    const held = this.#held
    const sender = this.#sender
    if (!held || held.released || this.#ended || !sender) return
    held.released = true
    this.#clearReleaseTimer()
    this.#switching = this.#switching
      .then(() => this.#channelDrained())
      .then(() => sender.replaceTrack(held.track.track))
      .then(() => held.track.release())
      .catch((err: unknown) => this.#end('failed', `could not switch the microphone: ${messageOf(err)}`))
  }

  /** Main hung up: nothing to tell it. */
  close(): void {
    this.#finish()
  }

  /** The page hangs up on its own (the window goes away): main hears why. */
  abandon(reason: string): void {
    this.#end('closed', reason)
  }

  async stats(): Promise<RtcFigures> {
    const connected = this.connected
    try {
      if (!this.#pc) throw new Error('no peer')
      return figuresFromReport(await this.#pc.getStats(), connected)
    } catch {
      return figuresFromReport(new Map(), connected)
    }
  }

  async #makeOffer(pc: RTCPeerConnection): Promise<string | null> {
    let sdp: string | undefined
    try {
      await pc.setLocalDescription(await pc.createOffer())
      await iceGathered(pc, ICE_GATHER_CAP_MS)
      sdp = pc.localDescription?.sdp
    } catch (err) {
      this.#end('failed', `could not make the offer: ${messageOf(err)}`)
      return null
    }
    if (!sdp) this.#end('failed', 'the peer made no offer')
    return sdp ?? null
  }

  async #post(): Promise<void> {
    const pc = this.#pc
    const sdp = await this.#offer
    if (this.#ended || !pc || !sdp) return
    const answer = await this.deps.main.rtcOffer({ linkId: this.#linkId, sdp })
    if (this.#ended) return
    if (!answer.ok) {
      this.#end('failed', answer.error.message)
      return
    }
    try {
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.value.sdp })
    } catch (err) {
      this.#end('failed', `the service's answer was refused: ${messageOf(err)}`)
    }
  }

  #onChannelOpen(): void {
    if (this.#ended) return
    this.#connected = true
    for (const text of this.#queue.splice(0)) this.send(text)
    this.#report('connected')
    this.#quietTimer = setInterval(() => void this.#watchQuiet(), QUIET_POLL_MS)
  }

  /** What the service sent since the last look: nothing for long while the track carries = interrupted. */
  async #watchQuiet(): Promise<void> {
    const pc = this.#pc
    // A held track carries the press too once released, until key-up stops it.
    const held = this.#held
    const carrying = this.carriesMic || (held !== null && held.released && !held.stopped)
    this.#quiet.carrying(carrying, performance.now())
    if (!pc || this.#ended || !(carrying || this.#quiet.quiet)) return
    const received = heardCount(await pc.getStats().catch(() => new Map<string, unknown>()))
    if (received > this.#received) this.#quiet.heard(performance.now())
    this.#received = Math.max(this.#received, received)
    this.#quiet.check(performance.now())
  }

  /** Main hears of each change: it takes the press off the track, and gives it again when back. */
  #updateInterrupted(): void {
    const interrupted = this.#iceDown || this.#quiet.quiet
    if (interrupted === this.#interrupted || this.#ended || !this.#connected) return
    this.#interrupted = interrupted
    this.#report(interrupted ? 'interrupted' : 'connected')
  }

  #onMessage(data: unknown): void {
    if (this.#ended) return
    const text = messageText(data)
    if (text !== null) void this.deps.main.rtcMessage({ linkId: this.#linkId, text })
  }

  #onTrack(e: RTCTrackEvent): void {
    if (this.#ended || e.track.kind !== 'audio') return
    this.#stopRemote?.()
    // An answer without stream ids gives a track with no stream: wrap it in one.
    this.#stopRemote = this.deps.playRemote(e.streams[0] ?? new MediaStream([e.track]))
  }

  #onConnectionState(state: RTCPeerConnectionState): void {
    if (state === 'failed') this.#end('failed', 'the connection failed')
    else if (state === 'closed') this.#end('closed', 'the connection closed')
    else if (state === 'disconnected') {
      this.#disconnectedTimer ??= setTimeout(
        () => this.#end('failed', `disconnected for more than ${DISCONNECTED_GRACE_MS / 1000} s`),
        DISCONNECTED_GRACE_MS,
      )
      this.#iceDown = true
      this.#updateInterrupted()
    } else {
      this.#clearDisconnected()
      this.#iceDown = false
      this.#updateInterrupted()
    }
  }

  #hold(backlogMs: number): void {
    const track = this.#heldSource
    // Without a held track (no microphone yet) the clone takes over as before.
    if (!track || this.#held || this.#ended || this.#channel?.readyState !== 'open') return
    this.#held = { track, released: false, stopped: false, waiting: [] }
    track.hold(backlogMs)
    this.#releaseTimer = setTimeout(() => this.release(), HELD_RELEASE_CAP_MS + backlogMs)
  }

  /** Key-up on a held track: it takes no more frames, plays out, leaves the sender, then the events follow. */
  #stopHeld(): void {
    const held = this.#held
    const sender = this.#sender
    if (!held || held.stopped || !sender) return
    held.stopped = true
    void held.track.stop().then(() => {
      if (this.#ended || this.#held !== held) return
      this.#switching = this.#switching
        .then(() => sender.replaceTrack(null))
        .catch((err: unknown) => this.#end('failed', `could not switch the microphone: ${messageOf(err)}`))
        .finally(() => {
          if (this.#held !== held) return
          this.#held = null
          for (const text of held.waiting) this.send(text)
          this.#applyMic()
        })
    })
  }

  #clearReleaseTimer(): void {
    if (this.#releaseTimer !== null) clearTimeout(this.#releaseTimer)
    this.#releaseTimer = null
  }

  #applyMic(): void {
    const sender = this.#sender
    if (this.#ended || !sender) return
    // A held track has the sender for its press.
    const from = this.#micOn && !this.#held ? this.#source : null
    if (from === this.#sentFrom) return
    const previous = this.#sent
    // A clone, so this link can stop what it sends without closing the voice audio's microphone.
    const next = from ? from.clone() : null
    this.#sent = next
    this.#sentFrom = from
    // Taken off at once: from here on what is captured goes to main as audio events again.
    if (!next) this.#carrying = false
    // One switch at a time, in order; the old clone stops once it no longer goes out. The microphone
    // goes on the track only once the audio events main sent before it (the words said before the link
    // opened) have left the data channel: RTP overtaking them would reach the service first, and it
    // would hear the press out of order.
    this.#switching = this.#switching
      .then(() => (next ? this.#channelDrained() : undefined))
      .then(() => sender.replaceTrack(next))
      .then(() => {
        // Still the one going out (no later switch took it off meanwhile).
        if (next && this.#sent === next) this.#carrying = true
      })
      .catch((err: unknown) => this.#end('failed', `could not switch the microphone: ${messageOf(err)}`))
      .finally(() => previous?.stop())
  }

  /** Resolves once the channel holds nothing unsent, it is gone, or after CHANNEL_DRAIN_CAP_MS. */
  #channelDrained(): Promise<void> {
    const channel = this.#channel
    if (!channel || channel.readyState !== 'open' || channel.bufferedAmount === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const stop = new AbortController()
      const done = (): void => {
        stop.abort()
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(done, CHANNEL_DRAIN_CAP_MS)
      channel.bufferedAmountLowThreshold = 0
      const on = { signal: stop.signal }
      channel.addEventListener('bufferedamountlow', done, on)
      channel.addEventListener('close', done, on)
      this.#listening.signal.addEventListener('abort', done, on)
    })
  }

  #clearDisconnected(): void {
    if (this.#disconnectedTimer !== null) clearTimeout(this.#disconnectedTimer)
    this.#disconnectedTimer = null
  }

  #end(state: Ending, reason: string): void {
    if (this.#ended) return
    this.#report(state, reason)
    this.#finish()
  }

  #report(state: VoiceRtcState, reason?: string): void {
    if (this.linkId === 0) return
    const request =
      reason === undefined ? { linkId: this.#linkId, state } : { linkId: this.#linkId, state, reason }
    void this.deps.main.rtcState(request)
  }

  #finish(): void {
    if (this.#ended) return
    this.#ended = true
    this.#listening.abort()
    this.#clearDisconnected()
    if (this.#quietTimer !== null) clearInterval(this.#quietTimer)
    this.#clearReleaseTimer()
    this.#held?.track.cancel()
    this.#held = null
    this.#queue = []
    this.#stopRemote?.()
    this.#stopRemote = null
    this.#sent?.stop()
    this.#sent = null
    this.#sentFrom = null
    this.#channel?.close()
    this.#pc?.close()
    this.deps.onEnd()
  }
}

/** Text as it came; binary (`binaryType` is `arraybuffer`) as UTF-8; anything else is not an event. */
function messageText(data: unknown): string | null {
  if (typeof data === 'string') return data
  if (typeof data !== 'object' || data === null) return null
  try {
    return utf8.decode(data as ArrayBuffer)
  } catch {
    return null
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
