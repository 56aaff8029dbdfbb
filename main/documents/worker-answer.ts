// What passes between worker.ts and the document worker: only plain data crosses between threads, so an
// error travels as its code and message and is made a DocumentError again on the other side.
import type { DocumentFile } from './extract'
import type { DocumentErrorCode, ExtractedDocument } from './types'

export interface WorkerRequest {
  file: DocumentFile
  /** Whether to post the document's opening before the whole (extract.ts, `onOpening`). */
  opening: boolean
}

export type WorkerAnswer =
  | { kind: 'opening'; document: ExtractedDocument }
  | { kind: 'done'; document: ExtractedDocument }
  | { kind: 'failed'; code: DocumentErrorCode; message: string }
