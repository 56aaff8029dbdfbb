// The Reader's recent readings, kept on disk so they can be downloaded again while the service stores
// their audio (tts-api.md "States and transitions": 24 h on FREE, 72 h on paid plans). Records name the
// account by key hash, never by key; the audio itself stays with the service. A damaged file is set
// aside and the list starts empty; a failed write (full disk) keeps the list in memory and is retried
// with the next change.
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { ReaderFormat } from '../../preload/contract'
import { writeFileAtomic } from '../storage/atomic-write'

export const HISTORY_FILE_NAME = 'reader-history.json'
const FILE_VERSION = 1
/** Readings kept per account: a day's worth of ordinary use. */
export const HISTORY_LIMIT = 50
/** Records whose audio the service deleted are dropped this long after. */
const KEEP_AFTER_EXPIRY_MS = 7 * 24 * 3600_000

const recordSchema = z.object({
  id: z.string(),
  account: z.string(),
  createdAt: z.string(),
  model: z.string(),
  voice: z.string().nullable(),
  format: z.enum(['mp3', 'wav', 'pcm', 'opus', 'aac', 'flac', 'ogg']),
  chars: z.number(),
  costVnd: z.number(),
  preview: z.string(),
  expiresAt: z.string().nullable(),
  /** One per chunk with audio, in order; null where the service named no job. */
  jobIds: z.array(z.string().nullable()),
  /**
   * The chunks the whole text was split into: more than `jobIds` when the reading stopped part way.
   * Absent from records written before it was kept; then how much is missing is not known.
   */
  chunkCount: z.number().int().positive().optional(),
  sampleRateHz: z.number().nullable(),
  gone: z.enum(['not_found', 'expired']).nullable(),
})

export type HistoryRecord = z.output<typeof recordSchema> & { format: ReaderFormat }

const fileSchema = z.object({ version: z.literal(FILE_VERSION), records: z.array(z.unknown()) })

export interface ReaderHistoryOptions {
  dir: string
  now?: () => number
  /** A damaged file set aside, or a failed write; neither stops the history. */
  onError?: (err: unknown) => void
}

export class ReaderHistory {
  readonly path: string
  readonly #now: () => number
  readonly #onError: (err: unknown) => void
  #records: HistoryRecord[]
  #writing: Promise<void> = Promise.resolve()

  private constructor(opts: ReaderHistoryOptions, records: HistoryRecord[]) {
    this.path = join(opts.dir, HISTORY_FILE_NAME)
    this.#now = opts.now ?? Date.now
    this.#onError = opts.onError ?? (() => {})
    this.#records = records
  }

  static async open(opts: ReaderHistoryOptions): Promise<ReaderHistory> {
    const path = join(opts.dir, HISTORY_FILE_NAME)
    return new ReaderHistory(opts, await readRecords(path, opts.onError))
  }

  /** The account's readings, newest first, without those long expired. */
  list(account: string): HistoryRecord[] {
    const cutoff = this.#now() - KEEP_AFTER_EXPIRY_MS
    return this.#records.filter(
      (r) => r.account === account && (r.expiresAt === null || Date.parse(r.expiresAt) > cutoff),
    )
  }

  get(id: string): HistoryRecord | undefined {
    return this.#records.find((r) => r.id === id)
  }

  /** Adds or replaces a record (by id) at the top, and writes the file. */
  put(record: HistoryRecord): Promise<void> {
    const others = this.#records.filter((r) => r.id !== record.id)
    const sameAccount = others.filter((r) => r.account === record.account)
    const dropped = new Set(sameAccount.slice(HISTORY_LIMIT - 1).map((r) => r.id))
    this.#records = [record, ...others.filter((r) => !dropped.has(r.id))]
    return this.#save()
  }

  update(id: string, patch: Partial<Pick<HistoryRecord, 'gone' | 'expiresAt'>>): Promise<void> {
    const i = this.#records.findIndex((r) => r.id === id)
    const current = this.#records[i]
    if (!current) return Promise.resolve()
    this.#records[i] = { ...current, ...patch }
    return this.#save()
  }

  /** Writes in order; never rejects. */
  #save(): Promise<void> {
    const text = JSON.stringify({ version: FILE_VERSION, records: this.#records })
    this.#writing = this.#writing.then(() => writeFileAtomic(this.path, text).catch(this.#onError))
    return this.#writing
  }
}

async function readRecords(path: string, onError?: (err: unknown) => void): Promise<HistoryRecord[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError?.(err)
    return []
  }
  const parsed = fileSchema.safeParse(safeJson(text))
  if (!parsed.success) {
    const aside = `${path}.damaged-${Date.now()}`
    await rename(path, aside).catch(() => {})
    onError?.(new Error(`The reading history was damaged; it was moved to ${aside}.`))
    return []
  }
  // A record that no longer reads is dropped alone; the others stay.
  return parsed.data.records.flatMap((r) => {
    const one = recordSchema.safeParse(r)
    return one.success ? [one.data] : []
  })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
