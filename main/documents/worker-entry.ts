// The document worker's thread: reads the files it is sent, one at a time, and posts back each one's
// opening (for a long PDF), then its document or why it could not be read. Run by worker.ts; built as its
// own entry (document-worker.js) beside main's bundle.
import { parentPort } from 'node:worker_threads'
import { extractDocument } from './extract'
import { DocumentError } from './types'
import type { WorkerAnswer, WorkerRequest } from './worker-answer'

const post = (answer: WorkerAnswer): void => parentPort?.postMessage(answer)

parentPort?.on('message', ({ file, opening }: WorkerRequest) => {
  extractDocument(file, opening ? { onOpening: (document) => post({ kind: 'opening', document }) } : {}).then(
    (document) => post({ kind: 'done', document }),
    (err: unknown) => {
      // An error a library throws that no extractor recognised: the file is one it cannot read.
      const known = err instanceof DocumentError
      post({
        kind: 'failed',
        code: known ? err.code : 'corrupt',
        message: known
          ? err.message
          : `the file could not be read (${String((err as Error)?.message ?? err)})`,
      })
    },
  )
})
