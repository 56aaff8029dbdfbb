// What suites need beyond node_modules, checked or made before any suite measures: a clean checkout has
// no build output, and a missing tool found only when its suite comes up would waste the suites before it.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** The renderer bundle the browser harness serves, as `npm run build:web` writes it. */
export const RENDERER_DIR = join(ROOT, 'out/renderer')

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, command)))
}

/**
 * Throws naming the apt packages to install when a command is missing. `commands` maps each command to
 * the Debian/Ubuntu package that provides it.
 */
export function requireCommands(commands: Record<string, string>): void {
  const missing = Object.entries(commands).filter(([command]) => !onPath(command))
  if (missing.length === 0) return
  const names = missing.map(([command]) => command).join(', ')
  const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ')
  throw new Error(`${names} not found: sudo apt-get install -y ${packages}`)
}

/** Throws with `remedy` when the executable at `path` is missing. */
export function requireExecutable(path: string, remedy: string): void {
  if (!isExecutable(path)) throw new Error(`${path} not found: ${remedy}`)
}

/**
 * Builds the renderer with `npm run build:web`, every run: an older bundle left in out/ would be measured
 * in place of the code in the tree. The build's output goes to stderr, stdout being the JSON document's.
 */
export function buildRenderer(): void {
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  })
  if (build.error) throw new Error(`npm run build:web could not start: ${build.error.message}`)
  if (build.status !== 0) throw new Error(`npm run build:web failed (exit ${build.status ?? build.signal})`)
}
