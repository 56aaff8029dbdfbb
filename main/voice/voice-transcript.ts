// The conversation's lines as the user reads them: one per item, updated in place while it streams.
// Kept in main so a window opened later, or reloaded, shows the whole conversation. A user's caption can
// arrive after the answer to it has begun (live-type transcribes late), so each committed turn reserves
// its place in the order, and the turn's caption takes it when it comes.
import type { VoiceLine } from '../../preload/contract'
import type { ToolCallEvent } from '../realtime/engine/engine-events'

/** A long conversation keeps its latest lines; the oldest go first. */
const MAX_LINES = 2_000

export type CaptionEvent =
  | { role: 'user'; itemId: string; text: string; final: boolean }
  | { role: 'assistant'; itemId: string; text: string; final: boolean; cancelled: boolean }

export class VoiceTranscript {
  readonly #byItem = new Map<string, VoiceLine>()
  /** Orders held for committed turns whose caption has not arrived, oldest first. */
  readonly #reserved: number[] = []
  #nextOrder = 0

  constructor(private readonly now: () => number = Date.now) {}

  /** A turn was committed: its words come before any answer that starts from now on. */
  reserveTurn(): void {
    this.#reserved.push(this.#nextOrder++)
  }

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
    const order = (caption.role === 'user' ? this.#reserved.shift() : undefined) ?? this.#nextOrder++
    const line: VoiceLine = {
      role: caption.role,
      itemId: caption.itemId,
      order,
      text: caption.text,
      final: caption.final,
      cancelled,
      atMs: this.now(),
    }
    this.#byItem.set(line.itemId, line)
    if (this.#byItem.size > MAX_LINES) this.#dropOldest()
    return { ...line }
  }

  /** A tool call's card: added when the call starts, updated in place with its outcome. */
  applyTool(e: ToolCallEvent): VoiceLine | null {
    const itemId = `tool-${e.callId}`
    const existing = this.#byItem.get(itemId)
    if (!existing) {
      if (e.phase !== 'started') return null
      const tool = {
        name: e.name,
        arguments: e.arguments,
        state: 'running' as const,
        result: null,
        error: null,
      }
      const line: VoiceLine = {
        role: 'tool',
        tool,
        itemId,
        order: this.#nextOrder++,
        text: '',
        final: false,
        cancelled: false,
        atMs: this.now(),
      }
      this.#byItem.set(itemId, line)
      return { ...line, tool: { ...tool } }
    }
    const tool = existing.tool
    if (!tool || e.phase === 'started') return null
    if (e.phase === 'done') Object.assign(tool, { state: 'done', result: e.result })
    if (e.phase === 'failed') Object.assign(tool, { state: 'failed', error: e.error })
    if (e.phase === 'cancelled') Object.assign(tool, { state: 'cancelled' })
    existing.final = true
    existing.cancelled = e.phase === 'cancelled'
    return { ...existing, tool: { ...tool } }
  }

  lines(): VoiceLine[] {
    return [...this.#byItem.values()].sort((a, b) => a.order - b.order).map((l) => ({ ...l }))
  }

  clear(): void {
    this.#byItem.clear()
    this.#reserved.length = 0
  }

  #dropOldest(): void {
    let oldest: VoiceLine | null = null
    for (const line of this.#byItem.values()) if (!oldest || line.order < oldest.order) oldest = line
    if (oldest) this.#byItem.delete(oldest.itemId)
  }
}
