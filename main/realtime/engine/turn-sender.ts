// The user's side of push-to-talk: what happens between key-down and key-up, and on the way out.
// Microphone frames become 20 ms PCM16 frames (UplinkFramer); they, and the turn's start and end, queue
// in the outbox, which sends them on whatever socket is open; a copy of each turn stays in the journal
// until the model has answered it, so a session that dies under it can be given the whole turn again
// (over WebRTC as well, where the press's audio went on the media track rather than through the outbox).
import { INPUT_RATE_HZ, type RealtimeCommand } from './events'
import type { WireProtocol } from '../adapters/adapter'
import { UplinkFramer } from './uplink-framer'
import type { EngineClock } from './engine-clock'
import { Outbox, type OutboxEntry, type OutboxSink } from '../link/outbox'
import { TurnJournal, type JournalTurn } from './turn-journal'

/** Model-R refuses to commit less than 100 ms ("input_audio_buffer_commit_empty"). */
export const MIN_TURN_MS = 100
const MIN_TURN_SAMPLES = (INPUT_RATE_HZ * MIN_TURN_MS) / 1000
/**
 * ~0.75 s of 16 kHz audio as base64 JSON not yet known to have arrived. After a stall it all arrives at
 * once, and the pacer's 1 s burst follows: together under the service's 2 s allowance (close 4413).
 */
const MAX_IN_FLIGHT_BYTES = 32 * 1024

export interface TurnSenderOptions {
  burstMs: number
  maxQueuedAudioMs: number
  /** Turns are found by the service: the key only opens and closes the microphone. */
  handsFree: boolean
}

export interface TurnSenderHooks {
  /** A turn's end-of-turn message left on the socket. */
  sent(turnId: number, audioMs: number): void
  /**
   * WebRTC: the media track may (or may no longer) carry the microphone. `held`: the press so far went as
   * events, so the track's audio must wait in the page until `trackReleased`; `backlogMs` of audio events
   * are still to be sent before that (paced, so the wait grows with it).
   */
  trackLive(live: boolean, held: boolean, backlogMs: number): void
  /** WebRTC: the events for everything captured before the track took over have been sent. */
  trackReleased?(): void
  /** Held audio went over its cap. */
  dropped(audioMs: number): void
}

export type TurnOutcome =
  | { phase: 'committed'; turnId: number; audioMs: number }
  | { phase: 'discarded'; turnId: number; audioMs: number }
  /** Hands-free: the microphone closed; the service decides the turns. */
  | { phase: 'micClosed'; turnId: number; audioMs: number }

/**
 * How far ahead of real time audio events may run on a WebRTC data channel: the words said before the
 * link opened, or a turn given again to a new session. The spec sets no limit there, but a service that
 * paces the channel as it paces a WebSocket (the demo allows 2 s, then drops the peer) would refuse a
 * longer burst, so a pre-roll or resent turn up to this long leaves at once (the track takes over during
 * the same press) and a longer one goes at real time after it. The tenth under 2 s is for frames that
 * arrive bunched; every ms under it delays the answer to a long pre-roll by as much.
 */
export const DATA_CHANNEL_LEAD_MS = 1_800

/**
 * How a socket that just opened takes the turns held for it. Model-R can clear its input buffer, so a
 * resumed link gets the press again whole, over WebRTC too: the old track's RTP that the service got is
 * cleared with the rest, and the journal holds every frame the track carried, which goes as audio events.
 */
export function resumeKind(link: {
  resumed: boolean
  wire: WireProtocol
}): 'new' | 'resumedClearable' | 'resumed' {
  return link.resumed ? resumedKind(link.wire) : 'new'
}

/** The same session on a new socket, or on an interrupted link that came back. */
export function resumedKind(wire: WireProtocol): 'resumedClearable' | 'resumed' {
  return wire === 'model-r' ? 'resumedClearable' : 'resumed'
}

export class TurnSender {
  readonly #framer = new UplinkFramer()
  readonly #journal: TurnJournal
  readonly #outbox: Outbox
  /** Audio length of committed turns whose end has not left yet. */
  readonly #committedAudioMs = new Map<number, number>()
  #turnId: number | null = null
  #turnSamples = 0
  #seq = 0
  /** WebRTC: the session's audio travels on a media track. */
  #audioOnTrack = false
  /** The track carries the microphone now, so captured audio is only counted here. */
  #trackLive = false
  /** The page's word on the latest capture: its track carried it (see `capture`). */
  #capturedOnTrack = false
  /**
   * The track took over mid-press (`held`): the page keeps its audio back until told that the events for
   * what was captured before it have been sent, or RTP would overtake them. `waiting`: not all of those
   * have reached main yet; `sending`: they are queued, and the word goes once they have left.
   */
  #handover: 'none' | 'waiting' | 'sending' = 'none'
  /** `sending`: the newest command queued at the switch (null: none was waiting). */
  #releaseAfter: OutboxEntry | null = null
  /** The WebSocket's pacing allowance, halved after a 4413; a data channel has its own lead. */
  #socketBurstMs: number
  /** The socket last attached: an interrupted WebRTC link comes back on it. */
  #socket: { sink: OutboxSink; encode: (command: RealtimeCommand) => string[] } | null = null

  constructor(
    clock: EngineClock,
    private readonly options: TurnSenderOptions,
    private readonly hooks: TurnSenderHooks,
  ) {
    this.#socketBurstMs = options.burstMs
    this.#journal = new TurnJournal(options.maxQueuedAudioMs)
    this.#outbox = new Outbox(clock, {
      burstMs: options.burstMs,
      maxQueuedAudioMs: options.maxQueuedAudioMs,
      maxInFlightBytes: MAX_IN_FLIGHT_BYTES,
      onSent: (entry) => this.#sent(entry),
      onDropped: (ms) => hooks.dropped(ms),
    })
  }

  get pressed(): boolean {
    return this.#turnId !== null
  }

  /** Something still has to reach the service: a turn in progress, or one not yet sent. */
  get pending(): boolean {
    return this.pressed || this.#journal.turns().length > 0
  }

  get idle(): boolean {
    return this.#outbox.length === 0
  }

  /**
   * A socket is open. `new`: it belongs to a new session, which gets every unanswered turn again.
   * `resumedClearable`: the same session after a drop, on a protocol whose input buffer can be cleared:
   * the audio in flight when the old socket died may or may not have arrived (the service acknowledges
   * none), so the press is given again from its start after a clear, heard once and whole.
   * `resumed`: the same session, nothing sent again (Live-type has no clear: resending could be heard twice).
   */
  attach(
    sink: OutboxSink,
    encode: (command: RealtimeCommand) => string[],
    how: 'new' | 'resumedClearable' | 'resumed',
  ): void {
    if (how === 'new') this.#replayJournal()
    if (how === 'resumedClearable') this.#restartPresses()
    this.#socket = { sink, encode }
    this.#outbox.attach(sink, encode)
    this.#goLive()
  }

  /**
   * The WebRTC link stalled (detach) and came back on the same peer. What the track carried meanwhile
   * went nowhere, and no one can say from what sample: the service acknowledges no RTP. So, as on a
   * resumed socket, the open presses go again whole after a clear; the track was taken off at the stall,
   * so no RTP of theirs can follow the clear, and it takes over again once they have left (see attach).
   */
  restore(how: 'resumedClearable' | 'resumed'): void {
    const socket = this.#socket
    if (!socket || this.#outbox.attached) return
    this.attach(socket.sink, socket.encode, how)
  }

  detach(): void {
    this.#outbox.detach()
    this.#setTrackLive(false)
  }

  /**
   * The session's audio travels on a media track, which carries nothing until the link is open. What was
   * captured before (the first words of a press that opened the session, or said while a dropped link
   * came back) goes as audio events first, in order; once they have left, the track takes over.
   */
  setAudioOnTrack(on: boolean): void {
    this.#audioOnTrack = on
    this.#outbox.setBurstMs(on ? DATA_CHANNEL_LEAD_MS : this.#socketBurstMs)
    if (!on) this.#setTrackLive(false)
  }

  setBurstMs(burstMs: number): void {
    this.#socketBurstMs = burstMs
    if (!this.#audioOnTrack) this.#outbox.setBurstMs(burstMs)
  }

  /** Goes out before the turn's audio: a barge-in. */
  send(command: RealtimeCommand): void {
    this.#outbox.push(command)
  }

  begin(): void {
    const id = ++this.#seq
    this.#turnId = id
    this.#turnSamples = 0
    this.#framer.reset()
    if (!this.options.handsFree) {
      this.#journal.open(id)
      this.#outbox.push({ type: 'startTurn' }, id)
    }
    // Pressed while an earlier turn's events still leave: the track takes this one now, held.
    this.#goLive()
  }

  capture(rateHz: number, samples: Float32Array, onTrack = false): void {
    if (this.#turnId === null) return
    if (onTrack && !this.#capturedOnTrack && this.#trackLive) {
      // The first capture the track carries: what the framer still holds (a part-frame, the resampler's
      // delay) was captured before it, and goes as events; nothing is sent twice or skipped.
      for (const frame of this.#framer.end()) this.#queue(frame)
      this.#releaseWhenSent()
    }
    this.#capturedOnTrack = onTrack
    for (const frame of this.#framer.push(rateHz, samples)) this.#queue(frame)
  }

  /**
   * Key-up. `beforeCommit` runs just before the commit is queued: the commit may leave (and report
   * itself sent) inside the push.
   */
  finish(beforeCommit: () => void): TurnOutcome | null {
    const id = this.#turnId
    if (id === null) return null
    for (const frame of this.#framer.end()) this.#queue(frame)
    // The key went up before the page's first on-track capture arrived: what the track holds now is
    // after everything sent as events, and is released ahead of the commit.
    this.#releaseWhenSent()
    this.#turnId = null
    const audioMs = Math.round((this.#turnSamples * 1000) / INPUT_RATE_HZ)
    if (this.options.handsFree) {
      this.#outbox.push({ type: 'endAudioStream' })
      return { phase: 'micClosed', turnId: id, audioMs }
    }
    if (this.#turnSamples < MIN_TURN_SAMPLES) {
      this.#discard(id)
      return { phase: 'discarded', turnId: id, audioMs }
    }
    this.#journal.release(id)
    this.#committedAudioMs.set(id, audioMs)
    beforeCommit()
    this.#outbox.push({ type: 'commitTurn' }, id)
    return { phase: 'committed', turnId: id, audioMs }
  }

  /** The model answered: the turns sent so far need not be given to a new session again. */
  answered(): void {
    for (const id of this.#journal.forgetSent()) this.#committedAudioMs.delete(id)
  }

  /** Everything unsent is dropped: the session is over for good, or the conversation ended. */
  abandon(): void {
    this.#turnId = null
    this.#outbox.clear()
    this.#journal.clear()
    this.#committedAudioMs.clear()
  }

  #queue(frame: Int16Array): void {
    const id = this.#turnId as number
    this.#turnSamples += frame.length
    // Journaled even while the track carries it: a session cut before the answer gets it again as events.
    if (!this.options.handsFree) this.#journal.add(id, frame)
    // The track carried this frame: sent as an event too, the service would hear it twice. Until the
    // page says its track carries the microphone, frames go on as events even once main has handed the
    // press to the track: the switch takes the page a while (the data channel drains first), and what
    // is said meanwhile would be heard by nobody.
    if (this.#trackLive && this.#capturedOnTrack) return
    this.#outbox.push({ type: 'appendAudio', pcm16k: frame }, id)
  }

  /** A press under 100 ms: nothing of it reaches the model, and no empty commit is sent. */
  #discard(id: number): void {
    const nothingSent = this.#outbox.has(id, 'startTurn')
    this.#outbox.removeTurn(id)
    this.#journal.forget(id)
    // Model-R: drop what was appended. Live-type has no clear: the open activity simply continues.
    if (!nothingSent) this.#outbox.push({ type: 'clearInput' })
  }

  /**
   * A new session: every turn not yet answered on the old one is sent again, whole and in order. Over
   * WebRTC too: what the old session's track carried is in the journal, and goes as audio events on the
   * new data channel, as pre-roll does, before the new track takes over.
   */
  #replayJournal(): void {
    for (const turn of this.#journal.turns()) {
      this.#outbox.removeTurn(turn.id)
      // Every frame of it went over the journal's cap: an empty commit would only be refused.
      if (turn.released && turn.frames.length === 0) {
        this.#journal.forget(turn.id)
        continue
      }
      turn.sent = false
      this.#pushTurn(turn)
    }
  }

  #pushTurn(turn: JournalTurn): void {
    this.#outbox.push({ type: 'startTurn' }, turn.id)
    for (const frame of turn.frames) this.#outbox.push({ type: 'appendAudio', pcm16k: frame }, turn.id)
    if (turn.released) this.#outbox.push({ type: 'commitTurn' }, turn.id)
  }

  /**
   * The turns whose end has not left (the press in progress, or one released whose commit still waits)
   * are in the service's input buffer only in part. It is cleared and they go again whole, in order;
   * a turn already committed is in the conversation and is left alone.
   */
  #restartPresses(): void {
    const open = this.#journal.turns().filter((t) => !t.sent)
    if (open.length === 0) return
    for (const turn of open) this.#outbox.removeTurn(turn.id)
    this.#outbox.push({ type: 'clearInput' })
    for (const turn of open) this.#pushTurn(turn)
  }

  /**
   * The track may take the microphone. With a press in progress, at once, however much of it still waits
   * as events: from the switch on the backlog is finite (nothing new joins it), so it drains at the
   * channel's pace while the page holds the track's audio back until it has (`held`). Waiting for the
   * backlog to drain instead would never end during a press begun more than DATA_CHANNEL_LEAD_MS before
   * the link opened: the press grows as fast as the paced events leave. Between presses, only once the
   * events have gone: the next press goes straight onto the track, which must not overtake them.
   */
  #goLive(): void {
    if (!this.#audioOnTrack || this.#trackLive || !this.#outbox.attached) return
    if (this.#turnId === null && this.#outbox.holdsAudio()) return
    this.#setTrackLive(true)
  }

  #setTrackLive(live: boolean): void {
    if (this.#trackLive === live) return
    this.#trackLive = live
    // Mid-press, with some of it sent or still to go as events (or an earlier turn's): the track starts
    // from the page's next frame and holds its audio back until `#releaseIfSent`.
    const held = live && this.#turnId !== null && (this.#turnSamples > 0 || this.#outbox.holdsAudio())
    this.#handover = held ? 'waiting' : 'none'
    this.#releaseAfter = null
    this.#capturedOnTrack = false
    this.hooks.trackLive(live, held, held ? Math.round(this.#outbox.queuedAudioMs) : 0)
  }

  /** Everything queued so far was captured (or said) before the switch: the word goes once it has left. */
  #releaseWhenSent(): void {
    if (this.#handover !== 'waiting') return
    this.#handover = 'sending'
    this.#releaseAfter = this.#outbox.newest
    this.#releaseIfSent(null)
  }

  /**
   * The word follows the last command queued before the switch on the same path, so the page has sent
   * them all: an earlier turn's commit too, which the track's audio must not overtake either.
   */
  #releaseIfSent(sent: OutboxEntry | null): void {
    if (this.#handover !== 'sending') return
    const last = this.#releaseAfter
    if (last !== null && sent !== last && this.#outbox.length > 0) return
    this.#handover = 'none'
    this.#releaseAfter = null
    this.hooks.trackReleased?.()
  }

  #sent(entry: OutboxEntry): void {
    // Between presses the track waits for the last audio; a press has taken it already (attach, begin).
    if (entry.command.type === 'appendAudio' && !this.#outbox.holdsAudio()) this.#goLive()
    this.#releaseIfSent(entry)
    if (entry.command.type !== 'commitTurn' || entry.turnId === null) return
    // Kept until the answer comes (answered()): a session cut before it gets the turn again.
    this.#journal.markSent(entry.turnId)
    this.hooks.sent(entry.turnId, this.#committedAudioMs.get(entry.turnId) ?? 0)
  }
}
