import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  matches,
  modifierOfKeycode,
  parseAccelerator,
  type Accelerator,
  type HookKeyEvent,
} from '../../main/hotkey/accelerator'

function parse(text: string, platform: NodeJS.Platform = 'linux'): Accelerator {
  const result = parseAccelerator(text, platform)
  if (!result.ok) throw new Error(`expected ${text} to parse: ${result.error}`)
  return result.accelerator
}

function errorOf(text: string): string {
  const result = parseAccelerator(text, 'linux')
  if (result.ok) throw new Error(`expected ${text} to be refused, got ${result.accelerator.text}`)
  return result.error
}

const require = createRequire(import.meta.url)
const none = { ctrlKey: false, altKey: false, shiftKey: false, metaKey: false }
const event = (keycode: number, mods: Partial<typeof none> = {}): HookKeyEvent => ({
  keycode,
  ...none,
  ...mods,
})

/**
 * uiohook-napi's own key table, from its declarations: loading the module without a display makes the process
 * exit with an error, so the test reads the table instead.
 */
function uiohookKeyTable(): Record<string, number> {
  const dts = readFileSync(require.resolve('uiohook-napi/dist/index.d.ts'), 'utf8')
  const table = dts.slice(dts.indexOf('UiohookKey'))
  return Object.fromEntries([...table.matchAll(/readonly (\w+): (\d+);/g)].map((m) => [m[1]!, Number(m[2])]))
}

describe('parseAccelerator', () => {
  it('reads the default talk key as Ctrl+Shift+Space, and as Cmd+Shift+Space on macOS', () => {
    const linux = parse('CommandOrControl+Shift+Space', 'linux')
    expect(linux).toEqual({
      text: 'CommandOrControl+Shift+Space',
      key: 'Space',
      modifiers: { ctrlKey: true, altKey: false, shiftKey: true, metaKey: false },
      keycodes: [57],
    })
    expect(parse('CommandOrControl+Shift+Space', 'win32').modifiers.ctrlKey).toBe(true)
    const mac = parse('CommandOrControl+Shift+Space', 'darwin')
    expect(mac.modifiers).toEqual({ ctrlKey: false, altKey: false, shiftKey: true, metaKey: true })
  })

  it('normalizes case, aliases and modifier order', () => {
    expect(parse('ctrl+alt+a').text).toBe('Control+Alt+A')
    expect(parse('Shift+CmdOrCtrl+return').text).toBe('CommandOrControl+Shift+Enter')
    expect(parse('Meta+Option+f9').text).toBe('Alt+Super+F9')
    expect(parse('Cmd+esc').text).toBe('Command+Escape')
    expect(parse(' Control + Space ').text).toBe('Control+Space')
    expect(parse('Super+K').modifiers).toEqual({ ...none, metaKey: true })
    expect(parse('Command+K', 'linux').modifiers).toEqual({ ...none, metaKey: true })
  })

  it('holds Shift for the shifted punctuation Electron accepts, on the key that types it', () => {
    const bang = parse('Control+!')
    expect(bang.modifiers).toEqual({ ...none, ctrlKey: true, shiftKey: true })
    expect(bang.keycodes).toEqual(parse('Control+1').keycodes)
    const plus = parse('Alt+Plus')
    expect(plus.modifiers).toEqual({ ...none, altKey: true, shiftKey: true })
    expect(plus.keycodes).toEqual(parse('Alt+=').keycodes)
    expect(parse('Control+/').modifiers.shiftKey).toBe(false)
  })

  it('maps every key to the keycode uiohook-napi reports for it', () => {
    const uiohook = uiohookKeyTable()
    const pairs: [accelerator: string, uiohookName: string][] = [
      ['Space', 'Space'],
      ['Tab', 'Tab'],
      ['Enter', 'Enter'],
      ['Backspace', 'Backspace'],
      ['Delete', 'Delete'],
      ['Insert', 'Insert'],
      ['Escape', 'Escape'],
      ['Up', 'ArrowUp'],
      ['Down', 'ArrowDown'],
      ['Left', 'ArrowLeft'],
      ['Right', 'ArrowRight'],
      ['Home', 'Home'],
      ['End', 'End'],
      ['PageUp', 'PageUp'],
      ['PageDown', 'PageDown'],
      ['Capslock', 'CapsLock'],
      ['Numlock', 'NumLock'],
      ['Scrolllock', 'ScrollLock'],
      ['PrintScreen', 'PrintScreen'],
      [';', 'Semicolon'],
      ['=', 'Equal'],
      [',', 'Comma'],
      ['-', 'Minus'],
      ['.', 'Period'],
      ['/', 'Slash'],
      ['`', 'Backquote'],
      ['[', 'BracketLeft'],
      ['\\', 'Backslash'],
      [']', 'BracketRight'],
      ["'", 'Quote'],
      ['numdec', 'NumpadDecimal'],
      ['numadd', 'NumpadAdd'],
      ['numsub', 'NumpadSubtract'],
      ['nummult', 'NumpadMultiply'],
      ['numdiv', 'NumpadDivide'],
    ]
    for (let i = 0; i < 26; i++) pairs.push([String.fromCharCode(65 + i), String.fromCharCode(65 + i)])
    for (let d = 0; d <= 9; d++) pairs.push([String(d), String(d)], [`num${d}`, `Numpad${d}`])
    for (let f = 1; f <= 24; f++) pairs.push([`F${f}`, `F${f}`])

    for (const [key, name] of pairs) {
      expect(uiohook[name], name).toBeTypeOf('number')
      expect(parse(`Control+${key}`).keycodes[0], key).toBe(uiohook[name])
    }
    // NumpadEnter is declared as `number`: its value is 0x0E00 | 0x001C in uiohook-napi's index.js.
    expect(parse('Control+Enter').keycodes).toEqual([uiohook['Enter'], 0x0e1c])
    expect(modifierOfKeycode(uiohook['Ctrl']!)).toBe('ctrlKey')
    expect(modifierOfKeycode(uiohook['CtrlRight']!)).toBe('ctrlKey')
    expect(modifierOfKeycode(uiohook['Alt']!)).toBe('altKey')
    expect(modifierOfKeycode(uiohook['AltRight']!)).toBe('altKey')
    expect(modifierOfKeycode(uiohook['Shift']!)).toBe('shiftKey')
    expect(modifierOfKeycode(uiohook['ShiftRight']!)).toBe('shiftKey')
    expect(modifierOfKeycode(uiohook['Meta']!)).toBe('metaKey')
    expect(modifierOfKeycode(uiohook['MetaRight']!)).toBe('metaKey')
    expect(modifierOfKeycode(uiohook['Space']!)).toBeNull()
  })

  it('lets keys that type nothing stand alone', () => {
    expect(parse('F9').modifiers).toEqual(none)
    expect(parse('Shift+F24').modifiers).toEqual({ ...none, shiftKey: true })
    expect(parse('MediaPlayPause').keycodes).toEqual([0xe022])
    expect(parse('VolumeMute').text).toBe('VolumeMute')
  })

  it('refuses what it cannot read, saying why', () => {
    expect(errorOf('')).toMatch(/empty/)
    expect(errorOf('   ')).toMatch(/empty/)
    expect(errorOf('Control+')).toMatch(/empty part.*Plus/)
    expect(errorOf('Control++')).toMatch(/empty part/)
    expect(errorOf('Control+Shift')).toMatch(/needs a key/)
    expect(errorOf('Control+A+B')).toMatch(/Only one key.*"A".*"B"/)
    expect(errorOf('Control+Foo')).toMatch(/"Foo" is not a key/)
    expect(errorOf('A+Control')).toMatch(/Modifiers come before the key/)
    expect(errorOf('Control+Ctrl+A')).toMatch(/"Control" appears twice/)
  })

  it('refuses a typing key without a modifier, since it would be taken from every app', () => {
    expect(errorOf('A')).toMatch(/types text/)
    expect(errorOf('Shift+A')).toMatch(/types text/)
    expect(errorOf('Space')).toMatch(/types text/)
    expect(errorOf('!')).toMatch(/types text/)
    expect(parseAccelerator('Alt+A', 'linux').ok).toBe(true)
  })
})

describe('matches', () => {
  const talk = parse('CommandOrControl+Shift+Space')

  it('wants the key with exactly its modifiers', () => {
    expect(matches(event(57, { ctrlKey: true, shiftKey: true }), talk)).toBe(true)
    expect(matches(event(57, { ctrlKey: true }), talk)).toBe(false)
    expect(matches(event(57, { ctrlKey: true, shiftKey: true, altKey: true }), talk)).toBe(false)
    expect(matches(event(30, { ctrlKey: true, shiftKey: true }), talk)).toBe(false)
  })

  it('takes any keycode the key can arrive as', () => {
    const enter = parse('Alt+Enter')
    for (const code of enter.keycodes) expect(matches(event(code, { altKey: true }), enter)).toBe(true)
    expect(enter.keycodes.length).toBe(2)
  })
})
