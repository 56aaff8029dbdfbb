// Command-line parsing shared by all verbs: global flags, then the verb's own.
import { parseArgs } from 'node:util'
import type { GlobalOptions, OptionSpec } from './verb'
import { UsageError } from './verb'

export const GLOBAL_OPTIONS: OptionSpec = {
  'base-url': { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
}

export const GLOBAL_HELP = `Global flags:
  --base-url URL   gateway base URL (env LOA_BASE_URL)
  --key KEY        API key (env LOA_API_KEY)
  --json           machine-readable output
  -h, --help       show help`

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
    throw new UsageError(err instanceof Error ? err.message : String(err))
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

/** A whole number within [min, max] from a flag, or a UsageError naming the flag. */
export function intFlag(value: unknown, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}; got '${String(value)}'.`)
  return n
}

export function positiveNumberFlag(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined
  const n = typeof value === 'string' ? Number(value) : NaN
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${flag} must be a number above 0; got '${String(value)}'.`)
  return n
}
