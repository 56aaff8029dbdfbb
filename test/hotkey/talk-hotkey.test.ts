import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it } from 'vitest'
import type { HotkeyStatus } from '../../preload/contract'
import type { HookKeyEvent } from '../../main/hotkey/accelerator'
import { REPEAT_GAP_MS } from '../../main/hotkey/hold-to-talk'
import type { ModeDecision } from '../../main/hotkey/hotkey-mode'
import { TalkHotkey, type ShortcutPort } from '../../main/hotkey/talk-hotkey'
import { createUiohookLoader, type KeyboardHook } from '../../main/hotkey/uiohook-loader'
import { FakeTimers } from './fake-timers'

const SPACE = 57
const K = 37
const ctrlShift = { ctrlKey: true, altKey: false, shiftKey: true, metaKey: false }

class FakeHook extends EventEmitter implements KeyboardHook {
  running = false
  startError: Error | null = null
  start(): void {
    if (this.startError) throw this.startError
    this.running = true
  }
  stop(): void {
    this.running = false
  }
  down(keycode: number, mods = ctrlShift): void {
    this.emit('keydown', { keycode, ...mods } satisfies HookKeyEvent)
  }
  up(keycode: number): void {
    this.emit('keyup', { keycode, ...ctrlShift } satisfies HookKeyEvent)
  }
}

/** Electron's globalShortcut as the hotkey sees it: some accelerators are held by other applications. */
class FakeShortcuts implements ShortcutPort {
  readonly registered = new Map<string, () => void>()
  readonly takenByOthers = new Set<string>()
  readonly log: string[] = []
  throwOnRegister: Error | null = null
  register(accelerator: string, callback: () => void): boolean {
    this.log.push(`register ${accelerator}`)
    if (this.throwOnRegister) throw this.throwOnRegister
    if (this.takenByOthers.has(accelerator) || this.registered.has(accelerator)) return false
    this.registered.set(accelerator, callback)
    return true
  }
  unregister(accelerator: string): void {
    this.log.push(`unregister ${accelerator}`)
    this.registered.delete(accelerator)
  }
  press(accelerator: string): void {
    this.registered.get(accelerator)?.()
  }
}

const X11: ModeDecision = { mode: 'hold', reasonKey: 'hotkey.reason.x11' }
const WAYLAND: ModeDecision = { mode: 'toggle', reasonKey: 'hotkey.reason.wayland' }
const NO_DISPLAY: ModeDecision = { mode: 'none', reasonKey: 'hotkey.reason.noDisplay' }

let hook: FakeHook
let shortcuts: FakeShortcuts
let timers: FakeTimers
let calls: string[]
let statuses: HotkeyStatus[]
let requires: number

function hotkey(decision: ModeDecision, probeOk = true): TalkHotkey {
  return new TalkHotkey({
    platform: 'linux',
    decideMode: () => decision,
    loader: createUiohookLoader({
      platform: 'linux',
      probe: async () => (probeOk ? { ok: true } : { ok: false, detail: 'the probe was killed by SIGABRT' }),
      requireHook: () => {
        requires++
        return { uIOhook: hook }
      },
    }),
    shortcuts,
    target: { press: () => calls.push('press'), release: () => calls.push('release') },
    onStatus: (s) => statuses.push(s),
    timers,
  })
}

const ok = (accelerator: string, decision: ModeDecision): HotkeyStatus => ({
  accelerator,
  mode: decision.mode,
  reasonKey: decision.reasonKey,
  conflict: false,
  error: null,
})

beforeEach(() => {
  hook = new FakeHook()
  shortcuts = new FakeShortcuts()
  timers = new FakeTimers()
  calls = []
  statuses = []
  requires = 0
})

describe('TalkHotkey in hold mode', () => {
  it('runs the hook, registers the shortcut too, and reports hold', async () => {
    const h = hotkey(X11)
    const status = await h.apply('CommandOrControl+Shift+Space')
    expect(status).toEqual(ok('CommandOrControl+Shift+Space', X11))
    expect(statuses).toEqual([status])
    expect(h.status).toEqual(status)
    expect(hook.running).toBe(true)
    expect([...shortcuts.registered.keys()]).toEqual(['CommandOrControl+Shift+Space'])
  })

  it('presses and releases from the hook, and ignores the shortcut, which reports presses only', async () => {
    const h = hotkey(X11)
    await h.apply('CommandOrControl+Shift+Space')
    hook.down(SPACE)
    shortcuts.press('CommandOrControl+Shift+Space')
    hook.down(SPACE)
    expect(calls).toEqual(['press'])
    hook.up(SPACE)
    timers.advance(REPEAT_GAP_MS)
    expect(calls).toEqual(['press', 'release'])
  })

  it('reports a shortcut held by another app as a conflict, and still hears the keys', async () => {
    shortcuts.takenByOthers.add('CommandOrControl+Shift+Space')
    const status = await hotkey(X11).apply('CommandOrControl+Shift+Space')
    expect(status).toEqual({
      accelerator: 'CommandOrControl+Shift+Space',
      mode: 'hold',
      reasonKey: 'hotkey.reason.conflict',
      conflict: true,
      error: null,
    })
    hook.down(SPACE)
    expect(calls).toEqual(['press'])
  })

  it('falls back to toggle when the probe fails, and never loads the module', async () => {
    const h = hotkey(X11, false)
    const status = await h.apply('CommandOrControl+Shift+Space')
    expect(status).toEqual(
      ok('CommandOrControl+Shift+Space', { mode: 'toggle', reasonKey: 'hotkey.reason.hookFailed' }),
    )
    expect(requires).toBe(0)
    shortcuts.press('CommandOrControl+Shift+Space')
    shortcuts.press('CommandOrControl+Shift+Space')
    expect(calls).toEqual(['press', 'release'])
  })

  it('falls back to toggle when the hook will not start', async () => {
    hook.startError = new Error('XRecord is not available')
    const status = await hotkey(X11).apply('Alt+F9')
    expect(status.mode).toBe('toggle')
    expect(status.reasonKey).toBe('hotkey.reason.hookFailed')
    expect(hook.listenerCount('keydown') + hook.listenerCount('keyup')).toBe(0)
  })
})

describe('TalkHotkey in toggle mode', () => {
  it('toggles from the shortcut and never loads the hook', async () => {
    const status = await hotkey(WAYLAND).apply('Control+Alt+K')
    expect(status).toEqual(ok('Control+Alt+K', WAYLAND))
    expect(requires).toBe(0)
    shortcuts.press('Control+Alt+K')
    hook.up(K)
    shortcuts.press('Control+Alt+K')
    expect(calls).toEqual(['press', 'release'])
  })

  it('has nothing left when the shortcut is refused: mode none, with the conflict', async () => {
    shortcuts.takenByOthers.add('Control+Alt+K')
    const status = await hotkey(WAYLAND).apply('Control+Alt+K')
    expect(status).toEqual({
      accelerator: 'Control+Alt+K',
      mode: 'none',
      reasonKey: 'hotkey.reason.conflict',
      conflict: true,
      error: null,
    })
  })
})

describe('TalkHotkey with no desktop or a bad accelerator', () => {
  it('registers nothing without a display', async () => {
    const status = await hotkey(NO_DISPLAY).apply('CommandOrControl+Shift+Space')
    expect(status).toEqual(ok('CommandOrControl+Shift+Space', NO_DISPLAY))
    expect(shortcuts.log).toEqual([])
    expect(requires).toBe(0)
  })

  it('reports an accelerator it cannot read, registering nothing', async () => {
    const status = await hotkey(X11).apply('Control+Foo')
    expect(status).toEqual({
      accelerator: 'Control+Foo',
      mode: 'none',
      reasonKey: 'hotkey.reason.invalid',
      conflict: false,
      error: '"Foo" is not a key Loa knows.',
    })
    expect(shortcuts.log).toEqual([])
    expect(hook.running).toBe(false)
  })

  it('reports an accelerator Electron refuses to parse as invalid', async () => {
    shortcuts.throwOnRegister = new TypeError('Invalid accelerator')
    const status = await hotkey(WAYLAND).apply('Control+Alt+K')
    expect(status.mode).toBe('none')
    expect(status.reasonKey).toBe('hotkey.reason.invalid')
    expect(status.error).toBe('Invalid accelerator')
  })
})

describe('TalkHotkey re-applied', () => {
  it('unregisters the old accelerator, registers the new one, and reuses the running hook', async () => {
    const h = hotkey(X11)
    await h.apply('CommandOrControl+Shift+Space')
    await h.apply('ctrl+alt+k')
    expect(shortcuts.log).toEqual([
      'register CommandOrControl+Shift+Space',
      'unregister CommandOrControl+Shift+Space',
      'register Control+Alt+K',
    ])
    expect(statuses.map((s) => s.accelerator)).toEqual(['CommandOrControl+Shift+Space', 'ctrl+alt+k'])
    expect(requires).toBe(1)
    expect(hook.listenerCount('keydown')).toBe(1)
    hook.down(SPACE)
    expect(calls).toEqual([])
    hook.down(K, { ...ctrlShift, shiftKey: false, altKey: true })
    expect(calls).toEqual(['press'])
  })

  it('releases a turn in progress when the accelerator changes', async () => {
    const h = hotkey(X11)
    await h.apply('CommandOrControl+Shift+Space')
    hook.down(SPACE)
    await h.apply('Alt+F9')
    expect(calls).toEqual(['press', 'release'])
  })

  it('applies in call order, each after the last', async () => {
    const h = hotkey(X11)
    const first = h.apply('Alt+F9')
    const second = h.apply('Alt+F10')
    expect((await second).accelerator).toBe('Alt+F10')
    expect((await first).accelerator).toBe('Alt+F9')
    expect(statuses.map((s) => s.accelerator)).toEqual(['Alt+F9', 'Alt+F10'])
    expect([...shortcuts.registered.keys()]).toEqual(['Alt+F10'])
  })

  it('stops the hook when a new accelerator cannot be read', async () => {
    const h = hotkey(X11)
    await h.apply('Alt+F9')
    expect(hook.running).toBe(true)
    await h.apply('Alt+')
    expect(hook.running).toBe(false)
    expect(shortcuts.registered.size).toBe(0)
  })
})

describe('TalkHotkey.dispose', () => {
  it('releases, unregisters and stops the hook', async () => {
    const h = hotkey(X11)
    await h.apply('CommandOrControl+Shift+Space')
    hook.down(SPACE)
    h.dispose()
    expect(calls).toEqual(['press', 'release'])
    expect(shortcuts.registered.size).toBe(0)
    expect(hook.running).toBe(false)
    expect(hook.listenerCount('keydown') + hook.listenerCount('keyup')).toBe(0)
  })

  it('leaves nothing running when it comes while the hook is still loading', async () => {
    const h = hotkey(X11)
    const pending = h.apply('CommandOrControl+Shift+Space')
    h.dispose()
    await pending
    expect(hook.running).toBe(false)
    expect(shortcuts.registered.size).toBe(0)
    expect(statuses).toEqual([])
  })
})
