// Where the read-selection hotkey finds its text: the primary selection on Linux, else the clipboard.
import { describe, expect, it } from 'vitest'
import { selectedText, type ClipboardReader } from '../../main/hotkey/selection-text'

function board(clipboard: string | Error, selection?: string | Error): ClipboardReader {
  const reader = (v: string | Error) => () => (v instanceof Error ? Promise.reject(v) : Promise.resolve(v))
  return {
    readText: reader(clipboard),
    ...(selection === undefined ? {} : { selection: { readText: reader(selection) } }),
  }
}

describe('selectedText', () => {
  it('reads the X11 primary selection first on Linux', async () => {
    expect(await selectedText(board('copied', 'highlighted'), 'linux')).toEqual({
      text: 'highlighted',
      from: 'selection',
    })
  })

  it('falls back to the clipboard when the selection is empty, blank or fails', async () => {
    expect(await selectedText(board('copied', ''), 'linux')).toEqual({ text: 'copied', from: 'clipboard' })
    expect(await selectedText(board('copied', ' \n'), 'linux')).toEqual({ text: 'copied', from: 'clipboard' })
    expect(await selectedText(board('copied', new Error('no X')), 'linux')).toEqual({
      text: 'copied',
      from: 'clipboard',
    })
    expect(await selectedText(board('copied'), 'linux')).toEqual({ text: 'copied', from: 'clipboard' })
  })

  it('uses only the clipboard on Windows and macOS, and answers empty when even that fails', async () => {
    expect(await selectedText(board('copied', 'highlighted'), 'win32')).toEqual({
      text: 'copied',
      from: 'clipboard',
    })
    expect(await selectedText(board('copied', 'highlighted'), 'darwin')).toMatchObject({ text: 'copied' })
    expect(await selectedText(board(new Error('locked')), 'darwin')).toEqual({ text: '', from: 'clipboard' })
  })
})
