import { globalShortcut } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import type { HotkeyStatus } from '../../preload/contract'
import { startGlobalHotkey, type GlobalHotkey } from '../../main/app/global-hotkey'
import type { Probe } from '../../main/hotkey/uiohook-loader'

// The electron mock's globalShortcut, with its test hooks.
const shortcuts = globalShortcut as unknown as {
  isRegistered(accelerator: string): boolean
  pressForTest(accelerator: string): void
  takenByOthers: Set<string>
}

const WAYLAND = { WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' }

/** Starts the hotkey; each status main would push comes out of `next()` in order. */
function start(env: NodeJS.ProcessEnv, probe?: Probe) {
  const queue: HotkeyStatus[] = []
  const waiting: ((s: HotkeyStatus) => void)[] = []
  const calls: string[] = []
  let listener: ((accelerator: string) => void) | null = null
  let unsubscribed = false
  const hotkey = startGlobalHotkey({
    accelerator: () => 'CommandOrControl+Shift+Space',
    onAcceleratorChange: (l) => {
      listener = l
      return () => (unsubscribed = true)
    },
    target: { press: () => calls.push('press'), release: () => calls.push('release') },
    setStatus: (s) => {
      const w = waiting.shift()
      if (w) w(s)
      else queue.push(s)
    },
    platform: 'linux',
    env,
    ...(probe ? { probe } : {}),
  })
  started.push(hotkey)
  return {
    hotkey,
    calls,
    next: () =>
      new Promise<HotkeyStatus>((resolve) =>
        queue.length ? resolve(queue.shift()!) : waiting.push(resolve),
      ),
    change: (accelerator: string) => listener?.(accelerator),
    unsubscribed: () => unsubscribed,
  }
}

const started: GlobalHotkey[] = []
afterEach(() => {
  for (const h of started.splice(0)) h.dispose()
  shortcuts.takenByOthers.clear()
})

describe('startGlobalHotkey', () => {
  it('registers the talk shortcut with globalShortcut and toggles the target from it', async () => {
    const h = start(WAYLAND)
    expect(await h.next()).toEqual({
      accelerator: 'CommandOrControl+Shift+Space',
      mode: 'toggle',
      reasonKey: 'hotkey.reason.wayland',
      conflict: false,
      error: null,
    })
    expect(shortcuts.isRegistered('CommandOrControl+Shift+Space')).toBe(true)
    shortcuts.pressForTest('CommandOrControl+Shift+Space')
    shortcuts.pressForTest('CommandOrControl+Shift+Space')
    expect(h.calls).toEqual(['press', 'release'])
  })

  it('re-registers when the accelerator changes, and only then', async () => {
    const h = start(WAYLAND)
    await h.next()
    h.change('CommandOrControl+Shift+Space')
    h.change('Alt+F9')
    expect((await h.next()).accelerator).toBe('Alt+F9')
    expect(shortcuts.isRegistered('CommandOrControl+Shift+Space')).toBe(false)
    expect(shortcuts.isRegistered('Alt+F9')).toBe(true)
  })

  it('reports a shortcut another application holds', async () => {
    shortcuts.takenByOthers.add('CommandOrControl+Shift+Space')
    const status = await start(WAYLAND).next()
    expect(status.conflict).toBe(true)
    expect(status.reasonKey).toBe('hotkey.reason.conflict')
  })

  it('registers nothing without a display, and never probes', async () => {
    let probes = 0
    const status = await start({}, async () => {
      probes++
      return { ok: true }
    }).next()
    expect(status.mode).toBe('none')
    expect(status.reasonKey).toBe('hotkey.reason.noDisplay')
    expect(shortcuts.isRegistered('CommandOrControl+Shift+Space')).toBe(false)
    expect(probes).toBe(0)
  })

  it('on X11 with a hook that fails its probe, toggles instead', async () => {
    const status = await start({ DISPLAY: ':99' }, async () => ({ ok: false, detail: 'aborted' })).next()
    expect(status.mode).toBe('toggle')
    expect(status.reasonKey).toBe('hotkey.reason.hookFailed')
    expect(shortcuts.isRegistered('CommandOrControl+Shift+Space')).toBe(true)
  })

  it('lets go of everything on dispose', async () => {
    const h = start(WAYLAND)
    await h.next()
    shortcuts.pressForTest('CommandOrControl+Shift+Space')
    h.hotkey.dispose()
    expect(h.calls).toEqual(['press', 'release'])
    expect(shortcuts.isRegistered('CommandOrControl+Shift+Space')).toBe(false)
    expect(h.unsubscribed()).toBe(true)
  })
})
