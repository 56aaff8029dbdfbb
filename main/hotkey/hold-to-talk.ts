// The talk hotkey's state machine. In hold mode the keyboard hook's downs and ups drive it; in toggle mode each
// shortcut press flips it. Either way it presses and releases the talk target exactly once per turn.
import { matches, modifierOfKeycode, type Accelerator, type ModifierState } from './accelerator'

export interface TalkTarget {
  press(): void
  release(): void
}

export interface Timers {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * X11 repeats a held key as an up immediately followed by a down (both carry the same server time), so an up is
 * only a release once this long has passed without the down.
 */
export const REPEAT_GAP_MS = 40
/** No turn lasts this long: a missed key-up (a screen lock, a grab by another app) must not leave the mic open. */
export const STUCK_TIMEOUT_MS = 2 * 60_000
/** After a stuck release the key may still be down and repeating; a down after this much quiet is a new press. */
export const REPEAT_QUIET_MS = 1_000

export type TalkInputMode = 'hold' | 'toggle'

export interface HoldToTalkOptions {
  mode: TalkInputMode
  accelerator: Accelerator
  target: TalkTarget
  timers?: Timers
  /** A turn hit the stuck timeout and was released. */
  onStuck?: () => void
  repeatGapMs?: number
  stuckTimeoutMs?: number
  repeatQuietMs?: number
}

/**
 * `down`: pressed. `releasing`: the key went up, waiting out the auto-repeat gap. `stuck`: released by the
 * timeout while the key may still be down, so its repeats are ignored until it is let go.
 */
type State = 'idle' | 'down' | 'releasing' | 'stuck'

export class HoldToTalk {
  readonly mode: TalkInputMode
  readonly #accelerator: Accelerator
  readonly #target: TalkTarget
  readonly #timers: Timers
  readonly #onStuck: () => void
  readonly #repeatGapMs: number
  readonly #stuckTimeoutMs: number
  readonly #repeatQuietMs: number

  #state: State = 'idle'
  #releaseTimer: unknown = null
  #stuckTimer: unknown = null
  /** While stuck: when the key was last seen, and when it last went up. */
  #lastSeenAt = 0
  #upAt: number | null = null

  constructor(opts: HoldToTalkOptions) {
    this.mode = opts.mode
    this.#accelerator = opts.accelerator
    this.#target = opts.target
    this.#timers = opts.timers ?? systemTimers
    this.#onStuck = opts.onStuck ?? (() => {})
    this.#repeatGapMs = opts.repeatGapMs ?? REPEAT_GAP_MS
    this.#stuckTimeoutMs = opts.stuckTimeoutMs ?? STUCK_TIMEOUT_MS
    this.#repeatQuietMs = opts.repeatQuietMs ?? REPEAT_QUIET_MS
  }

  get pressed(): boolean {
    return this.#state === 'down' || this.#state === 'releasing'
  }

  /** From the hook: a key went down with these modifiers held. */
  keyDown(keycode: number, modifiers: ModifierState): void {
    if (this.mode !== 'hold' || !this.#accelerator.keycodes.includes(keycode)) return
    switch (this.#state) {
      case 'down':
        return // a repeat
      case 'releasing':
        // The up was half of an auto-repeat pair: the key never left.
        this.#clearRelease()
        this.#state = 'down'
        return
      case 'stuck':
        if (!this.#freshAfterStuck()) {
          this.#lastSeenAt = this.#timers.now()
          return
        }
        this.#state = 'idle'
        break
      case 'idle':
        break
    }
    if (matches({ keycode, ...modifiers }, this.#accelerator)) this.#press()
  }

  /** From the hook: a key went up. The talk key's up waits out the repeat gap; a needed modifier's up does not. */
  keyUp(keycode: number): void {
    if (this.mode !== 'hold') return
    if (this.#state === 'stuck') {
      if (this.#accelerator.keycodes.includes(keycode)) this.#upAt = this.#timers.now()
      return
    }
    if (!this.pressed) return
    const modifier = modifierOfKeycode(keycode)
    if (modifier && this.#accelerator.modifiers[modifier]) {
      this.#release()
      return
    }
    if (this.#state === 'down' && this.#accelerator.keycodes.includes(keycode)) {
      this.#state = 'releasing'
      this.#releaseTimer = this.#timers.setTimeout(() => {
        this.#releaseTimer = null
        this.#release()
      }, this.#repeatGapMs)
    }
  }

  /** From the registered shortcut, which reports presses only: in toggle mode each one starts or ends a turn. */
  toggle(): void {
    if (this.mode !== 'toggle') return
    if (this.pressed) this.#release()
    else this.#press()
  }

  /** Ends a turn in progress and forgets every timer: the hotkey is being replaced or shut down. */
  dispose(): void {
    const wasPressed = this.pressed
    this.#clearRelease()
    this.#clearStuck()
    this.#state = 'idle'
    if (wasPressed) this.#target.release()
  }

  #press(): void {
    this.#state = 'down'
    this.#stuckTimer = this.#timers.setTimeout(() => this.#stuck(), this.#stuckTimeoutMs)
    this.#target.press()
  }

  #release(): void {
    this.#clearRelease()
    this.#clearStuck()
    this.#state = 'idle'
    this.#target.release()
  }

  #stuck(): void {
    this.#stuckTimer = null
    this.#clearRelease()
    this.#state = this.mode === 'hold' ? 'stuck' : 'idle'
    this.#lastSeenAt = this.#timers.now()
    this.#upAt = null
    this.#target.release()
    this.#onStuck()
  }

  /** A down after the stuck release is a new press if the key was let go first, or has been quiet a while. */
  #freshAfterStuck(): boolean {
    const now = this.#timers.now()
    if (this.#upAt !== null && now - this.#upAt > this.#repeatGapMs) return true
    return now - this.#lastSeenAt >= this.#repeatQuietMs
  }

  #clearRelease(): void {
    if (this.#releaseTimer === null) return
    this.#timers.clearTimeout(this.#releaseTimer)
    this.#releaseTimer = null
  }

  #clearStuck(): void {
    if (this.#stuckTimer === null) return
    this.#timers.clearTimeout(this.#stuckTimer)
    this.#stuckTimer = null
  }
}
