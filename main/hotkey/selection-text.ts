// Where the read-selection hotkey finds its text: on Linux the X11 primary selection (what is
// highlighted, no copy needed), else the clipboard. Where the primary selection is missing or empty
// (Wayland without it, other desktops), the clipboard is read instead.

/** Electron's clipboard: `selection` is the primary selection, on Linux only. */
export interface ClipboardReader {
  readText(): Promise<string>
  readonly selection?: ClipboardReader | undefined
}

export interface SelectedText {
  text: string
  from: 'selection' | 'clipboard'
}

export async function selectedText(
  clipboard: ClipboardReader,
  platform: NodeJS.Platform,
): Promise<SelectedText> {
  if (platform === 'linux' && clipboard.selection) {
    const selection = await safeRead(clipboard.selection)
    if (selection.trim() !== '') return { text: selection, from: 'selection' }
  }
  return { text: await safeRead(clipboard), from: 'clipboard' }
}

async function safeRead(source: ClipboardReader): Promise<string> {
  try {
    return await source.readText()
  } catch {
    return ''
  }
}
