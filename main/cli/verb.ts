// What a verb module provides, and what the dispatcher hands it.
import type { Log } from '../logging/log'
import type { Words } from './language'
import type { ExitCode } from './exit-codes'
import type { SecretInput } from './read-secret'

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>

export interface GlobalOptions {
  /** --base-url, else LOA_BASE_URL. */
  baseUrl: string | undefined
  /** --key, else LOA_API_KEY. */
  key: string | undefined
  /** --json: machine-readable output. */
  json: boolean
}

/** Where a verb writes text: process.stdout/stderr, or a buffer in tests. */
export interface TextOut {
  write(chunk: string): unknown
}

export interface VerbContext {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
  global: GlobalOptions
  stdout: TextOut
  stderr: TextOut
  env: NodeJS.ProcessEnv
  /** Standard input, for `loa login`; absent where there is none to read. */
  stdin?: SecretInput
  /** The `loa` process's log; absent where the caller keeps none (tests that run verbs in-process). */
  log?: Log
}

export interface Verb {
  name: string
  /** Its line in `loa --help`, in each language. */
  summary: Words
  /** Help text shown by `loa <verb> --help`, after the usage line, in each language. */
  help: Words
  /** The command line's shape: the same in every language. */
  usage: string
  options: OptionSpec
  run(ctx: VerbContext): Promise<ExitCode>
}

/** A problem with the command line: the dispatcher prints it with the verb's usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError'
  /** The message in each language, where it has words in Vietnamese; `message` is the English one. */
  readonly words: Words | undefined

  constructor(message: string | Words) {
    super(typeof message === 'string' ? message : message.en)
    this.words = typeof message === 'string' ? undefined : message
  }
}

/** Refuses a word on the command line of a verb that takes none. */
export function noArguments(positionals: readonly string[]): void {
  const arg = positionals[0]
  if (arg !== undefined)
    throw new UsageError({ en: `unexpected argument '${arg}'.`, vi: `đối số không mong đợi '${arg}'.` })
}
