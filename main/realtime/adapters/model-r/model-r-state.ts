// What the Model-R adapter must remember between frames, and nothing more: which responses are running,
// which responses the client cancelled (their late deltas are dropped, realtime-protocols.md §2.6), how
// much audio each assistant item has received (a truncate may not go past it), and which command each
// client `event_id` was, so an `error` can name the command it answers.
import type { AdapterStats, MediaPath } from '../adapter'
import { RecentMap } from '../recent'
import { samplesToMs } from '../../../audio/pcm'
import { OUTPUT_RATE_HZ } from '../../engine/events'

const RECENT_RESPONSES = 32
const RECENT_ITEMS = 16
const RECENT_CLIENT_EVENTS = 64
const RECENT_CALLS = 32

export class ModelRState {
  /** `response.create` sent, `response.created` not yet received. */
  awaitingResponse = false
  /** An interrupt came while awaiting: the response about to be created is already cancelled. */
  cancelNextResponse = false
  lastAudioItemId: string | null = null
  /** Where the session's audio travels: in events, or on WebRTC media tracks. */
  media: MediaPath = 'socket'
  /** Created and not yet done; out-of-band responses can run beside the conversation's own. */
  readonly #running = new RecentMap<string, true>(RECENT_RESPONSES)
  readonly #cancelled = new RecentMap<string, true>(RECENT_RESPONSES)
  readonly #itemSamples = new RecentMap<string, number>(RECENT_ITEMS)
  readonly #clientEventTypes = new RecentMap<string, string>(RECENT_CLIENT_EVENTS)
  readonly #calls = new RecentMap<string, true>(RECENT_CALLS)
  readonly #callNames = new RecentMap<string, string>(RECENT_CALLS)
  #eventSeq = 0

  constructor(
    readonly stats: AdapterStats,
    private readonly idPrefix: string,
  ) {}

  invalid(): void {
    this.stats.invalidEvents++
  }

  started(responseId: string): void {
    this.#running.set(responseId, true)
  }

  done(responseId: string): void {
    this.#running.delete(responseId)
  }

  runningIds(): string[] {
    return this.#running.keys()
  }

  cancel(responseId: string): void {
    this.#cancelled.set(responseId, true)
  }

  isCancelled(responseId: string): boolean {
    return this.#cancelled.has(responseId)
  }

  addAudio(itemId: string, samples: number): void {
    this.#itemSamples.set(itemId, (this.#itemSamples.get(itemId) ?? 0) + samples)
    this.lastAudioItemId = itemId
  }

  /** Whole ms of audio received for the item, or null when the item never received audio. */
  receivedMs(itemId: string): number | null {
    const samples = this.#itemSamples.get(itemId)
    return samples === undefined ? null : samplesToMs(samples, OUTPUT_RATE_HZ)
  }

  /** A client event as a JSON frame, with an `event_id` the server copies into `error.event_id`. */
  clientEvent(type: string, fields: Record<string, unknown> = {}): string {
    const eventId = `evt_${this.idPrefix}_${++this.#eventSeq}`
    this.#clientEventTypes.set(eventId, type)
    return JSON.stringify({ type, event_id: eventId, ...fields })
  }

  /**
   * A function call is announced up to three times (`function_call_arguments.done`, `output_item.done`,
   * `response.done`); true the first time its id is seen.
   */
  firstCall(callId: string): boolean {
    if (this.#calls.has(callId)) return false
    this.#calls.set(callId, true)
    return true
  }

  /** The name an `output_item.added` gave the call: beta's `function_call_arguments.done` has none. */
  nameCall(callId: string, name: string): void {
    this.#callNames.set(callId, name)
  }

  callName(callId: string): string | null {
    return this.#callNames.get(callId) ?? null
  }

  clientEventType(eventId: string): string | null {
    return this.#clientEventTypes.get(eventId) ?? null
  }
}
