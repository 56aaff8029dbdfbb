// `loa say --file`: the file's text, by its extension, read in a worker thread (main/documents), and what
// `loa` says when it cannot be read. A document's refusal is a usage error (exit 2): the file given is
// the problem, and each kind says what to do with it, in both languages: stderr says it in the terminal's,
// the --json object in English.
import { stat, readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Language } from '../../preload/contract'
import {
  DOCUMENT_MAX_BYTES,
  DocumentError,
  documentFormatOf,
  type DocumentChapter,
  type ExtractedDocument,
} from '../documents/types'
import { extractDocumentOffThread } from '../documents/worker'
import { refusalWords, unreadableWords } from './document-words'
import { EXIT } from './exit-codes'
import { CliFailure } from './failure'
import type { Words } from './language'
import { UsageError } from './verb'

/** The document in `path`; fails as a usage error naming the formats, the limit or what is wrong with it. */
export async function readDocumentFile(path: string): Promise<ExtractedDocument> {
  const name = basename(path)
  if (documentFormatOf(path) === null) {
    const words = inBoth((language) => refusalWords('unknown_format', name, language))
    throw new UsageError({ en: words.en.message, vi: words.vi.message })
  }
  const size = await stat(path).then(
    (s) => s.size,
    (cause: unknown) => unreadable(path, cause),
  )
  if (size > DOCUMENT_MAX_BYTES) throw failure(new DocumentError('too_large', ''), name)
  const bytes = await readFile(path).catch((cause: unknown) => unreadable(path, cause))
  return extractDocumentOffThread({ name: path, bytes: new Uint8Array(bytes) }).catch((err: unknown) => {
    throw err instanceof DocumentError ? failure(err, name, err.message) : err
  })
}

function failure(err: DocumentError, name: string, englishMessage?: string): CliFailure {
  return refusal(inBoth((language) => refusalWords(err.code, name, language, englishMessage)))
}

function unreadable(path: string, cause: unknown): never {
  throw refusal(inBoth((language) => unreadableWords(path, (cause as Error).message, language)))
}

function refusal(words: Words<{ message: string; hint: string }>): CliFailure {
  return new CliFailure({ en: words.en.message, vi: words.vi.message }, EXIT.usage, 'file', {
    en: words.en.hint,
    vi: words.vi.hint,
  })
}

function inBoth<T>(say: (language: Language) => T): Words<T> {
  return { en: say('en'), vi: say('vi') }
}

/**
 * A chapter as it is read aloud: its heading first, unless the chapter has none of its own (text before
 * any heading is titled by the file's name, which is not read).
 */
export function spokenChapter(chapter: DocumentChapter, path: string): string {
  return chapter.title === basename(path) ? chapter.text : `${chapter.title}\n\n${chapter.text}`
}
