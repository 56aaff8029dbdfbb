// A key press on the settings page, written as an Electron accelerator. It reads `event.code`, the physical key,
// so the same keys give the same shortcut whatever the keyboard layout.

export type KeyPress = Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>

const NAMED_CODES: Readonly<Record<string, string>> = {
  Space: 'Space',
  Tab: 'Tab',
  Enter: 'Enter',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Escape: 'Escape',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  CapsLock: 'Capslock',
  NumLock: 'Numlock',
  ScrollLock: 'Scrolllock',
  PrintScreen: 'PrintScreen',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  NumpadDecimal: 'numdec',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  AudioVolumeUp: 'VolumeUp',
  AudioVolumeDown: 'VolumeDown',
  AudioVolumeMute: 'VolumeMute',
  MediaTrackNext: 'MediaNextTrack',
  MediaTrackPrevious: 'MediaPreviousTrack',
  MediaStop: 'MediaStop',
  MediaPlayPause: 'MediaPlayPause',
}

/** Keys that type nothing, so they may be a global shortcut on their own. */
const STANDALONE = new Set([
  'Scrolllock',
  'PrintScreen',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
])

function keyName(code: string): string | null {
  const named = NAMED_CODES[code]
  if (named) return named
  let m = /^Key([A-Z])$/.exec(code)
  if (m) return m[1]!
  m = /^(?:Digit|Numpad)(\d)$/.exec(code)
  if (m) return code.startsWith('Numpad') ? `num${m[1]}` : m[1]!
  m = /^F(\d{1,2})$/.exec(code)
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 24) return code
  return null
}

/**
 * The accelerator for this key press, or null while only modifiers are down or for a key Electron cannot
 * register. The key that is Ctrl's job on this platform (Cmd on macOS) becomes `CommandOrControl`.
 */
export function acceleratorFromEvent(event: KeyPress, platform: string): string | null {
  const key = keyName(event.code)
  if (!key) return null
  const mac = platform === 'darwin'
  const parts: string[] = []
  // The order main writes accelerators in: CommandOrControl, Command, Control, Alt, AltGr, Shift, Super.
  if (mac ? event.metaKey : event.ctrlKey) parts.push('CommandOrControl')
  if (mac && event.ctrlKey) parts.push('Control')
  if (event.altKey) parts.push('Alt')
  if (event.shiftKey) parts.push('Shift')
  if (!mac && event.metaKey) parts.push('Super')
  return [...parts, key].join('+')
}

/** A shortcut with no modifier but Shift, on a key that types: it would take that key from every app. */
export function typesText(accelerator: string): boolean {
  const parts = accelerator.split('+')
  const key = parts.pop() ?? ''
  if (parts.some((p) => p !== 'Shift')) return false
  return !(STANDALONE.has(key) || /^F\d{1,2}$/.test(key))
}
