// `loa say --file`: the file's text, by its extension, read in a worker thread (main/documents), and what
// `loa` says when it cannot be read. A document's refusal is a usage error (exit 2): the file given is
// the problem, and each kind says what to do with it.
import { stat, readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  DocumentError,
  documentFormatOf,
  type DocumentChapter,
  type DocumentErrorCode,
  type ExtractedDocument,
} from '../documents/types'
import { extractDocumentOffThread } from '../documents/worker'
import { EXIT } from './exit-codes'
import { CliFailure } from './failure'
import { UsageError } from './verb'

const FORMATS = DOCUMENT_FORMATS.map((f) => `.${f}`).join(', ')
const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024

const HINT: Record<DocumentErrorCode, string> = {
  unknown_format: `give a ${FORMATS} file.`,
  too_large: `split the document into files under ${MAX_MB} MB.`,
  no_text_layer: 'run the PDF through OCR (text recognition) first, then give the result to --file.',
  encrypted: 'open it in the program that made it and save a copy without a password or DRM.',
  corrupt: 'open it in the program that made it and save it again, or export it as .txt.',
  empty: 'check that you gave the right file.',
}

/** The document in `path`; fails as a usage error naming the formats, the limit or what is wrong with it. */
export async function readDocumentFile(path: string): Promise<ExtractedDocument> {
  if (documentFormatOf(path) === null)
    throw new UsageError(
      `--file reads ${FORMATS} files, chosen by the extension; ${basename(path)} is none of them.`,
    )
  const size = await stat(path).then(
    (s) => s.size,
    (cause: unknown) => unreadable(path, cause),
  )
  if (size > DOCUMENT_MAX_BYTES)
    throw failure(new DocumentError('too_large', `${basename(path)} is over the ${MAX_MB} MB limit`))
  const bytes = await readFile(path).catch((cause: unknown) => unreadable(path, cause))
  return extractDocumentOffThread({ name: path, bytes: new Uint8Array(bytes) }).catch((err: unknown) => {
    throw err instanceof DocumentError ? failure(err, path) : err
  })
}

function failure(err: DocumentError, path?: string): CliFailure {
  const message = path === undefined ? err.message : `${basename(path)}: ${err.message}`
  return new CliFailure(message, EXIT.usage, 'file', HINT[err.code])
}

function unreadable(path: string, cause: unknown): never {
  throw new CliFailure(
    `could not read ${path}: ${(cause as Error).message}`,
    EXIT.usage,
    'file',
    'check the path given to --file.',
  )
}

/**
 * A chapter as it is read aloud: its heading first, unless the chapter has none of its own (text before
 * any heading is titled by the file's name, which is not read).
 */
export function spokenChapter(chapter: DocumentChapter, path: string): string {
  return chapter.title === basename(path) ? chapter.text : `${chapter.title}\n\n${chapter.text}`
}
