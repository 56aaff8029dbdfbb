// Where each document was left, what it has cost and the limit set for it, kept by a hash of the file's
// bytes (not its path: a file moved or renamed is the same document) in one file written whole, so closing
// Loa and opening the file again offers to continue from there. A damaged file starts the list afresh.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { DocumentPlace } from '../../preload/contract'
import { writeFileAtomic } from '../storage/atomic-write'

export const PLACES_FILE_NAME = 'document-places.json'
/** Documents remembered: a reading list's worth; the least recently heard go first. */
export const PLACES_LIMIT = 200

const placeSchema = z.object({
  chapter: z.number().int().min(0),
  sentence: z.number().int().min(0),
  chapterTitle: z.string(),
  preview: z.string(),
  at: z.string(),
}) satisfies z.ZodType<DocumentPlace>

const entrySchema = z.object({
  place: placeSchema.nullable(),
  spentVnd: z.number().min(0),
  limitVnd: z.number().min(0).nullable(),
})
export type DocumentEntry = z.output<typeof entrySchema>

const fileSchema = z.object({ version: z.literal(1), documents: z.record(z.string(), entrySchema) })

const EMPTY: DocumentEntry = { place: null, spentVnd: 0, limitVnd: null }

export class DocumentPlaces {
  readonly path: string
  readonly #onError: (err: unknown) => void
  /** In order of use, oldest first. */
  readonly #entries: Map<string, DocumentEntry>
  #writing: Promise<void> = Promise.resolve()

  private constructor(path: string, entries: Map<string, DocumentEntry>, onError: (err: unknown) => void) {
    this.path = path
    this.#entries = entries
    this.#onError = onError
  }

  static async open(dir: string, onError: (err: unknown) => void = () => {}): Promise<DocumentPlaces> {
    const path = join(dir, PLACES_FILE_NAME)
    const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') onError(err)
      return null
    })
    let documents: Record<string, DocumentEntry> = {}
    if (text !== null) {
      const parsed = fileSchema.safeParse(parseJson(text))
      if (parsed.success) documents = parsed.data.documents
      else onError(new Error(`The remembered places in ${path} could not be read; they start afresh.`))
    }
    return new DocumentPlaces(path, new Map(Object.entries(documents)), onError)
  }

  get(id: string): DocumentEntry {
    return this.#entries.get(id) ?? EMPTY
  }

  /** Changes a document's entry and writes the file whole; never rejects. */
  update(id: string, patch: Partial<DocumentEntry>): Promise<void> {
    const next = { ...this.get(id), ...patch }
    this.#entries.delete(id)
    this.#entries.set(id, next)
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= PLACES_LIMIT) break
      this.#entries.delete(oldest)
    }
    const text = JSON.stringify({ version: 1, documents: Object.fromEntries(this.#entries) })
    this.#writing = this.#writing.then(() => writeFileAtomic(this.path, text).catch(this.#onError))
    return this.#writing
  }

  /** Resolves when every write asked for so far is done. */
  flushed(): Promise<void> {
    return this.#writing
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}
