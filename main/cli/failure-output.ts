// Prints a failure: words on stderr for a person (the message with the HTTP status and request id, then
// the hint, labelled in the terminal's language), and with --json also exactly one object on stdout for a
// script, {"error": {"code", "message", "hint", "requestId"}}, the same in every locale. Both are
// redacted: no key is ever printed.
import type { Language } from '../../preload/contract'
import type { Log } from '../logging/log'
import type { ExitCode } from './exit-codes'
import { describeFailure, redact, withDetail, type Failure } from './failure'
import { cliLanguage, LABELS } from './language'
import type { TextOut, VerbContext } from './verb'

export interface FailureOut {
  stdout: TextOut
  stderr: TextOut
  json: boolean
  /** Where the failure is also logged, when the process keeps a log. */
  log?: Log | undefined
  /** The language of the words on stderr; English where not given. */
  language?: Language
}

export function failureOut(
  ctx: Pick<VerbContext, 'stdout' | 'stderr' | 'global' | 'log' | 'env'>,
): FailureOut {
  const language = cliLanguage(ctx.env)
  return { stdout: ctx.stdout, stderr: ctx.stderr, json: ctx.global.json, log: ctx.log, language }
}

export interface FailureJson {
  error: { code: string; message: string; hint: string | null; requestId: string | null }
}

export interface ReportOptions {
  /** Names the verb in the stderr line (`loa say: ...`); null before a verb is known. */
  verbName: string | null
  /** The key in use, so it can be redacted. */
  key?: string | undefined
  /** For a usage error: the verb's usage line, printed instead of the hint. */
  usage?: string
}

export function failureJson(failure: Failure): FailureJson {
  const { code, message, hint, requestId } = failure
  return { error: { code, message, hint, requestId } }
}

/** Prints `failure` and returns its exit code. */
export function printFailure(out: FailureOut, failure: Failure, opts: ReportOptions): ExitCode {
  const prefix = opts.verbName === null ? 'loa' : `loa ${opts.verbName}`
  const language = out.language ?? 'en'
  const { message, hint } = failure.words?.[language] ?? failure
  let text = `${prefix}: ${withDetail(message, failure.trace)}\n`
  if (opts.usage !== undefined) text += `${LABELS.usage[language]}: ${opts.usage}\n`
  else if (hint !== null) text += `${LABELS.hint[language]}: ${hint}\n`
  out.stderr.write(redact(text, opts.key))
  if (opts.key) out.log?.keepOut(opts.key)
  out.log?.error('command failed', failure.message, {
    verb: opts.verbName,
    code: failure.code,
    requestId: failure.requestId,
    exitCode: failure.exitCode,
  })
  if (out.json) out.stdout.write(redact(`${JSON.stringify(failureJson(failure), null, 2)}\n`, opts.key))
  return failure.exitCode
}

/** Describes any thrown value (see describeFailure) and prints it. */
export function reportFailure(out: FailureOut, err: unknown, opts: ReportOptions): ExitCode {
  return printFailure(out, describeFailure(err, opts.verbName), opts)
}
