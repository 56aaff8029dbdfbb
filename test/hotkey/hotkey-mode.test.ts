import { describe, expect, it } from 'vitest'
import { decideHotkeyMode, type HotkeyEnvironment } from '../../main/hotkey/hotkey-mode'

const decide = (platform: NodeJS.Platform, env: HotkeyEnvironment['env'], trusted = true) =>
  decideHotkeyMode({ platform, env, accessibilityTrusted: () => trusted })

describe('decideHotkeyMode', () => {
  it('holds on Windows', () => {
    expect(decide('win32', {})).toEqual({ mode: 'hold', reasonKey: 'hotkey.reason.windows' })
  })

  it('holds on macOS with the Accessibility permission, toggles without it', () => {
    expect(decide('darwin', {}, true)).toEqual({ mode: 'hold', reasonKey: 'hotkey.reason.macos' })
    expect(decide('darwin', {}, false)).toEqual({
      mode: 'toggle',
      reasonKey: 'hotkey.reason.macosAccessibility',
    })
  })

  it('asks about Accessibility on macOS only', () => {
    let asked = 0
    const accessibilityTrusted = () => {
      asked++
      return false
    }
    decideHotkeyMode({ platform: 'linux', env: { DISPLAY: ':0' }, accessibilityTrusted })
    decideHotkeyMode({ platform: 'win32', env: {}, accessibilityTrusted })
    expect(asked).toBe(0)
    decideHotkeyMode({ platform: 'darwin', env: {}, accessibilityTrusted })
    expect(asked).toBe(1)
  })

  it('holds on an X11 desktop', () => {
    expect(decide('linux', { DISPLAY: ':0' })).toEqual({ mode: 'hold', reasonKey: 'hotkey.reason.x11' })
    expect(decide('linux', { DISPLAY: ':1', XDG_SESSION_TYPE: 'x11' }).mode).toBe('hold')
    expect(decide('freebsd', { DISPLAY: ':0' }).mode).toBe('hold')
  })

  it('toggles under Wayland, even with XWayland providing DISPLAY', () => {
    const wayland = { mode: 'toggle', reasonKey: 'hotkey.reason.wayland' }
    expect(decide('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual(wayland)
    expect(decide('linux', { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' })).toEqual(wayland)
    expect(decide('linux', { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' })).toEqual(wayland)
  })

  it('offers nothing without a display', () => {
    const none = { mode: 'none', reasonKey: 'hotkey.reason.noDisplay' }
    expect(decide('linux', {})).toEqual(none)
    expect(decide('linux', { DISPLAY: '' })).toEqual(none)
    expect(decide('linux', { XDG_SESSION_TYPE: 'wayland' })).toEqual(none)
    expect(decide('linux', { XDG_SESSION_TYPE: 'tty' })).toEqual(none)
  })
})
