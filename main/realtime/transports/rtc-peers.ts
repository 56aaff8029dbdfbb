// The WebRTC peers main keeps in a page (Chromium's own WebRTC holds the audio), one per link. Main
// tells the page what to do through `VoiceRtcCommand`s; the page's answers (its SDP offer, data channel
// messages, state changes) come back here by link id and go to the link's owner, the transport. Main
// also decides when the microphone goes out on the track: while the talk key is down.
import type { VoiceRtcCommand, VoiceRtcState } from '../../../preload/contract'
import { AppError } from '../../errors'

/** The page that holds the peers, as main sees it. */
export interface RtcPage {
  /** A page that can hold a peer is open. */
  readonly available: boolean
  command(command: VoiceRtcCommand): void
}

/** What a link's owner hears from the page. */
export interface PeerLinkHandlers {
  /** The page's SDP offer; resolves with the service's answer. */
  offer(sdp: string): Promise<string>
  message(text: string): void
  state(state: VoiceRtcState, reason: string | null): void
}

export class RtcPeers {
  readonly #links = new Map<number, PeerLinkHandlers>()
  #nextId = 1
  #micOn = false
  #keyDown = false
  #trackLive = false
  /** The track took over mid-press and holds its audio until `releaseTrack` (see VoiceRtcCommand). */
  #held = false
  /** The audio events main still had to send when the held track took over. */
  #backlogMs = 0

  constructor(private readonly page: RtcPage) {}

  get available(): boolean {
    return this.page.available
  }

  get micOn(): boolean {
    return this.#micOn
  }

  /** Asks the page for a new peer; returns its link id. */
  open(dataChannel: string, handlers: PeerLinkHandlers): number {
    const linkId = this.#nextId++
    this.#links.set(linkId, handlers)
    this.page.command({ op: 'open', linkId, dataChannel })
    if (this.#micOn) this.page.command(this.#micCommand(linkId, true))
    return linkId
  }

  /**
   * A session was created ahead of the press: the page makes its peer and offer now, so the press waits
   * for neither ICE gathering nor the offer. Nothing is sent to the service, so nothing bills.
   */
  prepare(dataChannel: string): void {
    if (this.page.available) this.page.command({ op: 'prepare', dataChannel })
  }

  /** The session made ready is gone (renewed, discarded): so is its spare peer. */
  unprepare(): void {
    if (this.page.available) this.page.command({ op: 'unprepare' })
  }

  send(linkId: number, text: string): boolean {
    if (!this.#links.has(linkId)) return false
    this.page.command({ op: 'send', linkId, text })
    return true
  }

  close(linkId: number): void {
    if (!this.#links.delete(linkId)) return
    this.page.command({ op: 'close', linkId })
  }

  /** The talk key went down or up. */
  setKeyDown(down: boolean): void {
    this.#keyDown = down
    this.#setMic()
  }

  /**
   * The engine's `track` event: what was said before the link opened has been sent as events, so the
   * track may carry the rest (or the link is gone).
   */
  setTrackLive(live: boolean, held = false, backlogMs = 0): void {
    this.#trackLive = live
    this.#held = live && held
    this.#backlogMs = this.#held ? backlogMs : 0
    this.#setMic()
  }

  /** The events sent before a held track took over have all gone to the page: its audio may follow. */
  releaseTrack(): void {
    if (!this.#held) return
    this.#held = false
    for (const linkId of this.#links.keys()) this.page.command({ op: 'release', linkId })
  }

  /** Every peer's microphone goes out while the key is down and the track may carry it. */
  #setMic(): void {
    const on = this.#keyDown && this.#trackLive
    if (on === this.#micOn) return
    this.#micOn = on
    for (const linkId of this.#links.keys()) this.page.command(this.#micCommand(linkId, on))
  }

  #micCommand(linkId: number, on: boolean): VoiceRtcCommand {
    return on && this.#held
      ? { op: 'mic', linkId, on, held: true, backlogMs: this.#backlogMs }
      : { op: 'mic', linkId, on }
  }

  // ---- From the page -------------------------------------------------------------------------------

  async offer(linkId: number, sdp: string): Promise<{ sdp: string }> {
    return { sdp: await this.#link(linkId).offer(sdp) }
  }

  message(linkId: number, text: string): void {
    this.#links.get(linkId)?.message(text)
  }

  state(linkId: number, state: VoiceRtcState, reason: string | null): void {
    const link = this.#links.get(linkId)
    if (!link) return
    // An interrupted peer is still the link's: it may come back.
    if (state === 'failed' || state === 'closed') this.#links.delete(linkId)
    link.state(state, reason)
  }

  #link(linkId: number): PeerLinkHandlers {
    const link = this.#links.get(linkId)
    // A late offer of a peer main already gave up: the page closes it.
    if (!link) throw new AppError('not_found', `No WebRTC link ${linkId}.`)
    return link
  }
}
