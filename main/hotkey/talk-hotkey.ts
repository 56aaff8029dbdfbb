// The global talk hotkey, whole: reads the accelerator, decides the mode, registers the shortcut, runs the
// keyboard hook for hold mode, and says what it managed as a HotkeyStatus. Electron comes in through ports.
import type { HotkeyStatus } from '../../preload/contract'
import { parseAccelerator, type Accelerator, type HookKeyEvent } from './accelerator'
import { HoldToTalk, type TalkTarget, type Timers } from './hold-to-talk'
import type { ModeDecision } from './hotkey-mode'
import { HOOK_FAILED, type HookLoader, type KeyboardHook } from './uiohook-loader'

/** Electron's globalShortcut, as far as the hotkey needs it. */
export interface ShortcutPort {
  /** False when another application holds the shortcut. */
  register(accelerator: string, callback: () => void): boolean
  unregister(accelerator: string): void
}

export interface TalkHotkeyOptions {
  platform: NodeJS.Platform
  /** Asked on every apply: a permission granted since the last one may change the answer. */
  decideMode: () => ModeDecision
  loader: HookLoader
  shortcuts: ShortcutPort
  target: TalkTarget
  onStatus?: (status: HotkeyStatus) => void
  /** Things worth a line in the log: a hook that failed, a turn that got stuck. */
  log?: (message: string) => void
  timers?: Timers
}

export class TalkHotkey {
  readonly #opts: TalkHotkeyOptions
  #machine: HoldToTalk | null = null
  #registered: string | null = null
  #hook: KeyboardHook | null = null
  #status: HotkeyStatus | null = null
  #queue: Promise<unknown> = Promise.resolve()
  #disposed = false

  readonly #onKeyDown = (e: HookKeyEvent) => this.#machine?.keyDown(e.keycode, e)
  readonly #onKeyUp = (e: HookKeyEvent) => this.#machine?.keyUp(e.keycode)

  constructor(opts: TalkHotkeyOptions) {
    this.#opts = opts
  }

  /** The last status applied, or null before the first. */
  get status(): HotkeyStatus | null {
    return this.#status
  }

  /** Replaces whatever hotkey is active with this one. Calls run one after another, in order. */
  apply(accelerator: string): Promise<HotkeyStatus> {
    const next = this.#queue.then(() => this.#apply(accelerator))
    this.#queue = next.catch(() => {})
    return next
  }

  /** Unregisters the shortcut and stops the hook; a turn in progress is released. */
  dispose(): void {
    this.#disposed = true
    this.#teardown()
    this.#stopHook()
  }

  async #apply(text: string): Promise<HotkeyStatus> {
    this.#teardown()
    const status = await this.#activate(text)
    if (!this.#disposed) {
      this.#status = status
      this.#opts.onStatus?.(status)
    }
    return status
  }

  async #activate(text: string): Promise<HotkeyStatus> {
    const parsed = parseAccelerator(text, this.#opts.platform)
    if (!parsed.ok) {
      this.#stopHook()
      return invalid(text, parsed.error)
    }
    let decision = this.#opts.decideMode()
    if (decision.mode === 'hold') {
      const loaded = await this.#opts.loader.load(decision)
      if (this.#disposed) return status(text, { mode: 'none', reasonKey: decision.reasonKey })
      if (loaded.detail) this.#opts.log?.(`global hotkey: ${loaded.detail}`)
      decision = loaded.hook && !this.#startHook(loaded.hook) ? HOOK_FAILED : loaded.decision
    }
    if (decision.mode !== 'hold') this.#stopHook()
    if (decision.mode === 'none') return status(text, decision)
    return this.#register(text, parsed.accelerator, decision)
  }

  /**
   * Hold mode registers the shortcut too: the keystroke then stops at Loa instead of reaching the focused app,
   * and a shortcut another app holds shows up as a refusal. The hook alone drives hold mode.
   */
  #register(text: string, accelerator: Accelerator, decision: ModeDecision): HotkeyStatus {
    const machine = new HoldToTalk({
      mode: decision.mode === 'hold' ? 'hold' : 'toggle',
      accelerator,
      target: this.#opts.target,
      onStuck: () => this.#opts.log?.(`global hotkey: ${accelerator.text} stuck, released`),
      ...(this.#opts.timers ? { timers: this.#opts.timers } : {}),
    })
    let registered: boolean
    try {
      registered = this.#opts.shortcuts.register(accelerator.text, () => machine.toggle())
    } catch (err) {
      this.#stopHook()
      return invalid(text, err instanceof Error ? err.message : String(err))
    }
    if (registered) this.#registered = accelerator.text
    this.#machine = machine
    if (registered) return status(text, decision)
    // Refused: toggle mode has nothing left to fire it; hold mode still hears the keys, as does the other app.
    return status(
      text,
      { mode: decision.mode === 'hold' ? 'hold' : 'none', reasonKey: 'hotkey.reason.conflict' },
      true,
    )
  }

  #teardown(): void {
    this.#machine?.dispose()
    this.#machine = null
    if (this.#registered !== null) this.#opts.shortcuts.unregister(this.#registered)
    this.#registered = null
  }

  /** True when the hook is running. */
  #startHook(hook: KeyboardHook): boolean {
    if (this.#hook === hook) return true
    try {
      hook.on('keydown', this.#onKeyDown)
      hook.on('keyup', this.#onKeyUp)
      hook.start()
    } catch (err) {
      hook.off('keydown', this.#onKeyDown)
      hook.off('keyup', this.#onKeyUp)
      this.#opts.log?.(`global hotkey: the keyboard hook did not start: ${String(err)}`)
      return false
    }
    this.#hook = hook
    return true
  }

  #stopHook(): void {
    const hook = this.#hook
    if (!hook) return
    this.#hook = null
    hook.off('keydown', this.#onKeyDown)
    hook.off('keyup', this.#onKeyUp)
    try {
      hook.stop()
    } catch (err) {
      this.#opts.log?.(`global hotkey: the keyboard hook did not stop: ${String(err)}`)
    }
  }
}

function status(accelerator: string, decision: ModeDecision, conflict = false): HotkeyStatus {
  return { accelerator, mode: decision.mode, reasonKey: decision.reasonKey, conflict, error: null }
}

function invalid(accelerator: string, error: string): HotkeyStatus {
  return { accelerator, mode: 'none', reasonKey: 'hotkey.reason.invalid', conflict: false, error }
}
