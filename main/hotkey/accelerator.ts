// Electron accelerators (https://www.electronjs.org/docs/latest/api/accelerator), read once into what the keyboard
// hook must see: which modifiers are held and which hook keycodes the key can arrive as.

/** The modifier flags the hook reports with every key event (uiohook-napi's field names). */
export interface ModifierState {
  ctrlKey: boolean
  altKey: boolean
  shiftKey: boolean
  metaKey: boolean
}

export type ModifierFlag = keyof ModifierState

/** A key event from the hook: its keycode and the modifiers held when it happened. */
export interface HookKeyEvent extends ModifierState {
  keycode: number
}

export interface Accelerator {
  /** Canonical text: modifiers in a fixed order, names spelled as Electron's documentation spells them. */
  text: string
  key: string
  /** Exactly the modifiers that must be held, on the platform it was parsed for. */
  modifiers: ModifierState
  /** Every hook keycode the key can arrive as (Enter also comes from the keypad). */
  keycodes: readonly number[]
}

export type ParseResult = { ok: true; accelerator: Accelerator } | { ok: false; error: string }

type ModifierName = 'CommandOrControl' | 'Command' | 'Control' | 'Alt' | 'AltGr' | 'Shift' | 'Super'

/** The canonical order of modifiers in `Accelerator.text`; the settings page records in the same order. */
const MODIFIER_ORDER: readonly ModifierName[] = [
  'CommandOrControl',
  'Command',
  'Control',
  'Alt',
  'AltGr',
  'Shift',
  'Super',
]

const MODIFIER_ALIASES: Readonly<Record<string, ModifierName>> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
}

/** What each modifier means to the hook. Electron maps Command, Super and Meta to the same flag everywhere. */
function flagOf(name: ModifierName, platform: NodeJS.Platform): ModifierFlag {
  switch (name) {
    case 'CommandOrControl':
      return platform === 'darwin' ? 'metaKey' : 'ctrlKey'
    case 'Command':
    case 'Super':
      return 'metaKey'
    case 'Control':
      return 'ctrlKey'
    case 'Alt':
    case 'AltGr':
      return 'altKey'
    case 'Shift':
      return 'shiftKey'
  }
}

// Hook keycodes: libuiohook's virtual codes (libuiohook/include/uiohook.h), as uiohook-napi reports them.
const LETTER_CODES = [
  30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44,
]
const DIGIT_CODES = [11, 2, 3, 4, 5, 6, 7, 8, 9, 10]
const F_CODES = [
  59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88, 91, 92, 93, 99, 100, 101, 102, 103, 104, 105, 106, 107,
]
const NUMPAD_DIGIT_CODES = [82, 79, 80, 81, 75, 76, 77, 71, 72, 73]

interface KeyInfo {
  keycodes: readonly number[]
  /** Typed with Shift on a US layout, which is how Electron registers it (`!` is Shift+1). */
  shifted?: boolean
  /** Harmless alone: it types nothing, so it may be a shortcut without a modifier. */
  standalone?: boolean
}

function buildKeyTable(): ReadonlyMap<string, KeyInfo & { name: string }> {
  const table = new Map<string, KeyInfo & { name: string }>()
  const add = (name: string, info: KeyInfo, ...aliases: string[]) => {
    for (const alias of [name, ...aliases]) table.set(alias.toLowerCase(), { name, ...info })
  }
  LETTER_CODES.forEach((code, i) => add(String.fromCharCode(65 + i), { keycodes: [code] }))
  DIGIT_CODES.forEach((code, i) => add(String(i), { keycodes: [code] }))
  F_CODES.forEach((code, i) => add(`F${i + 1}`, { keycodes: [code], standalone: true }))
  NUMPAD_DIGIT_CODES.forEach((code, i) => add(`num${i}`, { keycodes: [code] }))

  const punctuation: [plain: string, shifted: string, code: number][] = [
    [';', ':', 39],
    ['=', 'Plus', 13],
    [',', '<', 51],
    ['-', '_', 12],
    ['.', '>', 52],
    ['/', '?', 53],
    ['`', '~', 41],
    ['[', '{', 26],
    ['\\', '|', 43],
    [']', '}', 27],
    ["'", '"', 40],
  ]
  for (const [plain, shifted, code] of punctuation) {
    add(plain, { keycodes: [code] })
    add(shifted, { keycodes: [code], shifted: true })
  }
  ')!@#$%^&*('
    .split('')
    .forEach((char, digit) => add(char, { keycodes: [DIGIT_CODES[digit]!], shifted: true }))

  add('Space', { keycodes: [57] })
  add('Tab', { keycodes: [15] })
  add('Backspace', { keycodes: [14] })
  add('Delete', { keycodes: [3667] })
  add('Insert', { keycodes: [3666] })
  add('Enter', { keycodes: [28, 3612] }, 'Return')
  add('Escape', { keycodes: [1] }, 'Esc')
  add('Up', { keycodes: [57416] })
  add('Down', { keycodes: [57424] })
  add('Left', { keycodes: [57419] })
  add('Right', { keycodes: [57421] })
  add('Home', { keycodes: [3655] })
  add('End', { keycodes: [3663] })
  add('PageUp', { keycodes: [3657] })
  add('PageDown', { keycodes: [3665] })
  add('Capslock', { keycodes: [58] })
  add('Numlock', { keycodes: [69] })
  add('Scrolllock', { keycodes: [70], standalone: true })
  add('PrintScreen', { keycodes: [3639], standalone: true })
  add('numdec', { keycodes: [83] })
  add('numadd', { keycodes: [78] })
  add('numsub', { keycodes: [74] })
  add('nummult', { keycodes: [55] })
  add('numdiv', { keycodes: [3637] })
  add('VolumeUp', { keycodes: [0xe030], standalone: true })
  add('VolumeDown', { keycodes: [0xe02e], standalone: true })
  add('VolumeMute', { keycodes: [0xe020], standalone: true })
  add('MediaNextTrack', { keycodes: [0xe019], standalone: true })
  add('MediaPreviousTrack', { keycodes: [0xe010], standalone: true })
  add('MediaStop', { keycodes: [0xe024], standalone: true })
  add('MediaPlayPause', { keycodes: [0xe022], standalone: true })
  return table
}

const KEYS = buildKeyTable()

/** Left and right modifier keys: letting go of either ends a hold that needs it. */
const MODIFIER_KEYCODES: Readonly<Record<number, ModifierFlag>> = {
  29: 'ctrlKey',
  3613: 'ctrlKey',
  56: 'altKey',
  3640: 'altKey',
  42: 'shiftKey',
  54: 'shiftKey',
  3675: 'metaKey',
  3676: 'metaKey',
}

export function modifierOfKeycode(keycode: number): ModifierFlag | null {
  return MODIFIER_KEYCODES[keycode] ?? null
}

export function parseAccelerator(input: string, platform: NodeJS.Platform): ParseResult {
  const text = input.trim()
  if (text === '') return { ok: false, error: 'The shortcut is empty.' }
  const parts = text.split('+').map((p) => p.trim())
  if (parts.some((p) => p === ''))
    return { ok: false, error: `"${text}" has an empty part: write + as "Plus".` }

  const names = new Set<ModifierName>()
  let key: (KeyInfo & { name: string }) | null = null
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.toLowerCase()]
    if (modifier) {
      if (key) return { ok: false, error: `Modifiers come before the key: "${part}" follows "${key.name}".` }
      if (names.has(modifier)) return { ok: false, error: `"${modifier}" appears twice.` }
      names.add(modifier)
      continue
    }
    const found = KEYS.get(part.toLowerCase())
    if (!found) return { ok: false, error: `"${part}" is not a key Loa knows.` }
    if (key)
      return { ok: false, error: `Only one key besides the modifiers: "${key.name}" and "${found.name}".` }
    key = found
  }
  if (!key) return { ok: false, error: 'The shortcut needs a key besides the modifiers.' }

  const modifiers: ModifierState = { ctrlKey: false, altKey: false, shiftKey: false, metaKey: false }
  // Two names may mean one modifier here (CommandOrControl+Control off macOS): Electron accepts that, and so do we.
  for (const name of names) modifiers[flagOf(name, platform)] = true
  if (key.shifted) modifiers.shiftKey = true

  // A global shortcut takes its keystroke from every application: alone, a typing key could not be typed anywhere.
  const typesWithout = !modifiers.ctrlKey && !modifiers.altKey && !modifiers.metaKey
  if (typesWithout && !key.standalone) {
    return { ok: false, error: `"${text}" types text: add Ctrl, Alt or another modifier.` }
  }

  const ordered = MODIFIER_ORDER.filter((m) => names.has(m))
  return {
    ok: true,
    accelerator: {
      text: [...ordered, key.name].join('+'),
      key: key.name,
      modifiers,
      keycodes: key.keycodes,
    },
  }
}

/** The event is the accelerator's key, with exactly its modifiers held. */
export function matches(event: HookKeyEvent, accelerator: Accelerator): boolean {
  if (!accelerator.keycodes.includes(event.keycode)) return false
  const want = accelerator.modifiers
  return (
    event.ctrlKey === want.ctrlKey &&
    event.altKey === want.altKey &&
    event.shiftKey === want.shiftKey &&
    event.metaKey === want.metaKey
  )
}
