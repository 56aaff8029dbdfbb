// `npm run bench` on a machine that lacks what a suite needs stops before measuring anything, naming each
// missing step, rather than reporting the suite failed after the ones before it have run for minutes.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '../..')

it('stops before any suite measures, naming every tool that is missing and how to get it', async () => {
  // A PATH with nothing on it: espeak-ng and sox are not found, and neither is npm, which is never reached.
  const emptyPath = await mkdtemp(join(tmpdir(), 'loa-bench-path-'))
  try {
    const bench = run(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'resampler', 'voice'], {
      cwd: ROOT,
      env: { ...process.env, PATH: emptyPath, LOA_CHROMIUM: '/nonexistent/chromium' },
      timeout: 30_000,
    })
    const failure = await bench.then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stdout).toBe('')
    expect(failure?.stderr).toContain(
      'bench: resampler cannot run: espeak-ng, sox not found: sudo apt-get install -y espeak-ng sox',
    )
    expect(failure?.stderr).toContain('bench: voice cannot run: /nonexistent/chromium not found')
    expect(failure?.stderr).not.toMatch(/bench: resampler\.ts took/)
  } finally {
    await rm(emptyPath, { recursive: true, force: true })
  }
})
