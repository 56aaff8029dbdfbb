// Text extraction off main's thread: a 500-page PDF takes seconds of parsing, and on the main thread it
// would freeze every window and the tray for as long. A long PDF's opening comes first, so a reading can
// begin while the rest is read.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { DocumentFile } from './extract'
import { DocumentError, type ExtractedDocument } from './types'
import type { WorkerAnswer, WorkerRequest } from './worker-answer'

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

/**
 * One worker is kept after it answers, unreferenced (it does not keep a process alive), so the next
 * document skips the thread's start and the libraries' loading; a second document read at the same time
 * gets a worker of its own, ended when it answers.
 */
let idle: Worker | null = null

function takeWorker(): Worker {
  const worker = idle ?? startWorker()
  if (worker !== idle) worker.once('exit', () => idle === worker && (idle = null))
  idle = null
  worker.ref()
  return worker
}

function giveBack(worker: Worker): void {
  if (idle !== null) void worker.terminate()
  else {
    worker.unref()
    idle = worker
  }
}

export interface OffThreadOptions {
  signal?: AbortSignal
  /** The document's opening, before the whole (extract.ts, `ReadOptions.onOpening`). */
  onOpening?: (opening: ExtractedDocument) => void
  /**
   * With onOpening: the rest of the document is read only once this settles (the reading's first audio).
   * Read at once, the rest takes the CPU the first speech request needs on a machine of two cores.
   */
  restAfter?: Promise<unknown>
}

/** Numbers each file sent to a worker, so that a late go-on reaches no other file. */
let lastId = 0

export function extractDocumentOffThread(
  file: DocumentFile,
  options: OffThreadOptions = {},
): Promise<ExtractedDocument> {
  const worker = takeWorker()
  const id = ++lastId
  return new Promise<ExtractedDocument>((resolve, reject) => {
    let attached = true
    const detach = (): void => {
      attached = false
      options.signal?.removeEventListener('abort', stop)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
    }
    // A file that hangs a library, or that the caller gave up on, takes its worker with it.
    const stop = (): void => {
      detach()
      void worker.terminate()
      reject(new DOMException('the document was not read: cancelled', 'AbortError'))
    }
    const onMessage = (answer: WorkerAnswer): void => {
      if (answer.kind === 'opening') return options.onOpening?.(answer.document)
      detach()
      giveBack(worker)
      if (answer.kind === 'done') resolve(answer.document)
      else reject(new DocumentError(answer.code, answer.message))
    }
    const onError = (err: Error): void => {
      detach()
      void worker.terminate()
      reject(new DocumentError('corrupt', `the file could not be read (${err.message})`, { cause: err }))
    }
    const onExit = (code: number): void => {
      detach()
      reject(new DocumentError('corrupt', `the file could not be read (the reader stopped, code ${code})`))
    }
    if (options.signal?.aborted) return stop()
    options.signal?.addEventListener('abort', stop, { once: true })
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    // The worker gets its own copy of the bytes, moved rather than copied again.
    const bytes = file.bytes.slice()
    const hold = options.onOpening !== undefined && options.restAfter !== undefined
    const request: WorkerRequest = {
      kind: 'read',
      id,
      file: { name: file.name, bytes },
      opening: options.onOpening !== undefined,
      hold,
    }
    worker.postMessage(request, [bytes.buffer])
    const goOn = (): void => {
      if (attached) worker.postMessage({ kind: 'go-on', id } satisfies WorkerRequest)
    }
    if (hold) void options.restAfter?.then(goOn, goOn)
  })
}
