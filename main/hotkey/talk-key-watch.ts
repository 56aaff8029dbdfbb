// The welcome's "hold it now" test of the talk key. While it is open the key's downs and ups are reported to
// the window instead of starting a conversation, so trying the key opens no session and costs nothing.
import { systemTimers, type TalkTarget, type Timers } from './hold-to-talk'

/**
 * A test left open (the window closed on it) must not keep the talk key from voice chat for long: it ends by
 * itself after this long, and the step's "try again" opens it anew.
 */
export const TALK_KEY_WATCH_MS = 2 * 60_000

export interface TalkKeyWatchOptions {
  /** Where the key goes when no test is open. */
  voice: TalkTarget
  /** The key went down (true) or up (false) while the test was open. */
  report: (down: boolean) => void
  timers?: Timers
}

export class TalkKeyWatch implements TalkTarget {
  readonly #opts: TalkKeyWatchOptions
  #timer: unknown = null
  /** Which side had the last press, so its release goes to the same side even if the test closed between. */
  #pressedInto: 'voice' | 'test' | null = null

  readonly #timers: Timers

  constructor(opts: TalkKeyWatchOptions) {
    this.#opts = opts
    this.#timers = opts.timers ?? systemTimers
  }

  get watching(): boolean {
    return this.#timer !== null
  }

  /** Opens (or renews) the test, or closes it. */
  watch(on: boolean): void {
    this.#stopTimer()
    if (!on) return
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null
    }, TALK_KEY_WATCH_MS)
  }

  press(): void {
    if (this.watching) {
      this.#pressedInto = 'test'
      this.#opts.report(true)
      return
    }
    this.#pressedInto = 'voice'
    this.#opts.voice.press()
  }

  release(): void {
    const into = this.#pressedInto ?? (this.watching ? 'test' : 'voice')
    this.#pressedInto = null
    if (into === 'test') this.#opts.report(false)
    else this.#opts.voice.release()
  }

  dispose(): void {
    this.#stopTimer()
  }

  #stopTimer(): void {
    if (this.#timer === null) return
    this.#timers.clearTimeout(this.#timer)
    this.#timer = null
  }
}
