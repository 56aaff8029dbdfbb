// What Loa keeps about a crash until the next start offers it as a report: a small JSON file in the app's
// data folder, written whole. It holds when, which process, the error's message and stack, the version and
// the log's last lines, all through the log's redaction: never a key, a token or text the user read or said
// (the log holds none, and an error's message passes the same redaction as every log line).
import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-write'

export type CrashKind = 'main' | 'renderer'

export interface CrashRecord {
  time: string
  kind: CrashKind
  /** What went: the error's name and message, or the renderer's reason (`crashed`, `oom`, `unresponsive`). */
  message: string
  /** Null for a renderer, whose stack main never sees. */
  stack: string | null
  appVersion: string
  /** A voice conversation had a session open on the service when it happened. */
  voiceSessionOpen: boolean
  /** The log's newest lines at the time, already redacted. */
  lastLogLines: string[]
}

/** Enough to see a pattern; one crash loop must not grow the file without end. */
const MAX_RECORDS = 5
/** The lines before a crash that say what led to it; the whole history is in the log files. */
export const CRASH_LOG_LINES = 50
/** A stack is a few kB; a message is a sentence. Anything longer is not worth keeping whole. */
const MAX_STACK_CHARS = 16_000
const MAX_MESSAGE_CHARS = 2_000

export function crashFilePath(dataDir: string): string {
  return join(dataDir, 'crash-report.json')
}

export class CrashStore {
  /** Appends run one after another, so two crashes at once do not drop one of them. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly path: string,
    private readonly redact: (text: string) => string,
  ) {}

  /** The crashes recorded since the last report was saved or dismissed, oldest first. */
  async read(): Promise<CrashRecord[]> {
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(this.path, 'utf8'))
    } catch {
      // None, or a file cut short by the crash itself: nothing to offer.
      return []
    }
    const records = (raw as { records?: unknown }).records
    return Array.isArray(records) ? records.filter(isRecord) : []
  }

  add(record: CrashRecord): Promise<void> {
    const next = this.#queue.then(async () => {
      await this.#write([...(await this.read()), this.#clean(record)].slice(-MAX_RECORDS))
    })
    this.#queue = next.catch(() => {})
    return next
  }

  /** Forgets these records (offered, then saved or dismissed), not any added since; the file goes when empty. */
  drop(records: CrashRecord[]): Promise<void> {
    const gone = new Set(records.map(identity))
    const next = this.#queue.then(async () => {
      const kept = (await this.read()).filter((r) => !gone.has(identity(r)))
      if (kept.length === 0) await unlink(this.path).catch(() => {})
      else await this.#write(kept)
    })
    this.#queue = next.catch(() => {})
    return next
  }

  #write(records: CrashRecord[]): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify({ records }, null, 2)}\n`)
  }

  #clean(record: CrashRecord): CrashRecord {
    return {
      ...record,
      message: this.redact(record.message).slice(0, MAX_MESSAGE_CHARS),
      stack: record.stack === null ? null : this.redact(record.stack).slice(0, MAX_STACK_CHARS),
      lastLogLines: record.lastLogLines.slice(-CRASH_LOG_LINES).map((line) => this.redact(line)),
    }
  }
}

function identity(r: CrashRecord): string {
  return `${r.time} ${r.kind} ${r.message}`
}

function isRecord(value: unknown): value is CrashRecord {
  if (typeof value !== 'object' || value === null) return false
  const r = value as Record<string, unknown>
  return (
    typeof r.time === 'string' &&
    (r.kind === 'main' || r.kind === 'renderer') &&
    typeof r.message === 'string' &&
    (typeof r.stack === 'string' || r.stack === null) &&
    typeof r.appVersion === 'string' &&
    typeof r.voiceSessionOpen === 'boolean' &&
    Array.isArray(r.lastLogLines) &&
    r.lastLogLines.every((l) => typeof l === 'string')
  )
}
