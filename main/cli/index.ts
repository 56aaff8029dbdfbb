// `loa <verb> [flags]`: the command-line face of Loa's services. This file only dispatches; each verb
// lives in verbs/ and returns an exit code (see exit-codes.ts).
import { pathToFileURL } from 'node:url'
import { logGatewayRequests } from '../logging/gateway-log'
import { openFileLog, type Log } from '../logging/log'
import type { Language } from '../../preload/contract'
import { parseVerbArgs, splitCommandLine } from './args'
import { EXIT, type ExitCode } from './exit-codes'
import { reportFailure } from './failure-output'
import { mainHelp, verbHelp } from './help'
import { cliLanguage, LABELS, type Words } from './language'
import { cliLogDir } from './log-dir'
import type { SecretInput } from './read-secret'
import { UsageError, type TextOut, type Verb } from './verb'
import { VERBS } from './verbs/index'

export interface CliIo {
  stdout: TextOut
  stderr: TextOut
  env: NodeJS.ProcessEnv
  stdin?: SecretInput
  log?: Log
}

export async function runCli(argv: string[], io: CliIo, verbs: readonly Verb[] = VERBS): Promise<ExitCode> {
  const line = splitCommandLine(argv)
  const language = cliLanguage(io.env)
  const out = { stdout: io.stdout, stderr: io.stderr, json: line.json, log: io.log, language }
  if (line.verb === 'help' || (line.verb === undefined && line.help)) {
    io.stdout.write(mainHelp(verbs, language))
    return EXIT.ok
  }
  const verb = verbs.find((v) => v.name === line.verb)
  if (!verb) {
    const code = reportFailure(out, new UsageError(noVerbWords(line.verb)), { verbName: null })
    io.stderr.write(`\n${mainHelp(verbs, language)}`)
    return code
  }
  try {
    const parsed = parseVerbArgs(line.rest, verb.options, io.env)
    if (parsed.help) {
      io.stdout.write(verbHelp(verb, language))
      return EXIT.ok
    }
    if (keyOnCommandLine(line.rest)) io.stderr.write(keyFlagWarning(language))
    io.log?.info('command', { verb: verb.name })
    const code = await verb.run({
      ...parsed,
      stdout: io.stdout,
      stderr: io.stderr,
      env: io.env,
      ...(io.stdin ? { stdin: io.stdin } : {}),
      ...(io.log ? { log: io.log } : {}),
    })
    io.log?.info('exit', { verb: verb.name, code })
    return code
  } catch (err) {
    // Verbs report their own failures; what reaches here is a usage error or something unforeseen.
    const usage = err instanceof UsageError ? { usage: verb.usage } : {}
    return reportFailure(out, err, { verbName: verb.name, key: keyOf(line.rest, io.env), ...usage })
  }
}

function noVerbWords(verb: string | undefined): Words {
  return verb === undefined
    ? { en: 'no verb given.', vi: 'chưa có lệnh nào.' }
    : { en: `unknown verb '${verb}'.`, vi: `không có lệnh '${verb}'.` }
}

function keyFlagWarning(language: Language): string {
  const said: Words = {
    en:
      "--key shows the key to every user of this machine (in the process list); use 'loa login' " +
      'or LOA_API_KEY instead.',
    vi:
      '--key để lộ khóa cho mọi người dùng máy này (trong danh sách tiến trình); hãy dùng ' +
      "'loa login' hoặc LOA_API_KEY.",
  }
  return `loa: ${LABELS.warning[language]}: ${said[language]}\n`
}

function keyOnCommandLine(rest: readonly string[]): boolean {
  const end = rest.indexOf('--')
  return (end === -1 ? rest : rest.slice(0, end)).some((a) => a === '--key' || a.startsWith('--key='))
}

/** The key the line or the environment gives, only so that it can be redacted from an unforeseen message. */
function keyOf(rest: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string
    if (arg === '--key') return rest[i + 1]
    if (arg.startsWith('--key=')) return arg.slice('--key='.length)
  }
  return env.LOA_API_KEY
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href

if (isEntryPoint) {
  const log = await openCliLog(process.env)
  const stopLogging = log ? logGatewayRequests(log) : () => {}
  process.once('uncaughtException', (err) => {
    log?.fatal('crash', err)
    console.error('loa: unexpected failure:', err instanceof Error ? err.message : err)
    process.exit(EXIT.failure)
  })
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    stdin: process.stdin,
    ...(log ? { log } : {}),
  })
  stopLogging()
  await log?.close()
  process.exitCode = code
}

/** The log of this run; a log folder that cannot be made must not stop the command. */
async function openCliLog(env: NodeJS.ProcessEnv): Promise<Log | null> {
  try {
    return await openFileLog({ dir: cliLogDir(env), name: 'cli' })
  } catch {
    return null
  }
}
