// The document worker's thread: reads the files it is sent, one at a time, and posts back each one's
// opening (for a long PDF), then its document or why it could not be read. Run by worker.ts; built as its
// own entry (document-worker.js) beside main's bundle.
import { parentPort } from 'node:worker_threads'
import { extractDocument } from './extract'
import { DocumentError, type ExtractedDocument } from './types'
import type { WorkerAnswer, WorkerRequest } from './worker-answer'

const post = (answer: WorkerAnswer): void => parentPort?.postMessage(answer)

/** The file being read, and what lets its rest be read when it is held after its opening. */
let current = { id: -1, goOn: (): void => undefined }

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.kind === 'go-on') {
    if (request.id === current.id) current.goOn()
    return
  }
  const { id, file, opening, hold } = request
  let goOn = (): void => undefined
  const held = hold ? new Promise<void>((resolve) => (goOn = resolve)) : Promise.resolve()
  current = { id, goOn }
  const onOpening = (document: ExtractedDocument): Promise<void> => {
    post({ kind: 'opening', document })
    return held
  }
  extractDocument(file, opening ? { onOpening } : {}).then(
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
