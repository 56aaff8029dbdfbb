// Errors inside main carry a stable kind (the IPC error union) and a cause; they cross IPC as plain data.
import type { ErrorKind, IpcError } from '../preload/contract'

export class AppError extends Error {
  readonly kind: ErrorKind
  readonly retryAfterMs: number | undefined
  readonly field: string | undefined

  constructor(
    kind: ErrorKind,
    message: string,
    opts: { cause?: unknown; retryAfterMs?: number; field?: string } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'AppError'
    this.kind = kind
    this.retryAfterMs = opts.retryAfterMs
    this.field = opts.field
  }
}

/** Plain data for the renderer. Unknown failures get a generic message: internals never leak into the UI. */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof AppError) {
    const out: IpcError = { kind: err.kind, message: err.message }
    if (err.retryAfterMs !== undefined) out.retryAfterMs = err.retryAfterMs
    if (err.field !== undefined) out.field = err.field
    return out
  }
  return { kind: 'internal', message: 'Something went wrong inside Loa.' }
}
