// The talk hotkey settings in jsdom over a fake bridge: the status main reports, and recording a new key.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppInfo, HotkeyStatus, Settings } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'

let bridge: FakeBridge
let HotkeySettings: Component
let app: AppStore
let mounted: Record<string, unknown> | null = null

const TALK = 'CommandOrControl+Shift+Space'
const HOLD: HotkeyStatus = {
  accelerator: TALK,
  mode: 'hold',
  reasonKey: 'hotkey.reason.x11',
  conflict: false,
  error: null,
}

beforeAll(async () => {
  bridge = installFakeBridge()
  HotkeySettings = (await import('../../renderer/components/settings/HotkeySettings.svelte')).default
  app = (await import('../../renderer/stores/app.svelte')).app
})

beforeEach(() => {
  app.info = { name: 'Loa', version: '0', platform: 'linux', osLocale: 'en-US', surface: 'main' } as AppInfo
  app.settings.set({
    language: 'en',
    theme: 'light',
    hotkeys: { talk: TALK, readSelection: 'CommandOrControl+Shift+R' },
  } as Settings)
  bridge.calls.length = 0
  bridge.answer('hotkey:status', () => HOLD)
  bridge.answer('settings:update', (patch) => ({
    ...app.settings.current,
    hotkeys: { ...app.settings.current!.hotkeys, ...(patch as { hotkeys: object }).hotkeys },
  }))
})

afterEach(() => {
  if (mounted) unmount(mounted)
  mounted = null
  document.body.innerHTML = ''
})

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}

async function show(): Promise<HTMLElement> {
  const target = document.createElement('div')
  document.body.append(target)
  mounted = mount(HotkeySettings, { target })
  await settle()
  return target
}

const byTestId = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)

function key(code: string, mods: Partial<KeyboardEventInit> = {}) {
  window.dispatchEvent(new KeyboardEvent('keydown', { code, bubbles: true, cancelable: true, ...mods }))
  flushSync()
}

function updates(): unknown[] {
  return bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)
}

describe('HotkeySettings status', () => {
  it('shows the talk key and what it does here', async () => {
    const root = await show()
    const talk = byTestId(root, 'hotkey-talk')!
    expect(talk.tagName).toBe('KBD')
    expect(talk.textContent).toBe('Ctrl+Shift+Space')
    expect(talk.dataset['accelerator']).toBe(TALK)
    const mode = byTestId(root, 'hotkey-mode')!
    expect(mode.dataset['mode']).toBe('hold')
    expect(mode.textContent).toContain('Hold to talk')
    expect(mode.textContent).toContain('X11: Loa knows when you press the key and when you let go.')
    expect(byTestId(root, 'hotkey-conflict')).toBeNull()
  })

  it('follows the status main pushes, naming a shortcut another app holds', async () => {
    const root = await show()
    bridge.emit('hotkey:changed', {
      ...HOLD,
      mode: 'none',
      reasonKey: 'hotkey.reason.conflict',
      conflict: true,
    } satisfies HotkeyStatus)
    flushSync()
    expect(byTestId(root, 'hotkey-mode')!.textContent).toContain('Not available')
    expect(byTestId(root, 'hotkey-conflict')!.textContent).toContain(
      'Another application already uses Ctrl+Shift+Space',
    )

    bridge.emit('hotkey:changed', { ...HOLD, mode: 'toggle', reasonKey: 'hotkey.reason.wayland' })
    flushSync()
    expect(byTestId(root, 'hotkey-mode')!.textContent).toContain('Press to start, press again to stop')
    expect(byTestId(root, 'hotkey-conflict')).toBeNull()
  })

  it('says why an accelerator main could not read is not working', async () => {
    bridge.answer('hotkey:status', () => ({
      ...HOLD,
      mode: 'none',
      reasonKey: 'hotkey.reason.invalid',
      error: '"Foo" is not a key Loa knows.',
    }))
    const root = await show()
    expect(byTestId(root, 'hotkey-mode')!.textContent).toContain('The shortcut is not valid.')
    expect(byTestId(root, 'hotkey-invalid')!.textContent).toBe(
      'Loa cannot read this shortcut: "Foo" is not a key Loa knows.',
    )
  })
})

describe('HotkeySettings recording', () => {
  it('records the next combination, skipping lone modifiers, and saves it', async () => {
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    expect(byTestId(root, 'hotkey-recording')!.textContent).toContain('Press the new key combination')
    key('ControlLeft', { ctrlKey: true })
    key('AltLeft', { ctrlKey: true, altKey: true })
    expect(updates()).toEqual([])
    key('KeyK', { ctrlKey: true, altKey: true })
    await settle()
    expect(updates()).toEqual([{ hotkeys: { talk: 'CommandOrControl+Alt+K' } }])
    expect(byTestId(root, 'hotkey-recording')).toBeNull()
    expect(byTestId(root, 'hotkey-talk')!.textContent).toBe('Ctrl+Alt+K')
  })

  it('refuses a key that would stop typing, and keeps listening', async () => {
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    key('KeyA', { shiftKey: true })
    expect(byTestId(root, 'hotkey-recording')!.textContent).toContain('Shift+A could no longer be typed')
    key('F9')
    await settle()
    expect(updates()).toEqual([{ hotkeys: { talk: 'F9' } }])
  })

  it('cancels on Escape, saving nothing', async () => {
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    key('Escape')
    await settle()
    expect(byTestId(root, 'hotkey-recording')).toBeNull()
    key('KeyK', { ctrlKey: true })
    await settle()
    expect(updates()).toEqual([])
  })

  it('shows the settings error when main refuses the key', async () => {
    bridge.fail('settings:update', { kind: 'invalid_input', message: 'hotkeys.talk: not a key combination' })
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    key('KeyK', { ctrlKey: true })
    await settle()
    expect(byTestId(root, 'hotkey-error')!.textContent).toBe('hotkeys.talk: not a key combination')
    expect(byTestId(root, 'hotkey-talk')!.textContent).toBe('Ctrl+Shift+Space')
  })
})

describe('HotkeySettings read-selection key', () => {
  const recordReadSelection = (root: HTMLElement) => {
    byTestId(root, 'hotkey-read-selection-change')!.click()
    flushSync()
  }

  it('shows the key and where its text comes from, in the platform words', async () => {
    let root = await show()
    const read = byTestId(root, 'hotkey-read-selection')!
    expect(read.tagName).toBe('KBD')
    expect(read.textContent).toBe('Ctrl+Shift+R')
    expect(read.dataset['accelerator']).toBe('CommandOrControl+Shift+R')
    expect(root.textContent).toContain('Read-selection key')
    expect(byTestId(root, 'hotkey-read-selection-help')!.textContent).toContain(
      "Highlight text in any app, then press this key: Loa reads it aloud with the Reader's saved model and voice",
    )

    unmount(mounted!)
    app.info = { ...app.info!, platform: 'darwin' }
    root = await show()
    expect(byTestId(root, 'hotkey-read-selection')!.textContent).toBe('⌘⇧R')
    expect(byTestId(root, 'hotkey-read-selection-help')!.textContent).toContain('Copy text in any app')
  })

  it('records the next combination and saves it as the read-selection key only', async () => {
    const root = await show()
    recordReadSelection(root)
    expect(byTestId(root, 'hotkey-read-selection-recording')!.textContent).toContain(
      'Press the new key combination',
    )
    expect(byTestId(root, 'hotkey-read-selection-change')!.textContent).toContain('Cancel')
    key('ShiftLeft', { shiftKey: true })
    key('KeyL', { ctrlKey: true, altKey: true })
    await settle()
    expect(updates()).toEqual([{ hotkeys: { readSelection: 'CommandOrControl+Alt+L' } }])
    expect(byTestId(root, 'hotkey-read-selection-recording')).toBeNull()
    expect(byTestId(root, 'hotkey-read-selection')!.textContent).toBe('Ctrl+Alt+L')
    expect(byTestId(root, 'hotkey-talk')!.textContent).toBe('Ctrl+Shift+Space')
  })

  it('refuses the talk key, and keeps listening', async () => {
    const root = await show()
    recordReadSelection(root)
    key('Space', { ctrlKey: true, shiftKey: true })
    await settle()
    expect(updates()).toEqual([])
    expect(byTestId(root, 'hotkey-read-selection-recording')!.textContent).toBe(
      'Ctrl+Shift+Space is already the talk key: choose another combination.',
    )
    key('KeyL', { ctrlKey: true, shiftKey: true })
    await settle()
    expect(updates()).toEqual([{ hotkeys: { readSelection: 'CommandOrControl+Shift+L' } }])
  })

  it('refuses the read-selection key as the talk key', async () => {
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    key('KeyR', { ctrlKey: true, shiftKey: true })
    await settle()
    expect(updates()).toEqual([])
    expect(byTestId(root, 'hotkey-recording')!.textContent).toBe(
      'Ctrl+Shift+R is already the read-selection key: choose another combination.',
    )
  })

  it('refuses a key without a modifier, and keeps listening', async () => {
    const root = await show()
    recordReadSelection(root)
    key('KeyR')
    await settle()
    expect(updates()).toEqual([])
    expect(byTestId(root, 'hotkey-read-selection-recording')!.textContent).toContain(
      'R could no longer be typed in any app',
    )
  })

  it('cancels on Escape, saving nothing', async () => {
    const root = await show()
    recordReadSelection(root)
    key('Escape')
    await settle()
    expect(byTestId(root, 'hotkey-read-selection-recording')).toBeNull()
    expect(byTestId(root, 'hotkey-read-selection-change')!.textContent).toContain('Change')
    key('KeyK', { ctrlKey: true })
    await settle()
    expect(updates()).toEqual([])
  })

  it('records for one row at a time', async () => {
    const root = await show()
    byTestId(root, 'hotkey-change')!.click()
    flushSync()
    recordReadSelection(root)
    expect(byTestId(root, 'hotkey-recording')).toBeNull()
    key('KeyK', { ctrlKey: true })
    await settle()
    expect(updates()).toEqual([{ hotkeys: { readSelection: 'CommandOrControl+K' } }])
  })

  it('shows the settings error under its own row', async () => {
    bridge.fail('settings:update', { kind: 'invalid_input', message: 'hotkeys.readSelection: not valid' })
    const root = await show()
    recordReadSelection(root)
    key('KeyK', { ctrlKey: true })
    await settle()
    expect(byTestId(root, 'hotkey-read-selection-error')!.textContent).toBe(
      'hotkeys.readSelection: not valid',
    )
    expect(byTestId(root, 'hotkey-error')).toBeNull()
    expect(byTestId(root, 'hotkey-read-selection')!.textContent).toBe('Ctrl+Shift+R')
  })

  it('speaks Vietnamese', async () => {
    app.settings.set({ ...app.settings.current!, language: 'vi' })
    const root = await show()
    expect(root.textContent).toContain('Phím đọc đoạn đã chọn')
    expect(byTestId(root, 'hotkey-read-selection-help')!.textContent).toContain(
      'Bôi đen chữ ở bất kỳ ứng dụng nào rồi nhấn phím này',
    )
    recordReadSelection(root)
    key('Space', { ctrlKey: true, shiftKey: true })
    expect(byTestId(root, 'hotkey-read-selection-recording')!.textContent).toBe(
      'Ctrl+Shift+Space đang là phím nói: hãy chọn tổ hợp khác.',
    )
  })
})
