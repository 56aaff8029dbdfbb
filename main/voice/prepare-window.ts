// When a voice session made ready ahead (main/realtime/link/prepared-session.ts) is worth its renewals: a
// press is likely while the Voice view is shown, and for a while after the user last talked or looked at
// it while the talk hotkey is armed. A hotkey armed for days with no conversation keeps nothing ready:
// each renewal is a create on the account's 60-a-minute budget, and ready sessions show in its history.
import { Timer, type EngineClock } from '../realtime/engine/engine-clock'

/** A press is likely within this long of the last conversation, or of the Voice view being left. */
export const PREPARE_LINGER_MS = 10 * 60_000

export class PrepareWindow {
  readonly #clock: EngineClock
  readonly #lingerMs: number
  readonly #expiry: Timer
  #viewShown = false
  #hotkeyArmed = false
  #lingerUntilMs = Number.NEGATIVE_INFINITY

  /** `changed` runs whenever `wanted` may have changed (including when the linger runs out). */
  constructor(
    clock: EngineClock,
    private readonly changed: () => void,
    lingerMs = PREPARE_LINGER_MS,
  ) {
    this.#clock = clock
    this.#lingerMs = lingerMs
    this.#expiry = new Timer(clock)
  }

  get wanted(): boolean {
    if (this.#viewShown) return true
    return this.#hotkeyArmed && this.#clock.now() < this.#lingerUntilMs
  }

  get viewShown(): boolean {
    return this.#viewShown
  }

  setViewShown(shown: boolean): void {
    if (shown === this.#viewShown) return
    this.#viewShown = shown
    if (!shown) this.#linger()
    this.changed()
  }

  /** Arming the key (at start-up or after a change) counts as a sign of use. */
  setHotkeyArmed(armed: boolean): void {
    if (armed === this.#hotkeyArmed) return
    this.#hotkeyArmed = armed
    if (armed) this.#linger()
    this.changed()
  }

  /** A conversation ended (or was used): the next press is likely soon. */
  used(): void {
    this.#linger()
    this.changed()
  }

  dispose(): void {
    this.#expiry.cancel()
  }

  #linger(): void {
    this.#lingerUntilMs = this.#clock.now() + this.#lingerMs
    this.#armExpiry(this.#lingerMs)
  }

  /** A timer may fire a little before its time by the clock (Node's loop keeps whole milliseconds): the
   *  linger then is not over yet, and the rest is waited out, so its end is never missed. */
  #armExpiry(ms: number): void {
    this.#expiry.arm(ms, () => {
      const leftMs = this.#lingerUntilMs - this.#clock.now()
      if (leftMs > 0) return this.#armExpiry(leftMs + 1)
      this.changed()
    })
  }
}
