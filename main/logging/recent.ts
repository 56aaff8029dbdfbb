// The newest log lines, requests and errors, kept in memory for the support bundle. They are read from
// lines already redacted, so the bundle holds nothing the log file would not.

/** Enough to see what led up to a problem; the whole history is in the files. */
const MAX_LINES = 200
const MAX_REQUESTS = 50
const MAX_ERRORS = 20

export interface RecentRequest {
  time: string
  method: string
  path: string
  status: number | null
  durationMs: number
  requestId: string | null
}

export interface RecentError {
  time: string
  event: string
  message: string | null
}

export interface RecentSnapshot {
  lines: string[]
  requests: RecentRequest[]
  errors: RecentError[]
}

export class RecentLog {
  readonly #lines: string[] = []
  readonly #requests: RecentRequest[] = []
  readonly #errors: RecentError[] = []

  /** One redacted JSON line, as the log writes it. */
  add(line: string): void {
    const text = line.trimEnd()
    push(this.#lines, text, MAX_LINES)
    let entry: Record<string, unknown>
    try {
      entry = JSON.parse(text) as Record<string, unknown>
    } catch {
      return
    }
    const time = typeof entry.time === 'string' ? entry.time : ''
    const event = typeof entry.msg === 'string' ? entry.msg : ''
    if (event === 'request') push(this.#requests, requestOf(entry, time), MAX_REQUESTS)
    if (entry.level === 'error' || entry.level === 'fatal')
      push(this.#errors, { time, event, message: messageOf(entry.err) }, MAX_ERRORS)
  }

  snapshot(): RecentSnapshot {
    return { lines: [...this.#lines], requests: [...this.#requests], errors: [...this.#errors] }
  }
}

function push<T>(list: T[], item: T, max: number): void {
  list.push(item)
  if (list.length > max) list.shift()
}

function requestOf(e: Record<string, unknown>, time: string): RecentRequest {
  return {
    time,
    method: typeof e.method === 'string' ? e.method : '',
    path: typeof e.path === 'string' ? e.path : '',
    status: typeof e.status === 'number' ? e.status : null,
    durationMs: typeof e.durationMs === 'number' ? e.durationMs : 0,
    requestId: typeof e.requestId === 'string' ? e.requestId : null,
  }
}

function messageOf(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null
  const message = (err as { message?: unknown }).message
  return typeof message === 'string' ? message : null
}
