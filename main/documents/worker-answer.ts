// What passes between worker.ts and the document worker: only plain data crosses between threads, so an
// error travels as its code and message and is made a DocumentError again on the other side.
import type { DocumentFile } from './extract'
import type { DocumentErrorCode, ExtractedDocument } from './types'

export type WorkerRequest =
  | {
      kind: 'read'
      /** Tells a go-on meant for this file from one that arrives late, for the file before. */
      id: number
      file: DocumentFile
      /** Whether to post the document's opening before the whole (extract.ts, `onOpening`). */
      opening: boolean
      /** Whether to wait, once the opening is posted, for a go-on before reading the rest. */
      hold: boolean
    }
  | { kind: 'go-on'; id: number }

export type WorkerAnswer =
  | { kind: 'opening'; document: ExtractedDocument }
  | { kind: 'done'; document: ExtractedDocument }
  | { kind: 'failed'; code: DocumentErrorCode; message: string }
