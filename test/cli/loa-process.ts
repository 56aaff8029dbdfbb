// Runs `loa` as a real process for the management verbs' tests, and fetches from the demo the same data the
// CLI shows, so the tests compare the CLI's tables with the service's own figures.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DemoServer } from '../../main/demo/server'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface LoaResult {
  code: number | null
  stdout: string
  stderr: string
}

/** A config folder with nothing saved: the CLI finds no settings and no sealed key there. */
export function emptyConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'loa-cli-config-'))
}

let sharedEmptyDir: string | undefined
let sharedLogDir: string | undefined

/**
 * The child gets a clean environment: no LOA_* from the caller, UTC (the tables show local time), an
 * English locale unless a test gives one (loa speaks the terminal's language), an empty config folder,
 * and, outside the test keyring session, a D-Bus address that cannot answer, so the keychain lookup fails
 * fast instead of touching the user's keyring.
 */
export function loa(
  args: string[],
  env: Record<string, string | undefined> = {},
  stdin?: string,
): Promise<LoaResult> {
  return spawnLoa(args, env, stdin).result
}

export interface LoaProcess {
  child: ChildProcess
  /** What it has written to stderr so far. */
  stderr(): string
  result: Promise<LoaResult>
}

/**
 * `loa` started and left running, for a test that watches it on the way (and may kill it). `stdin`, when
 * given, is piped in and closed; otherwise the child has no standard input.
 */
export function spawnLoa(
  args: string[],
  env: Record<string, string | undefined> = {},
  stdin?: string,
): LoaProcess {
  const base: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('LOA_')) base[k] = v
  base.TZ = 'UTC'
  delete base.LC_ALL
  delete base.LC_MESSAGES
  base.LANG = 'C.UTF-8'
  base.LOA_CONFIG_DIR = sharedEmptyDir ??= emptyConfigDir()
  // loa logs each run; the tests' runs log here, never into the user's state folder.
  base.LOA_LOG_DIR = sharedLogDir ??= mkdtempSync(join(tmpdir(), 'loa-cli-logs-'))
  if (process.env.LOA_TEST_KEYRING !== '1')
    base.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/loa-test-bus'
  const childEnv = { ...base, ...env }
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k]
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/index.ts', ...args], {
    cwd: ROOT,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  })
  if (stdin !== undefined) child.stdin?.end(stdin)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
  const result = new Promise<LoaResult>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
  return { child, stderr: () => stderr, result }
}

/** `loa` against the demo with one of its keys, passed the way a script would: in the environment. */
export function loaWith(
  demo: DemoServer,
  keyName: keyof DemoServer['keys'],
  args: string[],
): Promise<LoaResult> {
  return loa(args, { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys[keyName] })
}

export async function fetchManagement<T = unknown>(
  demo: DemoServer,
  path: string,
  key = demo.keys.ordinary,
): Promise<T> {
  const res = await fetch(`${demo.baseUrl}/v1/management${path}`, {
    headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'loa-cli-test' },
  })
  if (!res.ok) throw new Error(`${path} answered ${res.status}`)
  return (await res.json()) as T
}

/** Vietnamese grouping written out by hand, independent of the CLI's Intl formatter: 2327000 → `2.327.000`. */
export function viGroup(n: number): string {
  const whole = Math.round(Math.abs(n))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return n < 0 && whole !== '0' ? `-${whole}` : whole
}

export const vnd = (n: number) => `${viGroup(n)} ₫`

/** The line of `text` that starts with `prefix` (after indentation), or '' when none does. */
export function lineStarting(text: string, prefix: string): string {
  return text.split('\n').find((l) => l.trimStart().startsWith(prefix)) ?? ''
}

/** The rows of the first table in `text`: the lines after its `───` rule, up to a blank line or another rule. */
/** Cells of a table row: columns are separated by at least two spaces. */
export const cells = (row: string) => row.trim().split(/\s{2,}/)

export function tableRows(text: string): string[] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => l.trimStart().startsWith('─'))
  const rows: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trimStart().startsWith('─')) break
    rows.push(line)
  }
  return rows
}

/** No demo key in anything the CLI printed. */
export function assertNoKey(demo: DemoServer, ...outputs: LoaResult[]): void {
  for (const out of outputs) {
    for (const key of Object.values(demo.keys)) {
      if (out.stdout.includes(key) || out.stderr.includes(key)) throw new Error('a key was printed')
    }
  }
}

/** Passes when one of the checks passes; otherwise throws what the last one threw. */
export function eitherOf(...checks: (() => void)[]): void {
  let last: unknown
  for (const check of checks) {
    try {
      check()
      return
    } catch (err) {
      last = err
    }
  }
  throw last
}
