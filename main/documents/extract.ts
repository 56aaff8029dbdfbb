// Text out of a file, by its format. Plain text is read here; the other formats each have their own
// extractor beside this file.
import { basename } from 'node:path'
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  DocumentError,
  documentFormatOf,
  type ExtractedDocument,
} from './types'

export interface DocumentFile {
  /** The file's name (its extension chooses the format). */
  name: string
  bytes: Uint8Array
}

export async function extractDocument(file: DocumentFile): Promise<ExtractedDocument> {
  const format = documentFormatOf(file.name)
  if (format === null) {
    throw new DocumentError('unknown_format', `Loa opens ${DOCUMENT_FORMATS.map((f) => '.' + f).join(', ')}`)
  }
  if (file.bytes.byteLength > DOCUMENT_MAX_BYTES) {
    throw new DocumentError('too_large', `files up to ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`)
  }
  if (format !== 'txt') throw new DocumentError('unknown_format', `.${format} is not read yet`)
  const text = new TextDecoder('utf-8').decode(file.bytes).replace(/\r\n?/g, '\n').normalize('NFC').trim()
  if (text === '') throw new DocumentError('empty', 'the file has no text')
  return { format, title: null, chapters: [{ title: basename(file.name), text }], notes: [] }
}
