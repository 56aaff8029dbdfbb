// The read-selection hotkey on Electron: a global shortcut that reads the selected text aloud with the
// saved Reader settings. It fires on press only, which is all it needs.
import { clipboard, globalShortcut } from 'electron'
import { selectedText } from '../hotkey/selection-text'

export interface ReadSelectionHotkeyOptions {
  accelerator: () => string
  onAcceleratorChange(listener: (accelerator: string) => void): (() => void) | void
  read(text: string): void
  /** The shortcut could not be registered: another app holds it, or it is not valid. */
  onUnavailable(accelerator: string): void
}

export function startReadSelectionHotkey(opts: ReadSelectionHotkeyOptions): { dispose(): void } {
  let current: string | null = null
  const apply = (accelerator: string) => {
    if (current !== null) globalShortcut.unregister(current)
    current = null
    let ok = false
    try {
      ok = globalShortcut.register(accelerator, () => {
        void selectedText(clipboard, process.platform).then(({ text }) => opts.read(text))
      })
    } catch {
      ok = false
    }
    if (ok) current = accelerator
    else opts.onUnavailable(accelerator)
  }
  apply(opts.accelerator())
  const unsubscribe = opts.onAcceleratorChange((next) => {
    if (next !== current) apply(next)
  })
  return {
    dispose: () => {
      unsubscribe?.()
      if (current !== null) globalShortcut.unregister(current)
    },
  }
}
