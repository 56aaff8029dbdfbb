// `loa <verb> [flags]`: the command-line face of Loa's services. This file only dispatches; each verb
// lives in verbs/ and returns an exit code (see exit-codes.ts).
import { pathToFileURL } from 'node:url'
import { GLOBAL_HELP, parseVerbArgs } from './args'
import { EXIT, type ExitCode } from './exit-codes'
import { UsageError, type TextOut, type Verb } from './verb'
import { VERBS } from './verbs/index'

function mainHelp(verbs: readonly Verb[]): string {
  const width = Math.max(...verbs.map((v) => v.name.length))
  const list = verbs.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`).join('\n')
  return `Usage: loa <verb> [flags]

Verbs:
${list}

${GLOBAL_HELP}

Exit codes: 0 ok, 1 failure, 2 usage, 3 auth/permission, 4 rate-limited, 5 network.
Run 'loa <verb> --help' for a verb's flags.
`
}

function verbHelp(verb: Verb): string {
  return `Usage: ${verb.usage}\n\n${verb.help}\n\n${GLOBAL_HELP}\n`
}

export interface CliIo {
  stdout: TextOut
  stderr: TextOut
  env: NodeJS.ProcessEnv
}

export async function runCli(argv: string[], io: CliIo, verbs: readonly Verb[] = VERBS): Promise<ExitCode> {
  const [first, ...rest] = argv
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    ;(first === undefined ? io.stderr : io.stdout).write(mainHelp(verbs))
    return first === undefined ? EXIT.usage : EXIT.ok
  }
  const verb = verbs.find((v) => v.name === first)
  if (!verb) {
    io.stderr.write(`loa: unknown verb '${first}'.\n\n${mainHelp(verbs)}`)
    return EXIT.usage
  }
  try {
    const parsed = parseVerbArgs(rest, verb.options, io.env)
    if (parsed.help) {
      io.stdout.write(verbHelp(verb))
      return EXIT.ok
    }
    return await verb.run({ ...parsed, stdout: io.stdout, stderr: io.stderr, env: io.env })
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`loa ${verb.name}: ${err.message}\nUsage: ${verb.usage}\n`)
      return EXIT.usage
    }
    io.stderr.write(`loa ${verb.name}: ${err instanceof Error ? err.message : String(err)}\n`)
    return EXIT.failure
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href

if (isEntryPoint) {
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  })
  process.exitCode = code
}
