// What the document worker posts back: only plain data crosses between threads, so an error travels as
// its code and message and is made a DocumentError again on the other side.
import type { DocumentErrorCode, ExtractedDocument } from './types'

export type WorkerAnswer =
  { ok: true; document: ExtractedDocument } | { ok: false; code: DocumentErrorCode; message: string }
