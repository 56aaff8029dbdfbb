// The price before the click: asked of main once typing pauses, for the whole choice; an answer to an
// earlier choice that arrives late is dropped, so the line never shows a price for text since changed.
import type { IpcError, ReaderChoice, ReaderEstimate } from '../../preload/contract'
import { loa, unwrap } from '../lib/bridge'
import { asIpcError } from './ipc-error'

/** Typing pauses this long before the price is asked for again. */
export const ESTIMATE_DEBOUNCE_MS = 150

export class ReaderEstimator {
  current: ReaderEstimate | null = $state.raw(null)
  error: IpcError | null = $state.raw(null)
  /** A question is waiting or out: the line shown may be about to change. */
  pending = $state(false)

  #seq = 0
  #timer: ReturnType<typeof setTimeout> | null = null

  /** Prices `choice` after the pause; nothing to read (or no model) clears the line. */
  schedule(choice: ReaderChoice | null): void {
    this.stop()
    const seq = ++this.#seq
    if (!choice || choice.text.trim() === '') {
      this.current = null
      this.error = null
      this.pending = false
      return
    }
    this.pending = true
    this.#timer = setTimeout(() => void this.#ask(choice, seq), ESTIMATE_DEBOUNCE_MS)
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  async #ask(choice: ReaderChoice, seq: number): Promise<void> {
    try {
      const estimate = await unwrap(loa.tts.estimate(choice))
      if (seq !== this.#seq) return
      this.current = estimate
      this.error = null
    } catch (err) {
      if (seq === this.#seq) this.error = asIpcError(err)
    } finally {
      if (seq === this.#seq) this.pending = false
    }
  }
}
