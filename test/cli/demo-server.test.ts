// `loa demo-server` as a real process: one JSON line on stdout, a working service, a clean exit on SIGTERM.
// And the dispatcher's help, usage errors and exit codes, in-process.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../main/cli/index'
import { EXIT } from '../../main/cli/exit-codes'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function capture() {
  let text = ''
  return { out: { write: (s: string) => (text += s) }, text: () => text }
}

describe('loa demo-server (process)', () => {
  it('prints one JSON line, serves the API, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'main/cli/index.ts', 'demo-server', '--seed', '5', '--time-scale', '2'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const firstLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no output; stderr: ${stderr}`)), 15_000)
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString()
        const nl = stdout.indexOf('\n')
        if (nl >= 0) {
          clearTimeout(timer)
          resolve(stdout.slice(0, nl))
        }
      })
    })
    try {
      const info = JSON.parse(firstLine) as { baseUrl: string; keys: Record<string, string> }
      expect(Object.keys(info).sort()).toEqual(['baseUrl', 'keys'])
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${info.baseUrl}/v1/management/me`, {
        headers: { Authorization: `Bearer ${info.keys.ordinary}`, 'User-Agent': 'cli-test' },
      })
      expect(res.status).toBe(200)
      expect((await res.json()).plan).toBe('ADVANCED_PLUS')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    expect(stdout.split('\n').filter((l) => l !== '')).toHaveLength(1)
  })
})

describe('loa dispatcher', () => {
  const env = {}

  it('prints help for --help (exit 0) and for no verb (exit 2)', async () => {
    const out = capture()
    const err = capture()
    expect(await runCli(['--help'], { stdout: out.out, stderr: err.out, env })).toBe(EXIT.ok)
    expect(out.text()).toContain('demo-server')
    expect(out.text()).toContain('--base-url')
    expect(await runCli([], { stdout: out.out, stderr: err.out, env })).toBe(EXIT.usage)
  })

  it('prints a verb help for <verb> --help', async () => {
    const out = capture()
    expect(await runCli(['demo-server', '--help'], { stdout: out.out, stderr: capture().out, env })).toBe(
      EXIT.ok,
    )
    expect(out.text()).toContain('--time-scale')
    expect(out.text()).toContain('--variant')
    expect(out.text()).toContain('--ws-token')
  })

  it('names the variants when --variant is unknown', async () => {
    const err = capture()
    const argv = ['demo-server', '--variant', 'bogus']
    expect(await runCli(argv, { stdout: capture().out, stderr: err.out, env })).toBe(EXIT.usage)
    expect(err.text()).toContain('--variant must be one of default, alt')
  })

  it.each([
    [['no-such-verb']],
    [['demo-server', '--port', 'abc']],
    [['demo-server', '--port', '70000']],
    [['demo-server', '--time-scale', '0']],
    [['demo-server', '--unknown-flag']],
    [['demo-server', '--variant', 'bogus']],
    [['demo-server', '--ws-token', 'cookie']],
  ])('exits 2 on a usage error: %j', async (argv) => {
    const err = capture()
    expect(await runCli(argv, { stdout: capture().out, stderr: err.out, env })).toBe(EXIT.usage)
    expect(err.text()).not.toBe('')
  })
})
