// Turn state of the live-type adapter. The protocol has no ids, so each model turn gets a synthesized
// response id and item id, and each user utterance a user item id, stable for the adapter's life.
// A model turn starts with its first output or signal and ends with `turnComplete` (or `endTurnNow`).
// After an interrupt its audio is dropped until then, because late `serverContent` of the old turn can
// still arrive (realtime-protocols.md §3.4 "Interruption").
import type { RealtimeEvent, ResponseStatus, TextModality } from '../../engine/events'
import type { AdapterStats } from '../adapter'

interface UserItem {
  id: string
  /** `inputTranscription` chunks, appended. */
  confirmed: string
  /** The latest `interimInputTranscription`: cumulative, so each replaces the last. */
  interim: string
  finalised: boolean
  /** A model turn has started in answer to it. */
  answered: boolean
}

interface Turn {
  responseId: string
  itemId: string
  user: UserItem
  dropAudio: boolean
  serverInterrupted: boolean
  generationComplete: boolean
  audio: boolean
  audioDone: boolean
  text: Record<TextModality, string>
}

/** `turnCompleteReason` values other than these mean the model refused or failed the turn. */
const COMPLETED_REASONS: readonly string[] = ['TURN_COMPLETE_REASON_UNSPECIFIED']

export class LiveTurns {
  #turn: Turn | null = null
  #user: UserItem | null = null
  #lastResponseId: string | null = null
  /** Set by `endTurnNow`: end-of-turn signals that arrive before new output belong to the closed turn. */
  #closedEarly = false
  #userSeq = 0
  #turnSeq = 0
  readonly #deferred: RealtimeEvent[] = []

  constructor(
    readonly stats: AdapterStats,
    private readonly idPrefix: string,
  ) {}

  /** For usage reports, which carry no id: the running turn, else the last one. */
  get responseId(): string | null {
    return this.#turn?.responseId ?? this.#lastResponseId
  }

  userText(text: string, finished: boolean, out: RealtimeEvent[]): void {
    const user = this.#openUser()
    if (text !== '') {
      const showingInterim = user.confirmed === '' && user.interim !== ''
      user.confirmed += text
      out.push({
        type: 'transcript.user.delta',
        itemId: user.id,
        text: showingInterim ? user.confirmed : text,
        replace: showingInterim,
      })
    }
    if (finished) this.#finalise(user, out)
  }

  /** Interim text is shown only until confirmed text arrives, which then replaces it. */
  userInterim(text: string, out: RealtimeEvent[]): void {
    const user = this.#openUser()
    if (user.confirmed !== '' || text === user.interim) return
    user.interim = text
    out.push({ type: 'transcript.user.delta', itemId: user.id, text, replace: true })
  }

  modelAudio(pcm: Int16Array, rateHz: number, out: RealtimeEvent[]): void {
    const turn = this.#ensureTurn(out)
    if (turn.dropAudio) {
      this.stats.droppedAudioDeltas++
      return
    }
    turn.audio = true
    if (pcm.length > 0)
      out.push({ type: 'audio.delta', responseId: turn.responseId, itemId: turn.itemId, pcm, rateHz })
  }

  modelText(text: string, modality: TextModality, out: RealtimeEvent[]): void {
    if (text === '') return
    const turn = this.#ensureTurn(out)
    turn.text[modality] += text
    const { responseId, itemId } = turn
    out.push({
      type: 'transcript.assistant.delta',
      responseId,
      itemId,
      text,
      modality,
      cancelled: turn.dropAudio,
    })
  }

  interrupted(out: RealtimeEvent[]): void {
    if (this.#closedEarly && this.#turn === null) return
    const turn = this.#ensureTurn(out)
    if (turn.serverInterrupted) return
    turn.serverInterrupted = true
    turn.dropAudio = true
    this.#finalise(turn.user, out)
    out.push({ type: 'response.ending', responseId: turn.responseId, signal: 'interrupted' })
  }

  generationComplete(out: RealtimeEvent[]): void {
    if (this.#closedEarly && this.#turn === null) return
    const turn = this.#ensureTurn(out)
    if (turn.generationComplete) return
    turn.generationComplete = true
    this.#audioDone(turn, out)
    out.push({ type: 'response.ending', responseId: turn.responseId, signal: 'generationComplete' })
  }

  turnComplete(reason: string | null, out: RealtimeEvent[]): void {
    if (this.#closedEarly && this.#turn === null) {
      this.#closedEarly = false
      return
    }
    this.#finish(this.#ensureTurn(out), reason, out)
  }

  /** The user started talking (server VAD): what they said before is a finished utterance. */
  userActivityStarted(out: RealtimeEvent[]): void {
    if (this.#user) this.#finalise(this.#user, out)
  }

  /** The client stopped playback: drop the running turn's audio until its `turnComplete`. */
  dropCurrentAudio(): void {
    if (this.#turn) this.#turn.dropAudio = true
  }

  /**
   * The client sent `activityStart`: a new utterance begins. Events this causes (the previous
   * utterance's final text) go out with the next received frame.
   */
  clientActivityStarted(): void {
    this.userActivityStarted(this.#deferred)
  }

  takeDeferred(): RealtimeEvent[] {
    return this.#deferred.splice(0)
  }

  endTurnNow(): RealtimeEvent[] {
    const out = this.takeDeferred()
    if (this.#turn === null) return out
    this.#finish(this.#turn, null, out)
    this.#closedEarly = true
    return out
  }

  #finish(turn: Turn, reason: string | null, out: RealtimeEvent[]): void {
    this.#audioDone(turn, out)
    const { responseId, itemId } = turn
    for (const modality of ['audio', 'text'] as const) {
      const text = turn.text[modality]
      if (text !== '') {
        out.push({
          type: 'transcript.assistant.final',
          responseId,
          itemId,
          text,
          modality,
          cancelled: turn.dropAudio,
        })
      }
    }
    // A user who already started the next utterance keeps it open.
    if (this.#user === turn.user) this.#finalise(turn.user, out)
    out.push({ type: 'response.done', responseId, status: turnStatus(turn, reason), reason })
    this.#lastResponseId = responseId
    this.#turn = null
  }

  #ensureTurn(out: RealtimeEvent[]): Turn {
    if (this.#turn) return this.#turn
    this.#closedEarly = false
    // The utterance being answered; transcripts may still arrive for it during the answer.
    const user = this.#user && !this.#user.answered ? this.#user : this.#newUser()
    user.answered = true
    const n = ++this.#turnSeq
    const turn: Turn = {
      responseId: `${this.idPrefix}-resp-${n}`,
      itemId: `${this.idPrefix}-item-${n}`,
      user,
      dropAudio: false,
      serverInterrupted: false,
      generationComplete: false,
      audio: false,
      audioDone: false,
      text: { audio: '', text: '' },
    }
    this.#turn = turn
    out.push(
      { type: 'turn.userCommitted', itemId: user.id },
      { type: 'response.started', responseId: turn.responseId },
    )
    return turn
  }

  #openUser(): UserItem {
    return this.#user && !this.#user.finalised ? this.#user : this.#newUser()
  }

  #newUser(): UserItem {
    const user = {
      id: `${this.idPrefix}-user-${++this.#userSeq}`,
      confirmed: '',
      interim: '',
      finalised: false,
      answered: false,
    }
    this.#user = user
    return user
  }

  #finalise(user: UserItem, out: RealtimeEvent[]): void {
    if (user.finalised) return
    user.finalised = true
    const text = (user.confirmed || user.interim).trim()
    if (text !== '') out.push({ type: 'transcript.user.final', itemId: user.id, text })
  }

  #audioDone(turn: Turn, out: RealtimeEvent[]): void {
    if (!turn.audio || turn.audioDone) return
    turn.audioDone = true
    out.push({
      type: 'audio.done',
      responseId: turn.responseId,
      itemId: turn.itemId,
      cancelled: turn.dropAudio,
    })
  }
}

function turnStatus(turn: Turn, reason: string | null): ResponseStatus {
  if (turn.dropAudio) return 'interrupted'
  if (reason === null || COMPLETED_REASONS.includes(reason)) return 'completed'
  return reason === 'NEED_MORE_INPUT' ? 'incomplete' : 'failed'
}
