// Command-line parsing shared by all verbs: finding the verb among the global flags, then the global flags
// and the verb's own, in any order.
import { parseArgs } from 'node:util'
import type { Words } from './language'
import type { GlobalOptions, OptionSpec } from './verb'
import { UsageError } from './verb'

export const GLOBAL_OPTIONS: OptionSpec = {
  'base-url': { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
}

export interface CommandLine {
  /** The first argument that is neither a flag nor a global flag's value; undefined when there is none. */
  verb: string | undefined
  /** Every other argument, in order, for parseVerbArgs. */
  rest: string[]
  /** --json was given: even a usage error is then reported as JSON. */
  json: boolean
  /** --help or -h was given. */
  help: boolean
}

/** Global flags that take a value: `--base-url URL` makes URL that flag's, not the verb. */
const VALUE_FLAGS = new Set(
  Object.entries(GLOBAL_OPTIONS)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
)

/**
 * Finds the verb wherever the global flags are (`loa --json status`, `loa status --json`), as other CLIs do.
 * Before the verb only global flags are known, so a verb's own flag goes after it. After `--` everything is
 * a plain argument.
 */
export function splitCommandLine(argv: readonly string[]): CommandLine {
  let verbAt = -1
  let json = false
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') break
    if (arg === '--json') json = true
    else if (arg === '--help' || arg === '-h') help = true
    else if (VALUE_FLAGS.has(arg)) i++
    else if (verbAt === -1 && !arg.startsWith('-')) verbAt = i
  }
  return {
    verb: verbAt === -1 ? undefined : argv[verbAt],
    rest: argv.filter((_, i) => i !== verbAt),
    json,
    help,
  }
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
  global: GlobalOptions
  help: boolean
}

export function parseVerbArgs(argv: string[], verbOptions: OptionSpec, env: NodeJS.ProcessEnv): ParsedArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...verbOptions },
      allowPositionals: true,
      strict: true,
    })
  } catch (err) {
    throw new UsageError(parseErrorWords(err))
  }
  const values = parsed.values as Record<string, string | boolean | undefined>
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)
  return {
    values,
    positionals: parsed.positionals,
    help: values.help === true,
    global: {
      baseUrl: str(values['base-url']) ?? str(env.LOA_BASE_URL),
      key: str(values.key) ?? str(env.LOA_API_KEY),
      json: values.json === true,
    },
  }
}

/** Node's words for a command line it cannot parse, and the same in Vietnamese for the kinds it names. */
function parseErrorWords(err: unknown): Words {
  const en = err instanceof Error ? err.message : String(err)
  const said = (pattern: RegExp, vi: (named: string) => string): Words => {
    const named = pattern.exec(en)?.[1]
    return { en, vi: named === undefined ? en : vi(named) }
  }
  switch ((err as { code?: unknown }).code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return said(
        /Unknown option '([^']*)'/,
        (f) => `không có tùy chọn '${f}'; một đối số bắt đầu bằng '-' thì đặt sau '--'.`,
      )
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return said(/Option '([^']*?)(?: <value>)?'/, (f) => `tùy chọn '${f}' cần một giá trị.`)
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return said(/argument '([^']*)'/, (a) => `lệnh này không nhận đối số '${a}'.`)
    default:
      return { en, vi: en }
  }
}

/** A whole number within [min, max] from a flag, or a UsageError naming the flag. */
export function intFlag(value: unknown, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError({
      en: `--${flag} must be a whole number from ${min} to ${max}; got '${String(value)}'.`,
      vi: `--${flag} phải là số nguyên từ ${min} đến ${max}; nhận được '${String(value)}'.`,
    })
  return n
}

export function positiveNumberFlag(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined
  const n = typeof value === 'string' ? Number(value) : NaN
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError({
      en: `--${flag} must be a number above 0; got '${String(value)}'.`,
      vi: `--${flag} phải là một số lớn hơn 0; nhận được '${String(value)}'.`,
    })
  return n
}

/** One of `choices` from a flag, or a UsageError naming the flag and the choices. */
export function choiceFlag<T extends string>(
  value: unknown,
  flag: string,
  choices: readonly T[],
): T | undefined {
  if (value === undefined) return undefined
  const found = choices.find((c) => c === value)
  if (found === undefined)
    throw new UsageError({
      en: `--${flag} must be one of ${choices.join(', ')}; got '${String(value)}'.`,
      vi: `--${flag} phải là một trong ${choices.join(', ')}; nhận được '${String(value)}'.`,
    })
  return found
}
