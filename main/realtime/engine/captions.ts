// Captions of both sides, by item. The user's transcript may arrive before, during or after the answer
// (realtime-protocols.md §2.6: "place it by item_id, not by arrival order"), as appended chunks or as
// cumulative replacements; the UI gets the whole text so far every time, so it only ever sets it.
import { RecentMap } from '../adapters/recent'
import type { EngineEvent } from './engine-events'
import type { RealtimeEventOf } from './events'

/** Items that can still receive text: the last few turns of either side. */
const RECENT_ITEMS = 16

type Caption = Extract<EngineEvent, { type: 'caption' }>

export class Captions {
  readonly #user = new RecentMap<string, string>(RECENT_ITEMS)
  readonly #assistant = new RecentMap<string, string>(RECENT_ITEMS)
  readonly #responseOf = new RecentMap<string, string>(RECENT_ITEMS)

  userDelta(e: RealtimeEventOf<'transcript.user.delta'>): Caption {
    const text = e.replace ? e.text : (this.#user.get(e.itemId) ?? '') + e.text
    this.#user.set(e.itemId, text)
    return { type: 'caption', role: 'user', itemId: e.itemId, text, final: false }
  }

  userFinal(e: RealtimeEventOf<'transcript.user.final'>): Caption {
    this.#user.set(e.itemId, e.text)
    return { type: 'caption', role: 'user', itemId: e.itemId, text: e.text, final: true }
  }

  assistantDelta(e: RealtimeEventOf<'transcript.assistant.delta'>): Caption {
    const text = (this.#assistant.get(e.itemId) ?? '') + e.text
    this.#assistant.set(e.itemId, text)
    return this.#assistantCaption(e, text, e.text, false)
  }

  assistantFinal(e: RealtimeEventOf<'transcript.assistant.final'>): Caption {
    this.#assistant.set(e.itemId, e.text)
    return this.#assistantCaption(e, e.text, '', true)
  }

  /**
   * The service cut the item at a barge-in. Over WebRTC the answer may have been generated in full long
   * before it was heard, so no cancelled text follows: the caption says so itself. Null for an item
   * without a caption.
   */
  assistantCut(itemId: string): Caption | null {
    const text = this.#assistant.get(itemId)
    const responseId = this.#responseOf.get(itemId)
    if (text === undefined || responseId === undefined) return null
    return this.#assistantCaption({ itemId, responseId, cancelled: true }, text, '', true)
  }

  #assistantCaption(
    e: { itemId: string; responseId: string; cancelled: boolean },
    text: string,
    delta: string,
    final: boolean,
  ): Caption {
    this.#responseOf.set(e.itemId, e.responseId)
    return {
      type: 'caption',
      role: 'assistant',
      itemId: e.itemId,
      responseId: e.responseId,
      text,
      delta,
      final,
      cancelled: e.cancelled,
    }
  }
}
