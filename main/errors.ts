// Errors inside main carry a stable kind (the IPC error union), a code saying exactly what went wrong with
// the figures it names, and a cause; they cross IPC as plain data, said in the user's language by the
// renderer.
import type { ErrorKind, IpcError } from '../preload/contract'

export interface AppErrorOptions {
  cause?: unknown
  retryAfterMs?: number
  field?: string
  /** Loa's own code for this failure (`base_url_not_https`, `edge_blocked`, ...); see IpcError.code. */
  code?: string
  params?: Record<string, string | number>
}

export class AppError extends Error {
  readonly kind: ErrorKind
  readonly retryAfterMs: number | undefined
  readonly field: string | undefined
  readonly code: string | undefined
  readonly params: Record<string, string | number> | undefined

  constructor(kind: ErrorKind, message: string, opts: AppErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'AppError'
    this.kind = kind
    this.retryAfterMs = opts.retryAfterMs
    this.field = opts.field
    this.code = opts.code
    this.params = opts.params
  }

  /** The service's answer this error stands for, when it came from one. GatewayError overrides it. */
  get answer(): { code: string | null; requestId: string | null } | null {
    return null
  }
}

/**
 * Plain data for the renderer. Unknown failures get a generic message: internals never leak into the UI.
 * The code is Loa's own when it named the failure, else the service's; the request id is the service's,
 * also when the error was put into other words on its way up (`cause`).
 */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof AppError) {
    const out: IpcError = { kind: err.kind, message: err.message }
    if (err.retryAfterMs !== undefined) out.retryAfterMs = err.retryAfterMs
    if (err.field !== undefined) out.field = err.field
    const answer = serviceAnswer(err)
    const code = err.code ?? answer?.code ?? null
    if (code !== null) out.code = code
    if (err.params !== undefined) out.params = err.params
    if (answer?.requestId) out.requestId = answer.requestId
    return out
  }
  return { kind: 'internal', message: 'Something went wrong inside Loa.' }
}

/** The nearest service answer along the cause chain. */
function serviceAnswer(err: AppError): { code: string | null; requestId: string | null } | null {
  let at: unknown = err
  for (let depth = 0; depth < 4 && at instanceof Error; depth++) {
    if (at instanceof AppError && at.answer) return at.answer
    at = at.cause
  }
  return null
}
