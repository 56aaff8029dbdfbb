// A document as the Reader and `loa say --file` take it: its text by chapter, in reading order, and
// what was left out on the way (a table skipped, a scanned page with no text). Every format's
// extractor produces this shape; nothing downstream knows which format a document came from.

/** The formats Loa opens, by file extension (lower case, without the dot). */
export const DOCUMENT_FORMATS = ['txt', 'md', 'html', 'pdf', 'epub', 'docx'] as const
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number]

export interface DocumentChapter {
  /** The chapter's or heading's title; the file's name for a document without headings. */
  title: string
  /** The chapter's text, NFC, paragraphs separated by a blank line. */
  text: string
}

export interface ExtractedDocument {
  format: DocumentFormat
  /** The document's own title where it has one (EPUB metadata, HTML <title>, a first heading). */
  title: string | null
  chapters: DocumentChapter[]
  /** What the extractor left out or changed, for the listener (e.g. "2 tables skipped"), in English. */
  notes: string[]
  /** The same notes by code and count, one for each of `notes`, in its order, for words in any language. */
  noteCodes?: DocumentNote[]
}

/** What an extractor left out or changed; each code has its words in both languages where it is shown. */
export type DocumentNoteCode =
  'tables_read_by_row' | 'code_skipped' | 'page_edges_left_out' | 'pages_without_text'

export interface DocumentNote {
  code: DocumentNoteCode
  /** How many tables, code blocks or pages. */
  count: number
  /** Of how many pages, for the notes about pages. */
  of?: number
}

/** Why a file could not be read; each code has its own message in both languages. */
export type DocumentErrorCode =
  'unknown_format' | 'too_large' | 'no_text_layer' | 'encrypted' | 'corrupt' | 'empty'

export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'DocumentError'
  }
}

/** The largest file Loa opens: a 500-page book is a few MB; past this it is refused with the limit. */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024

/** The format of a file by its extension, or null when Loa does not open it. */
export function documentFormatOf(fileName: string): DocumentFormat | null {
  const dot = fileName.lastIndexOf('.')
  if (dot < 0) return null
  const ext = fileName.slice(dot + 1).toLowerCase()
  if (ext === 'markdown') return 'md'
  if (ext === 'htm' || ext === 'xhtml') return 'html'
  return (DOCUMENT_FORMATS as readonly string[]).includes(ext) ? (ext as DocumentFormat) : null
}
