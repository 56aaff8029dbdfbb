// What `loa` says when something fails: a stable code, the message, what to do next, the request id to
// quote to support, and the exit code, so scripts can branch on the kind: auth/permission 3, rate limit 4
// (with the wait), network 5, usage 2, anything else 1. failure-output.ts prints it.
import { AppError } from '../errors'
import { GatewayError } from '../api/gateway-error'
import { TurnFailed } from '../realtime/engine/file-turn'
import { TransportError } from '../realtime/transports/transport'
import { terminationCause } from '../realtime/link/termination-policy'
import { EXIT, type ExitCode } from './exit-codes'
import { HINTS, hintForServiceCode, rateLimitHint, usageHint, type CliErrorCode } from './failure-codes'
import type { Said, Words } from './language'
import { UsageError } from './verb'

/** A failure the CLI has already put into words. */
export class CliFailure extends Error {
  override name = 'CliFailure'

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code: CliErrorCode,
    readonly hint: string | null = null,
    /** The message and hint in each language, for stderr; `message` and `hint` are the English ones. */
    readonly words?: Words<Said>,
  ) {
    super(message)
  }
}

export interface Failure {
  /** The service's error code when it sent one, else one of CLI_ERROR_CODES. */
  code: string
  message: string
  /** What to do next; null when there is nothing better than trying again. */
  hint: string | null
  /** The service's `request_id`, to quote to support. */
  requestId: string | null
  /** ` (HTTP 401, request req_1)` for the human line; '' when the service gave neither. */
  trace: string
  exitCode: ExitCode
  /**
   * What stderr says in each language, where the failure has words in Vietnamese; `message` and `hint`,
   * which the --json object carries, stay English in every locale.
   */
  words?: Words<Said>
}

/** `verbName` names the verb whose flags the hint of a usage error points at. */
export function describeFailure(err: unknown, verbName: string | null = null): Failure {
  const local = { requestId: null, trace: '' }
  if (err instanceof UsageError) {
    const hint = usageHint(verbName)
    const words = {
      en: { message: err.message, hint: hint.en },
      vi: { message: err.words?.vi ?? err.message, hint: hint.vi },
    }
    return { ...local, code: 'usage', message: err.message, hint: hint.en, exitCode: EXIT.usage, words }
  }
  if (err instanceof CliFailure) {
    const { code, message, hint, exitCode, words } = err
    return { ...local, code, message, hint, exitCode, ...(words ? { words } : {}) }
  }
  if (!(err instanceof AppError)) {
    return {
      ...local,
      code: 'failure',
      message: `unexpected failure: ${err instanceof Error ? err.message : String(err)}`,
      hint: null,
      exitCode: EXIT.failure,
    }
  }
  return describeAppError(err, verbName)
}

function describeAppError(err: AppError, verbName: string | null): Failure {
  const answer = serviceAnswer(err)
  const known = { requestId: answer.requestId, trace: traceOf(answer) }
  const codeOr = (cli: CliErrorCode) => answer.code ?? cli
  const said = err.message
  const serviceHint = hintForServiceCode(answer.code)
  // Money first: the TTS API sends a short wallet as 400 `insufficient_balance` (tts-api.md "Errors"), the
  // realtime API as 402; neither is a mistake in the request, whatever kind the status maps to.
  if (
    err.kind === 'insufficient_balance' ||
    answer.status === 402 ||
    answer.code === 'insufficient_balance'
  ) {
    return {
      ...known,
      code: codeOr('insufficient_balance'),
      message: `not enough balance in the wallet: ${said}`,
      hint: HINTS.topUp,
      exitCode: EXIT.failure,
    }
  }
  // The spec sets no length for `instructions`; a service that refuses them as too long says so with this
  // code (the demo: over 16,384 characters). The only flag that sends them is `talk --instructions`.
  if (answer.code === 'instructions_too_long') {
    return {
      ...known,
      code: 'instructions_too_long',
      message: `the instructions are too long for the service: ${said}`,
      hint: HINTS.instructionsTooLong,
      exitCode: EXIT.failure,
    }
  }
  // A session cut at its spending cap (`session.terminated`, realtime-api.md "Events"): the cap is the
  // user's own, so the way on is to raise it, not to wait. Read leniently, as the engine reads it.
  if (answer.code !== null && terminationCause(answer.code) === 'spend_cap') {
    return {
      ...known,
      code: answer.code,
      message: `the session reached its spending cap: ${said}`,
      hint: HINTS.raiseCap,
      exitCode: EXIT.failure,
    }
  }
  const failure = (code: string, message: string, hint: string | null, exitCode: ExitCode): Failure => ({
    ...known,
    code,
    message,
    hint: serviceHint ?? hint,
    exitCode,
  })
  switch (err.kind) {
    case 'auth':
      return failure(codeOr('auth'), `the service refused the key: ${said}`, HINTS.checkKey, EXIT.auth)
    case 'forbidden':
      return failure(codeOr('forbidden'), said, HINTS.forbidden, EXIT.auth)
    case 'account_locked':
      return failure(codeOr('account_locked'), said, HINTS.locked, EXIT.auth)
    case 'blocked':
      return failure('edge_blocked', said, HINTS.edgeBlocked, EXIT.auth)
    case 'rate_limit':
      return failure(
        codeOr('rate_limited'),
        'rate-limited by the service.',
        rateLimitHint(err.retryAfterMs),
        EXIT.rateLimited,
      )
    case 'network':
      return failure('network', withDetail(said, networkCode(err)), HINTS.network, EXIT.network)
    case 'server':
      return failure(
        codeOr('server'),
        `the service failed: ${said}`,
        answer.requestId === null
          ? 'try again in a moment.'
          : 'try again in a moment; if it keeps failing, quote the request id to support.',
        EXIT.failure,
      )
    case 'not_found':
      return failure(codeOr('not_found'), said, HINTS.notFound, EXIT.failure)
    case 'invalid_input':
      return failure(
        codeOr('invalid_request'),
        said,
        `check the values given; ${usageHint(verbName).en}`,
        EXIT.failure,
      )
    case 'protocol':
      return failure(codeOr('invalid_response'), said, HINTS.invalidResponse, EXIT.failure)
    case 'storage':
      return failure(codeOr('file'), said, HINTS.file, EXIT.failure)
    default:
      return failure(codeOr('failure'), said, null, EXIT.failure)
  }
}

interface ServiceAnswer {
  status: number | null
  code: string | null
  requestId: string | null
}

/**
 * Codes the realtime client makes up for failures the service did not name (transport.ts, session-engine.ts):
 * they are not the service's, so the CLI's own code stands instead.
 */
const CLIENT_MADE_CODES = new Set([
  'network',
  'timeout',
  'aborted',
  'internal',
  'unavailable',
  'webrtc_unavailable',
  'too_short',
  'protocol',
  'bad_transition',
  'bad_frame',
  'bad_connection',
])

const serviceCode = (code: string | null): string | null =>
  code === null || CLIENT_MADE_CODES.has(code) || /^http_\d+$/.test(code) ? null : code

/** What the service said about the failure, as far as the error kept it. */
function serviceAnswer(err: AppError): ServiceAnswer {
  if (err instanceof GatewayError) return err.details
  if (err instanceof TurnFailed)
    return { status: null, code: serviceCode(err.error.code), requestId: err.error.requestId ?? null }
  if (err instanceof TransportError)
    return { status: err.status, code: serviceCode(err.code), requestId: null }
  return { status: null, code: null, requestId: null }
}

/** `Could not reach host (ECONNREFUSED).` rather than `Could not reach host. (ECONNREFUSED)` */
export function withDetail(message: string, detail: string): string {
  return detail === '' ? message : `${message.replace(/[.\s]+$/, '')}${detail}.`
}

/** HTTP status and the request id to quote to support, when the service gave them. */
function traceOf({ status, requestId }: ServiceAnswer): string {
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
