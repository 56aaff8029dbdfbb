// `npm run bench [-- suite ...]`: runs every module in bench/suites (or the named ones) and prints one
// JSON document on stdout. Anything else a suite or a library prints goes to stderr.
import { readdirSync } from 'node:fs'
import { cpus } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Prepare, Suite, SuiteReport } from './types'

const SUITES_DIR = fileURLToPath(new URL('./suites', import.meta.url))

interface SuiteModule {
  run: Suite
  prepare?: Prepare
}

interface FailedSuite {
  suite: string
  error: string
}

function suiteFiles(only: readonly string[]): string[] {
  const files = readdirSync(SUITES_DIR)
    .filter((file) => file.endsWith('.ts'))
    .sort()
  const chosen = only.length === 0 ? files : files.filter((file) => only.includes(basename(file, '.ts')))
  const unknown = only.filter((name) => !files.includes(`${name}.ts`))
  if (unknown.length > 0) throw new Error(`No such suite: ${unknown.join(', ')} (have ${files.join(', ')})`)
  return chosen
}

/** Keeps stdout for the JSON document alone. */
function sendConsoleToStderr(): void {
  const toStderr = (...args: unknown[]): void => console.error(...args)
  console.log = toStderr
  console.info = toStderr
  console.warn = toStderr
  console.debug = toStderr
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Loads the chosen suites and runs their `prepare`, all before any measures: what is missing is reported
 * at once, together, rather than after the suites that come first. Exits 1 naming each missing step.
 */
async function prepared(files: string[]): Promise<Map<string, SuiteModule>> {
  const modules = new Map<string, SuiteModule>()
  const problems: string[] = []
  for (const file of files) {
    try {
      const module = (await import(pathToFileURL(join(SUITES_DIR, file)).href)) as SuiteModule
      if (module.prepare) {
        console.error(`bench: preparing ${file}`)
        await module.prepare()
      }
      modules.set(file, module)
    } catch (error) {
      problems.push(`bench: ${basename(file, '.ts')} cannot run: ${message(error)}`)
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  return modules
}

async function main(): Promise<void> {
  const stdoutWrite = process.stdout.write.bind(process.stdout)
  sendConsoleToStderr()
  const modules = await prepared(suiteFiles(process.argv.slice(2)))
  const suites: (SuiteReport | FailedSuite)[] = []
  for (const [file, module] of modules) {
    const started = performance.now()
    console.error(`bench: ${file}`)
    try {
      suites.push(await module.run())
    } catch (error) {
      suites.push({
        suite: basename(file, '.ts'),
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    }
    console.error(`bench: ${file} took ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  const figures = suites.flatMap((suite) => ('results' in suite ? suite.results : []))
  const failed = suites.filter((suite) => 'error' in suite)
  const document = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length },
    allGoalsMet: failed.length === 0 && figures.every((figure) => figure.met),
    goalsMissed: figures.filter((figure) => !figure.met).length,
    suites,
  }
  if (failed.length > 0) process.exitCode = 1
  // Every suite closes what it opened, but a library may keep a handle of its own open (werift 0.24 leaves
  // the sockets of the transport BUNDLE replaced): once the document is out there is nothing to wait for.
  stdoutWrite(`${JSON.stringify(document, null, 2)}\n`, () => process.exit())
}

await main()
