// The management cache on disk: one JSON file holding, per key hash, the last body of each endpoint and
// when it was fetched. Written atomically (temp file + rename) a moment after changes; a damaged file is
// discarded on open; when writing fails (full disk, read-only home) entries simply live in memory.
// The file names accounts by key hash only: the API key itself is never written.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../../storage/atomic-write'
import { systemClock, type Clock, type TimerHandle } from './clock'

export const CACHE_FILE_NAME = 'management-cache.json'
const FILE_VERSION = 1
/** Changes within this time are written together. */
const WRITE_DELAY_MS = 1000
/** Entries nobody refreshed for this long are dropped on open. */
const MAX_ENTRY_AGE_MS = 30 * 24 * 3600_000

export interface StoredEntry {
  fetchedAtMs: number
  body: unknown
}

export interface CacheFileOptions {
  dir: string
  clock?: Clock
  writeDelayMs?: number
  /** Told about a discarded file or a failed write; neither stops the cache. */
  onError?: (err: unknown) => void
}

const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  accounts: z.record(z.string(), z.record(z.string(), z.unknown())),
})

const entrySchema = z.object({ fetchedAtMs: z.number(), body: z.unknown() })

type Accounts = Map<string, Map<string, StoredEntry>>

export class CacheFile {
  readonly path: string
  readonly #clock: Clock
  readonly #writeDelayMs: number
  readonly #onError: (err: unknown) => void
  readonly #accounts: Accounts
  #timer: TimerHandle | null = null
  #dirty = false
  #writing: Promise<void> | null = null
  #memoryOnly = false

  private constructor(opts: CacheFileOptions, accounts: Accounts) {
    this.path = join(opts.dir, CACHE_FILE_NAME)
    this.#clock = opts.clock ?? systemClock
    this.#writeDelayMs = opts.writeDelayMs ?? WRITE_DELAY_MS
    this.#onError = opts.onError ?? (() => {})
    this.#accounts = accounts
  }

  static async open(opts: CacheFileOptions): Promise<CacheFile> {
    const clock = opts.clock ?? systemClock
    const accounts = await readAccounts(join(opts.dir, CACHE_FILE_NAME), clock.now(), opts.onError)
    return new CacheFile(opts, accounts)
  }

  /** True after a write failed and until one succeeds: the cache then lives in memory only. */
  get memoryOnly(): boolean {
    return this.#memoryOnly
  }

  get(keyHash: string, id: string): StoredEntry | undefined {
    return this.#accounts.get(keyHash)?.get(id)
  }

  set(keyHash: string, id: string, entry: StoredEntry): void {
    let account = this.#accounts.get(keyHash)
    if (!account) this.#accounts.set(keyHash, (account = new Map()))
    account.set(id, entry)
    this.#changed()
  }

  delete(keyHash: string, id: string): void {
    if (this.#accounts.get(keyHash)?.delete(id)) this.#changed()
  }

  /** Drops every entry of one account, e.g. when its key is removed. */
  forget(keyHash: string): void {
    if (this.#accounts.delete(keyHash)) this.#changed()
  }

  /** Writes pending changes now. Never rejects: a failed write leaves the cache in memory. */
  async flush(): Promise<void> {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer)
    this.#timer = null
    while (this.#writing || this.#dirty) {
      if (this.#writing) await this.#writing
      else this.#writing = this.#write().finally(() => (this.#writing = null))
    }
  }

  #changed(): void {
    this.#dirty = true
    if (this.#timer !== null) return
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null
      void this.flush()
    }, this.#writeDelayMs)
  }

  async #write(): Promise<void> {
    this.#dirty = false
    try {
      await writeFileAtomic(this.path, JSON.stringify(serialize(this.#accounts)))
      this.#memoryOnly = false
    } catch (err) {
      this.#memoryOnly = true
      this.#onError(err)
    }
  }
}

async function readAccounts(
  path: string,
  nowMs: number,
  onError?: (err: unknown) => void,
): Promise<Accounts> {
  const accounts: Accounts = new Map()
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError?.(err)
    return accounts
  }
  let parsed: z.output<typeof fileSchema>
  try {
    parsed = fileSchema.parse(JSON.parse(text))
  } catch (err) {
    onError?.(new Error(`Discarded a damaged cache file ${path}`, { cause: err }))
    return accounts
  }
  for (const [hash, entries] of Object.entries(parsed.accounts)) {
    const account = new Map<string, StoredEntry>()
    for (const [id, raw] of Object.entries(entries)) {
      const entry = entrySchema.safeParse(raw)
      if (entry.success && nowMs - entry.data.fetchedAtMs < MAX_ENTRY_AGE_MS) account.set(id, entry.data)
    }
    if (account.size > 0) accounts.set(hash, account)
  }
  return accounts
}

function serialize(accounts: Accounts) {
  const out: Record<string, Record<string, StoredEntry>> = {}
  for (const [hash, entries] of accounts) out[hash] = Object.fromEntries(entries)
  return { version: FILE_VERSION, accounts: out }
}
