// What `loa` says when a gateway call fails, and with which exit code, so scripts can branch on the kind:
// auth/permission 3, rate limit 4 (with the wait), network 5, anything else 1.
import { AppError } from '../errors'
import { GatewayError } from '../api/gateway-error'
import { EXIT, type ExitCode } from './exit-codes'

/** A failure the CLI has already put into words. */
export class CliFailure extends Error {
  override name = 'CliFailure'

  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message)
  }
}

export interface Failure {
  message: string
  exitCode: ExitCode
}

export function describeFailure(err: unknown): Failure {
  if (err instanceof CliFailure) return { message: err.message, exitCode: err.exitCode }
  if (!(err instanceof AppError)) {
    return {
      message: `unexpected failure: ${err instanceof Error ? err.message : String(err)}`,
      exitCode: EXIT.failure,
    }
  }
  const said = withDetail(err.message, err instanceof GatewayError ? traceOf(err) : '')
  switch (err.kind) {
    case 'auth':
      return { message: `the service refused the key: ${said}`, exitCode: EXIT.auth }
    case 'forbidden':
    case 'account_locked':
      return { message: said, exitCode: EXIT.auth }
    case 'rate_limit':
      return {
        message: `rate-limited by the service; ${waitText(err.retryAfterMs)}.`,
        exitCode: EXIT.rateLimited,
      }
    case 'network':
      return { message: withDetail(err.message, networkCode(err)), exitCode: EXIT.network }
    case 'server':
      return { message: `the service failed: ${said}`, exitCode: EXIT.failure }
    default:
      return { message: said, exitCode: EXIT.failure }
  }
}

/** The Retry-After wait in whole seconds (at least 1), or undefined when the service named none. */
export function waitSeconds(retryAfterMs: number | undefined): number | undefined {
  return retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000))
}

function waitText(retryAfterMs: number | undefined): string {
  const seconds = waitSeconds(retryAfterMs)
  return seconds === undefined ? 'try again in a minute' : `try again in ${seconds} s`
}

/** `Could not reach host (ECONNREFUSED).` rather than `Could not reach host. (ECONNREFUSED)` */
function withDetail(message: string, detail: string): string {
  return detail === '' ? message : `${message.replace(/[.\s]+$/, '')}${detail}.`
}

/** HTTP status and the request id to quote to support, when the service gave them. */
function traceOf(err: GatewayError): string {
  const { status, requestId } = err.details
  const parts = [
    status === null ? null : `HTTP ${status}`,
    requestId === null ? null : `request ${requestId}`,
  ]
  const known = parts.filter((p) => p !== null)
  return known.length === 0 ? '' : ` (${known.join(', ')})`
}

/** fetch hides the socket error two causes deep (`TypeError: fetch failed` → `ECONNREFUSED`). */
function networkCode(err: Error): string {
  let cause: unknown = err.cause
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as NodeJS.ErrnoException).code
    if (typeof code === 'string' && code !== '') return ` (${code})`
    cause = cause.cause
  }
  return ''
}

/** Replaces every occurrence of the key, so no message or echo can print it. */
export function redact(text: string, key: string | undefined): string {
  return key && key.length > 0 ? text.split(key).join('[key]') : text
}
