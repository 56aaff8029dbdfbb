// Loa's log: JSON lines with a level, written by pino (a maintained logger that runs the same under plain
// Node and Electron's main process) into files pino-roll rotates. Every line goes through the Redactor on
// its way out, whatever wrote it; the newest lines also stay in memory for the support bundle.
import { join } from 'node:path'
import pino from 'pino'
import pinoRoll from 'pino-roll'
import { RecentLog, type RecentSnapshot } from './recent'
import { Redactor } from './redact'

export type LogFields = Record<string, unknown>
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Log {
  debug(event: string, fields?: LogFields): void
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, err: unknown, fields?: LogFields): void
  /** A crash: written before the process goes, with the stack. */
  fatal(event: string, err: unknown): void
  /** From now on `secret` (a key, a token) is taken out of every line. */
  keepOut(secret: string): void
  /** The log's redaction, for text that leaves by another way (the support bundle). */
  redact(text: string): string
  recent(): RecentSnapshot
  close(): Promise<void>
}

export interface FileLogOptions {
  /** The log folder; made when missing. */
  dir: string
  /** The files' base name: `main` gives main.1.log, main.2.log, … */
  name: string
  level?: LogLevel
  /** A file's size before the next is started; tests make it small to see the rotation. */
  fileSize?: string
}

/** A file grows to this size before the next is started, and a new file is started each day. */
const FILE_SIZE = '5m'
/**
 * Older files kept besides the one being written: at most 5 × 5 MB on disk, days of ordinary use, which is
 * what a support request looks back over.
 */
export const OLDER_FILES = 4

export async function openFileLog(opts: FileLogOptions): Promise<Log> {
  const stream = await pinoRoll({
    file: join(opts.dir, opts.name),
    extension: '.log',
    size: opts.fileSize ?? FILE_SIZE,
    frequency: 'daily',
    limit: { count: OLDER_FILES },
    mkdir: true,
    // Written at once, so the line about a crash is on disk before the process ends.
    sync: true,
  })
  return createLog(
    (line) => stream.write(line),
    opts.level,
    () => {
      stream.flushSync()
      return new Promise<void>((resolve) => {
        stream.once('close', () => resolve())
        stream.end()
      })
    },
  )
}

/** A log whose redacted lines go to `write`; tests and hosts without a log folder use it directly. */
export function createLog(
  write: (line: string) => unknown,
  level: LogLevel = 'info',
  close: () => Promise<void> = async () => {},
): Log {
  const redactor = new Redactor()
  const recent = new RecentLog()
  let closed = false
  const sink = {
    write(line: string) {
      const safe = redactor.redact(line)
      recent.add(safe)
      // A late line (a socket closing after the services) is kept in memory, not written to a closed file.
      if (!closed) write(safe)
    },
  }
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    sink,
  )
  return {
    debug: (event, fields) => logger.debug(fields ?? {}, event),
    info: (event, fields) => logger.info(fields ?? {}, event),
    warn: (event, fields) => logger.warn(fields ?? {}, event),
    error: (event, err, fields) => logger.error({ ...fields, err: errorFields(err, false) }, event),
    fatal: (event, err) => logger.fatal({ err: errorFields(err, true) }, event),
    keepOut: (secret) => redactor.keepOut(secret),
    redact: (text) => redactor.redact(text),
    recent: () => recent.snapshot(),
    async close() {
      if (closed) return
      closed = true
      await close()
    },
  }
}

/** What an error says about itself, as plain fields: its kind, code, status and request id where it has them. */
function errorFields(err: unknown, withStack: boolean): LogFields {
  if (!(err instanceof Error)) return { message: String(err) }
  const e = err as Error & {
    kind?: unknown
    code?: unknown
    details?: { status?: unknown; requestId?: unknown }
  }
  return {
    name: e.name,
    message: e.message,
    ...(typeof e.kind === 'string' ? { kind: e.kind } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(e.details?.status !== undefined ? { status: e.details.status } : {}),
    ...(e.details?.requestId !== undefined ? { requestId: e.details.requestId } : {}),
    ...(withStack && e.stack ? { stack: e.stack } : {}),
  }
}
