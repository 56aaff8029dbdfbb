// The copy detector as `npm run lint` runs it: jscpd with the project's own `.jscpd.json`. A block copied
// into a second module, even with its names changed, fails; the same block once, or two different
// blocks, pass. The tree itself passes too, as `npm run lint` checks on every run.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const JSCPD = join(ROOT, 'node_modules', '.bin', 'jscpd')

const BLOCK = (name: string) => `export function ${name}(values: number[], weights: number[]): number {
  let total = 0
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? 0
    const weight = weights[i] ?? 1
    if (value > 100) total += weight * Math.sqrt(value)
    else if (value < -100) total -= weight * Math.sqrt(-value)
    else total += weight * value * 0.5
  }
  return Math.round(total * 1000) / 1000
}
`

const OTHER = `export function labelOf(code: string): string {
  return code.trim().toLowerCase()
}
`

let dir: string | null = null

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

/** jscpd with the project's config on a folder of planted modules; its exit status and its words. */
function detect(files: Record<string, string>): { status: number | null; out: string } {
  dir = mkdtempSync(join(tmpdir(), 'loa-cpd-'))
  mkdirSync(join(dir, 'src'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text)
  const run = spawnSync(JSCPD, ['--config', join(ROOT, '.jscpd.json'), join(dir, 'src')], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return { status: run.status, out: run.stdout + run.stderr }
}

describe('the copy detector', () => {
  it('fails on a block copied into another module, names changed or not', () => {
    const copied = detect({ 'a.ts': BLOCK('scoreOf'), 'b.ts': `// elsewhere\n${BLOCK('weightedScore')}` })
    expect(copied.status).toBe(1)
    expect(copied.out).toContain('Found 1 clones')
  })

  it('passes the same block once, beside something else', () => {
    const clean = detect({ 'a.ts': BLOCK('scoreOf'), 'b.ts': OTHER })
    expect(clean.out).toContain('Found 0 clones')
    expect(clean.status).toBe(0)
  })
})
