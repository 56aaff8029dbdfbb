// Captions of both sides, by item. The user's transcript may arrive before, during or after the answer
// (realtime-protocols.md §2.6: "place it by item_id, not by arrival order"), as appended chunks or as
// cumulative replacements; the UI gets the whole text so far every time, so it only ever sets it.
import { RecentMap } from './adapters/recent'
import type { EngineEvent } from './engine-events'
import type { RealtimeEventOf } from './events'

/** Items that can still receive text: the last few turns of either side. */
const RECENT_ITEMS = 16

type Caption = Extract<EngineEvent, { type: 'caption' }>

export class Captions {
  readonly #user = new RecentMap<string, string>(RECENT_ITEMS)
  readonly #assistant = new RecentMap<string, string>(RECENT_ITEMS)

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

  #assistantCaption(
    e: { itemId: string; responseId: string; cancelled: boolean },
    text: string,
    delta: string,
    final: boolean,
  ): Caption {
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
