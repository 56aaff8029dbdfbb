// Text extraction off main's thread: a 500-page PDF takes seconds of parsing, and on the main thread it
// would freeze every window and the tray for as long. Each document gets a worker of its own, ended when
// it answers or when the caller gives up, so a file that hangs a library cannot hold a thread.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { DocumentFile } from './extract'
import { DocumentError, type ExtractedDocument } from './types'
import type { WorkerAnswer } from './worker-answer'

/**
 * The worker. In the app, the build makes worker-entry.ts into document-worker.js beside main's bundle
 * (electron.vite.config.ts). From the sources (`loa` under tsx, the tests), worker-entry.ts is loaded
 * through tsx's loader, registered in the new thread first: Node 20 does not carry `--import tsx` over to
 * a worker's execArgv in time for its entry.
 */
function startWorker(): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) {
    // This file lands in main's bundle or in one of its chunks, a folder below.
    const beside = new URL('./document-worker.js', here)
    return new Worker(existsSync(beside) ? beside : new URL('../document-worker.js', here))
  }
  // The package's ESM build of its API, found from its CommonJS one (createRequire resolves `require`).
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href
  const entry = new URL('./worker-entry.ts', here).href
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(boot, { eval: true })
}

export function extractDocumentOffThread(
  file: DocumentFile,
  options: { signal?: AbortSignal } = {},
): Promise<ExtractedDocument> {
  const worker = startWorker()
  return new Promise<ExtractedDocument>((resolve, reject) => {
    const stop = (): void => {
      void worker.terminate()
      reject(new DOMException('the document was not read: cancelled', 'AbortError'))
    }
    if (options.signal?.aborted) return stop()
    options.signal?.addEventListener('abort', stop, { once: true })
    const done = (): void => {
      options.signal?.removeEventListener('abort', stop)
      void worker.terminate()
    }
    worker.once('message', (answer: WorkerAnswer) => {
      done()
      if (answer.ok) resolve(answer.document)
      else reject(new DocumentError(answer.code, answer.message))
    })
    worker.once('error', (err) => {
      done()
      reject(new DocumentError('corrupt', `the file could not be read (${err.message})`, { cause: err }))
    })
    worker.once('exit', (code) => {
      done()
      reject(new DocumentError('corrupt', `the file could not be read (the reader stopped, code ${code})`))
    })
    // The worker gets its own copy of the bytes, moved rather than copied again.
    const bytes = file.bytes.slice()
    worker.postMessage({ name: file.name, bytes }, [bytes.buffer])
  })
}
