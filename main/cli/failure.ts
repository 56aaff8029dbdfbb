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
import type { Language } from '../../preload/contract'
import type { Said, Words } from './language'
import { UsageError } from './verb'

/** A text in each language, or one that reads the same in both (a path, a server's own words). */
export type Text = string | Words

const inLanguage = (text: Text, language: Language): string =>
  typeof text === 'string' ? text : text[language]

/** A failure the CLI has already put into words. */
export class CliFailure extends Error {
  override name = 'CliFailure'
  /** The English hint, as --json carries it. */
  readonly hint: string | null
  /** The message and hint in each language, for stderr; `message` and `hint` are the English ones. */
  readonly words: Words<Said>

  constructor(
    message: Text,
    readonly exitCode: ExitCode,
    readonly code: CliErrorCode,
    hint: Text | null = null,
  ) {
    super(inLanguage(message, 'en'))
    this.hint = hint === null ? null : inLanguage(hint, 'en')
    this.words = saidIn(message, hint)
  }
}

/** A failure's message and hint, each language's from the texts. */
function saidIn(message: Text, hint: Text | null): Words<Said> {
  const said = (language: Language): Said => ({
    message: inLanguage(message, language),
    hint: hint === null ? null : inLanguage(hint, language),
  })
  return { en: said('en'), vi: said('vi') }
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
  /** What stderr says in each language; `message` and `hint`, which --json carries, stay English. */
  words: Words<Said>
}

/** `verbName` names the verb whose flags the hint of a usage error points at. */
export function describeFailure(err: unknown, verbName: string | null = null): Failure {
  const local = { requestId: null, trace: '' }
  if (err instanceof UsageError) {
    const hint = usageHint(verbName)
    const message = { en: err.message, vi: err.words?.vi ?? err.message }
    return described(local, 'usage', message, hint, EXIT.usage)
  }
  if (err instanceof CliFailure) {
    const { code, message, hint, exitCode, words } = err
    return { ...local, code, message, hint, exitCode, words }
  }
  if (!(err instanceof AppError)) {
    const said = err instanceof Error ? err.message : String(err)
    const message = { en: `unexpected failure: ${said}`, vi: `lỗi ngoài dự kiến: ${said}` }
    return described(local, 'failure', message, null, EXIT.failure)
  }
  return describeAppError(err, verbName)
}

/** A Failure from its texts: English where --json reads them, each language's on stderr. */
function described(
  known: Pick<Failure, 'requestId' | 'trace'>,
  code: string,
  message: Text,
  hint: Text | null,
  exitCode: ExitCode,
): Failure {
  const en = saidIn(message, hint).en
  return { ...known, code, message: en.message, hint: en.hint, exitCode, words: saidIn(message, hint) }
}

/** `lead: said` in each language: what loa makes of the failure, then the words it came with. */
const led = (lead: Words, said: string): Words => ({ en: `${lead.en}: ${said}`, vi: `${lead.vi}: ${said}` })

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
    const lead = { en: 'not enough balance in the wallet', vi: 'ví không đủ tiền' }
    return described(known, codeOr('insufficient_balance'), led(lead, said), HINTS.topUp, EXIT.failure)
  }
  // The spec sets no length for `instructions`; a service that refuses them as too long says so with this
  // code (the demo: over 16,384 characters). The only flag that sends them is `talk --instructions`.
  if (answer.code === 'instructions_too_long') {
    const lead = {
      en: 'the instructions are too long for the service',
      vi: 'phần hướng dẫn (--instructions) quá dài đối với dịch vụ',
    }
    return described(known, 'instructions_too_long', led(lead, said), HINTS.instructionsTooLong, EXIT.failure)
  }
  // A session cut at its spending cap (`session.terminated`, realtime-api.md "Events"): the cap is the
  // user's own, so the way on is to raise it, not to wait. Read leniently, as the engine reads it.
  if (answer.code !== null && terminationCause(answer.code) === 'spend_cap') {
    const lead = { en: 'the session reached its spending cap', vi: 'phiên đã chạm mức chi tối đa' }
    return described(known, answer.code, led(lead, said), HINTS.raiseCap, EXIT.failure)
  }
  const failure = (code: string, message: Text, hint: Text | null, exitCode: ExitCode): Failure =>
    described(known, code, message, serviceHint ?? hint, exitCode)
  switch (err.kind) {
    case 'auth': {
      const lead = { en: 'the service refused the key', vi: 'dịch vụ từ chối khóa' }
      return failure(codeOr('auth'), led(lead, said), HINTS.checkKey, EXIT.auth)
    }
    case 'forbidden': {
      return failure(
        codeOr('forbidden'),
        { en: said, vi: `không được phép: ${said}` },
        HINTS.forbidden,
        EXIT.auth,
      )
    }
    case 'account_locked': {
      return failure(
        codeOr('account_locked'),
        { en: said, vi: `tài khoản đang bị khóa: ${said}` },
        HINTS.locked,
        EXIT.auth,
      )
    }
    case 'blocked': {
      return failure(
        'edge_blocked',
        { en: said, vi: `bị chặn trước khi tới gateway: ${said}` },
        HINTS.edgeBlocked,
        EXIT.auth,
      )
    }
    case 'rate_limit':
      return failure(
        codeOr('rate_limited'),
        { en: 'rate-limited by the service.', vi: 'dịch vụ đang giới hạn số yêu cầu.' },
        rateLimitHint(err.retryAfterMs),
        EXIT.rateLimited,
      )
    case 'network': {
      const detail = withDetail(said, networkCode(err))
      return failure(
        'network',
        { en: detail, vi: `không liên lạc được với gateway: ${detail}` },
        HINTS.network,
        EXIT.network,
      )
    }
    case 'server': {
      const lead = { en: 'the service failed', vi: 'dịch vụ gặp lỗi' }
      const hint = answer.requestId === null ? HINTS.tryAgain : HINTS.tryAgainQuote
      return failure(codeOr('server'), led(lead, said), hint, EXIT.failure)
    }
    case 'not_found':
      return failure(
        codeOr('not_found'),
        { en: said, vi: `không tìm thấy: ${said}` },
        HINTS.notFound,
        EXIT.failure,
      )
    case 'invalid_input': {
      const usage = usageHint(verbName)
      return failure(
        codeOr('invalid_request'),
        { en: said, vi: `giá trị bị từ chối: ${said}` },
        { en: `check the values given; ${usage.en}`, vi: `kiểm tra các giá trị đã đưa; ${usage.vi}` },
        EXIT.failure,
      )
    }
    case 'protocol':
      return failure(
        codeOr('invalid_response'),
        { en: said, vi: `dịch vụ trả lời điều loa không đọc được: ${said}` },
        HINTS.invalidResponse,
        EXIT.failure,
      )
    case 'storage':
      return failure(codeOr('file'), { en: said, vi: `lỗi tệp: ${said}` }, HINTS.file, EXIT.failure)
    default:
      return failure(codeOr('failure'), { en: said, vi: `thất bại: ${said}` }, null, EXIT.failure)
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
