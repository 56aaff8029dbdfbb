// The WebRTC links main asked this page for, by id: main's commands go to their link, and what every link
// shares goes to all of them: the open microphone's track and the output device.
import type { VoiceRtcCommand } from '../../preload/contract'
import type { HeldTrack } from './held-track'
import { RemoteAudioOutput } from './remote-audio'
import { RtcPeer, type RtcMain } from './rtc-peer'
import { addFigures, NO_LINKS, type RtcFigures } from './rtc-stats'

/** Where the service's voice plays (RemoteAudioOutput in the app). */
export type RtcOutput = Pick<RemoteAudioOutput, 'play' | 'setSink'>

export interface RtcLinksDeps {
  main: RtcMain
  /** No ICE servers: the service's answer lists candidates the page reaches directly. */
  createPeer?: () => RTCPeerConnection
  output?: RtcOutput
}

export class RtcLinks {
  readonly #peers = new Map<number, RtcPeer>()
  readonly #main: RtcMain
  readonly #createPeer: () => RTCPeerConnection
  readonly #output: RtcOutput
  #micSource: MediaStreamTrack | null = null
  #heldSource: HeldTrack | null = null
  /** A peer made ahead for the next link on its data channel, its offer gathered (main's `prepare`). */
  #spare: { peer: RtcPeer; dataChannel: string } | null = null

  constructor(deps: RtcLinksDeps) {
    this.#main = deps.main
    this.#createPeer = deps.createPeer ?? (() => new RTCPeerConnection())
    this.#output = deps.output ?? new RemoteAudioOutput()
  }

  get size(): number {
    return this.#peers.size
  }

  /** Some link's media track carries the microphone now: what is captured meanwhile goes out on it. */
  get micOnTrack(): boolean {
    for (const peer of this.#peers.values()) if (peer.carriesMic) return true
    return false
  }

  handle(command: VoiceRtcCommand): void {
    if (command.op === 'open') return this.#open(command.linkId, command.dataChannel)
    if (command.op === 'prepare') return this.#prepare(command.dataChannel)
    if (command.op === 'unprepare') return this.#dropSpare()
    const peer = this.#peers.get(command.linkId)
    if (!peer) return
    if (command.op === 'send') peer.send(command.text)
    else if (command.op === 'mic') peer.setMic(command.on, command.held === true, command.backlogMs ?? 0)
    else if (command.op === 'release') peer.release()
    else peer.close()
  }

  /**
   * The microphone the voice audio has open now (null: closed), and the same through its capture worklet
   * for a press the track takes over mid-way; links with the mic on follow it.
   */
  setMicSource(track: MediaStreamTrack | null, held: HeldTrack | null = null): void {
    this.#micSource = track
    this.#heldSource = held
    for (const peer of this.#peers.values()) peer.setMicSource(track, held)
    this.#spare?.peer.setMicSource(track, held)
  }

  setSink(sinkId: string): void {
    this.#output.setSink(sinkId)
  }

  async stats(): Promise<RtcFigures> {
    const each = await Promise.all([...this.#peers.values()].map((peer) => peer.stats()))
    return each.reduce(addFigures, NO_LINKS)
  }

  /** The page goes away: every link ends, and main hears why. */
  abandonAll(reason: string): void {
    this.#dropSpare()
    for (const peer of [...this.#peers.values()]) peer.abandon(reason)
  }

  #open(linkId: number, dataChannel: string): void {
    // Ids are main's and never reused; a repeated open is a mistake, and two peers for one link worse.
    if (this.#peers.has(linkId)) return
    const spare = this.#spare
    if (spare && spare.dataChannel === dataChannel && !spare.peer.ended) {
      this.#spare = null
      this.#peers.set(linkId, spare.peer)
      spare.peer.adopt(linkId)
      return
    }
    const peer = this.#newPeer(linkId)
    this.#peers.set(linkId, peer)
    peer.open(dataChannel)
  }

  /** One spare at a time; a renewed session on the same data channel keeps the spare it has. */
  #prepare(dataChannel: string): void {
    if (this.#spare?.dataChannel === dataChannel && !this.#spare.peer.ended) return
    this.#dropSpare()
    const peer = this.#newPeer(0)
    this.#spare = { peer, dataChannel }
    peer.prepare(dataChannel)
  }

  #dropSpare(): void {
    const spare = this.#spare
    this.#spare = null
    spare?.peer.close()
  }

  /** `linkId` 0: a spare, given its link when an `open` takes it. */
  #newPeer(linkId: number): RtcPeer {
    const peer: RtcPeer = new RtcPeer(linkId, {
      main: this.#main,
      createPeer: this.#createPeer,
      playRemote: (stream) => this.#output.play(stream),
      onEnd: () => {
        if (this.#spare?.peer === peer) this.#spare = null
        if (this.#peers.get(peer.linkId) === peer) this.#peers.delete(peer.linkId)
      },
    })
    peer.setMicSource(this.#micSource, this.#heldSource)
    return peer
  }
}
