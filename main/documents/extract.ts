// Text out of a file, by its format: plain text is read here; each other format has its extractor beside
// this file. Every extractor returns the same shape (types.ts), checked here the same way: a document
// with no text at all is refused, whatever format it came in.
import { basename } from 'node:path'
import { readDocx } from './docx'
import { readEpub } from './epub'
import { htmlDocument, readHtml } from './html'
import { readMarkdown } from './markdown'
import { readPdf, type ReadOptions } from './pdf'
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  DocumentError,
  documentFormatOf,
  type DocumentFormat,
  type ExtractedDocument,
} from './types'

export type { ReadOptions }

export interface DocumentFile {
  /** The file's name (its extension chooses the format). */
  name: string
  bytes: Uint8Array
}

export async function extractDocument(
  file: DocumentFile,
  options: ReadOptions = {},
): Promise<ExtractedDocument> {
  const format = documentFormatOf(file.name)
  if (format === null) {
    throw new DocumentError('unknown_format', `Loa opens ${DOCUMENT_FORMATS.map((f) => '.' + f).join(', ')}`)
  }
  if (file.bytes.byteLength > DOCUMENT_MAX_BYTES) {
    throw new DocumentError('too_large', `files up to ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`)
  }
  const onOpening = options.onOpening
  const doc = await read(format, file.bytes, basename(file.name), {
    // An opening with no text yet is not handed over: the whole document decides.
    ...(onOpening
      ? { onOpening: (opening: ExtractedDocument) => (withText(opening) ? onOpening(opening) : undefined) }
      : {}),
  })
  return checked(doc)
}

function checked(doc: ExtractedDocument): ExtractedDocument {
  if (!withText(doc)) throw new DocumentError('empty', 'the file has no text')
  return { ...doc, chapters: doc.chapters.filter((c) => c.text.trim() !== '') }
}

function withText(doc: ExtractedDocument): boolean {
  return doc.chapters.some((c) => c.text.trim() !== '')
}

function read(
  format: DocumentFormat,
  bytes: Uint8Array,
  untitled: string,
  options: ReadOptions,
): Promise<ExtractedDocument> {
  switch (format) {
    case 'txt':
      return Promise.resolve(readText(bytes, untitled))
    case 'md':
      return Promise.resolve(readMarkdown(decode(bytes), untitled))
    case 'html':
      return Promise.resolve(htmlDocument('html', readHtml(decode(bytes)), untitled))
    case 'pdf':
      return readPdf(bytes, untitled, options)
    case 'epub':
      return readEpub(bytes, untitled)
    case 'docx':
      return readDocx(bytes, untitled)
  }
}

function readText(bytes: Uint8Array, untitled: string): ExtractedDocument {
  const text = decode(bytes).replace(/\r\n?/g, '\n').normalize('NFC').trim()
  return { format: 'txt', title: null, chapters: [{ title: untitled, text }], notes: [] }
}

/** UTF-8, its byte-order mark dropped. */
function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes)
}
