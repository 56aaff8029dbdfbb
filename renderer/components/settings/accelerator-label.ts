// An Electron accelerator in the words the keyboard uses: macOS's symbols there, key names elsewhere.

const MAC_NAMES: Readonly<Record<string, string>> = {
  CommandOrControl: '⌘',
  Command: '⌘',
  Super: '⌘',
  Control: '⌃',
  Alt: '⌥',
  AltGr: '⌥',
  Shift: '⇧',
}

const PC_NAMES: Readonly<Record<string, string>> = {
  CommandOrControl: 'Ctrl',
  Command: 'Super',
  Control: 'Ctrl',
  Super: 'Super',
}

export function acceleratorLabel(accelerator: string, platform: string): string {
  const mac = platform === 'darwin'
  const names = mac ? MAC_NAMES : PC_NAMES
  return accelerator
    .split('+')
    .map((part) => names[part] ?? part)
    .join(mac ? '' : '+')
}
