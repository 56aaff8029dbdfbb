// The read-selection key's reading: text the user selected in another app, read with the saved Reader
// settings. Every outcome is told in a desktop notification, since the window may be hidden: an empty
// selection, a model that reads Vietnamese poorly, and a reading that fails (then the Reader opens on it).
import type { Language, Settings } from '../../preload/contract'
import { toIpcError } from '../errors'
import {
  nothingSelectedText,
  poorVietnameseText,
  readSelectionFailedText,
  type NoticeText,
} from './read-selection-text'
import type { ReaderService } from './reader-service'

export interface ReadSelectionDeps {
  reader: ReaderService
  /** The saved Reader settings. */
  readerSettings: () => Settings['tts']
  language: () => Language
  notify: (title: string, body: string) => void
  showReader: () => void
}

export async function readSelection(text: string, deps: ReadSelectionDeps): Promise<void> {
  const { reader, language } = deps
  const notice = ({ title, body }: NoticeText) => deps.notify(title, body)
  if (text.trim() === '') return notice(nothingSelectedText(language()))
  const failed = (message: string) => {
    // Say why, and open the Reader on the reading so the user can fix the choice or resume.
    notice(readSelectionFailedText(language(), message))
    deps.showReader()
  }
  try {
    const picked = await reader.chooseFor(text, deps.readerSettings())
    if (picked.poorVietnamese) notice(poorVietnameseText(language(), picked.choice.model))
    await reader.read(picked.choice)
  } catch (err) {
    return failed(toIpcError(err).message)
  }
  // The window may be hidden: a reading that fails later is told too.
  const reading = reader.current
  await reading?.settled()
  const error = reading?.status().error
  if (error) failed(error.message)
}
