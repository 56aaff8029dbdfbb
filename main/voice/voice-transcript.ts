// The conversation's lines as the user reads them: one per item, updated in place while it streams, in
// the order items began. Kept in main so a window opened later, or reloaded, shows the whole conversation.
import type { VoiceLine } from '../../preload/contract'

/** A long conversation keeps its latest lines; the oldest go first. */
const MAX_LINES = 2_000

export type CaptionEvent =
  | { role: 'user'; itemId: string; text: string; final: boolean }
  | { role: 'assistant'; itemId: string; text: string; final: boolean; cancelled: boolean }

export class VoiceTranscript {
  readonly #lines: VoiceLine[] = []
  readonly #byItem = new Map<string, VoiceLine>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Adds or updates the item's line; returns it, or null when nothing changed. */
  apply(caption: CaptionEvent): VoiceLine | null {
    const cancelled = caption.role === 'assistant' && caption.cancelled
    const existing = this.#byItem.get(caption.itemId)
    if (existing) {
      const same =
        existing.text === caption.text && existing.final === caption.final && existing.cancelled === cancelled
      if (same) return null
      existing.text = caption.text
      existing.final = caption.final
      existing.cancelled = cancelled
      return { ...existing }
    }
    const line: VoiceLine = {
      role: caption.role,
      itemId: caption.itemId,
      text: caption.text,
      final: caption.final,
      cancelled,
      atMs: this.now(),
    }
    this.#lines.push(line)
    this.#byItem.set(line.itemId, line)
    if (this.#lines.length > MAX_LINES) {
      const dropped = this.#lines.shift() as VoiceLine
      this.#byItem.delete(dropped.itemId)
    }
    return { ...line }
  }

  lines(): VoiceLine[] {
    return this.#lines.map((l) => ({ ...l }))
  }

  clear(): void {
    this.#lines.length = 0
    this.#byItem.clear()
  }
}
