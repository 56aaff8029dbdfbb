// The document worker's thread: reads one file and posts back its document, or why it could not. Run by
// worker.ts; built as its own entry (document-worker.js) beside main's bundle.
import { parentPort } from 'node:worker_threads'
import { extractDocument, type DocumentFile } from './extract'
import { DocumentError } from './types'
import type { WorkerAnswer } from './worker-answer'

parentPort?.once('message', (file: DocumentFile) => {
  extractDocument(file).then(
    (document) => parentPort?.postMessage({ ok: true, document } satisfies WorkerAnswer),
    (err: unknown) => {
      // An error a library throws that no extractor recognised: the file is one it cannot read.
      const known = err instanceof DocumentError
      const answer: WorkerAnswer = {
        ok: false,
        code: known ? err.code : 'corrupt',
        message: known
          ? err.message
          : `the file could not be read (${String((err as Error)?.message ?? err)})`,
      }
      parentPort?.postMessage(answer)
    },
  )
})
