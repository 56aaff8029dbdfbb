import { describe, expect, it } from 'vitest'
import { acceleratorFromEvent, typesText, type KeyPress } from '../../renderer/lib/accelerator-from-event'

const press = (code: string, mods: Partial<Omit<KeyPress, 'code'>> = {}): KeyPress => ({
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods,
})

describe('acceleratorFromEvent', () => {
  it('writes Ctrl as CommandOrControl off macOS, and the Windows key as Super', () => {
    expect(acceleratorFromEvent(press('Space', { ctrlKey: true, shiftKey: true }), 'linux')).toBe(
      'CommandOrControl+Shift+Space',
    )
    expect(acceleratorFromEvent(press('KeyK', { metaKey: true }), 'win32')).toBe('Super+K')
    expect(
      acceleratorFromEvent(
        press('F9', { ctrlKey: true, altKey: true, shiftKey: true, metaKey: true }),
        'linux',
      ),
    ).toBe('CommandOrControl+Alt+Shift+Super+F9')
  })

  it('writes Cmd as CommandOrControl on macOS, and Ctrl as Control', () => {
    expect(acceleratorFromEvent(press('Space', { metaKey: true, shiftKey: true }), 'darwin')).toBe(
      'CommandOrControl+Shift+Space',
    )
    expect(acceleratorFromEvent(press('KeyK', { ctrlKey: true, altKey: true }), 'darwin')).toBe(
      'Control+Alt+K',
    )
  })

  it('names the physical key, whatever the layout typed', () => {
    // On a French AZERTY keyboard the key at Q's place types "a": the shortcut still names the key.
    expect(acceleratorFromEvent(press('KeyQ', { ctrlKey: true }), 'linux')).toBe('CommandOrControl+Q')
    expect(acceleratorFromEvent(press('Digit1', { altKey: true, shiftKey: true }), 'linux')).toBe(
      'Alt+Shift+1',
    )
    const table: [code: string, key: string][] = [
      ['Minus', '-'],
      ['Equal', '='],
      ['BracketLeft', '['],
      ['BracketRight', ']'],
      ['Backslash', '\\'],
      ['Semicolon', ';'],
      ['Quote', "'"],
      ['Comma', ','],
      ['Period', '.'],
      ['Slash', '/'],
      ['Backquote', '`'],
      ['ArrowUp', 'Up'],
      ['ArrowLeft', 'Left'],
      ['Enter', 'Enter'],
      ['Escape', 'Escape'],
      ['Numpad7', 'num7'],
      ['NumpadAdd', 'numadd'],
      ['F24', 'F24'],
      ['AudioVolumeMute', 'VolumeMute'],
      ['MediaPlayPause', 'MediaPlayPause'],
    ]
    for (const [code, key] of table)
      expect(acceleratorFromEvent(press(code, { altKey: true }), 'linux')).toBe(`Alt+${key}`)
  })

  it('gives null while only modifiers are down, or for keys Electron cannot register', () => {
    for (const code of ['ShiftLeft', 'ControlRight', 'AltLeft', 'MetaLeft', 'OSLeft']) {
      expect(acceleratorFromEvent(press(code, { ctrlKey: true, shiftKey: true }), 'linux'), code).toBeNull()
    }
    for (const code of ['IntlBackslash', 'NumpadEnter', 'F25', 'ContextMenu', 'Fn', '']) {
      expect(acceleratorFromEvent(press(code, { ctrlKey: true }), 'linux'), code).toBeNull()
    }
  })
})

describe('typesText', () => {
  it('is true for a typing key with no modifier but Shift', () => {
    expect(typesText('A')).toBe(true)
    expect(typesText('Shift+A')).toBe(true)
    expect(typesText('Space')).toBe(true)
    expect(typesText('Shift+num1')).toBe(true)
  })

  it('is false with a real modifier, or for keys that type nothing', () => {
    expect(typesText('CommandOrControl+A')).toBe(false)
    expect(typesText('Alt+Shift+Space')).toBe(false)
    expect(typesText('Super+K')).toBe(false)
    expect(typesText('F9')).toBe(false)
    expect(typesText('Shift+F12')).toBe(false)
    expect(typesText('MediaPlayPause')).toBe(false)
    expect(typesText('PrintScreen')).toBe(false)
  })
})
