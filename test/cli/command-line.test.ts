// Where `loa` finds its verb among the global flags, and how a usage error reads with --json: exactly one
// JSON object on stdout, code `usage`, exit 2. In process; nothing here reaches a gateway.
import { describe, expect, it } from 'vitest'
import { splitCommandLine } from '../../main/cli/args'
import { EXIT } from '../../main/cli/exit-codes'
import { runCli } from '../../main/cli/index'

async function run(argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: {},
  })
  return { code, stdout, stderr }
}

/** The one JSON object on stdout; throws when stdout holds anything else. */
function onlyJson(stdout: string): unknown {
  return JSON.parse(stdout)
}

describe('splitCommandLine', () => {
  it.each([
    [['--json', 'status'], 'status', ['--json']],
    [['status', '--json'], 'status', ['--json']],
    [
      ['--base-url', 'http://127.0.0.1:9', 'say', 'xin chào', '-o', 'f.mp3'],
      'say',
      ['--base-url', 'http://127.0.0.1:9', 'xin chào', '-o', 'f.mp3'],
    ],
    [
      ['--base-url=http://127.0.0.1:9', '--json', 'usage'],
      'usage',
      ['--base-url=http://127.0.0.1:9', '--json'],
    ],
    // A global flag's value is never the verb, even when it looks like one.
    [['--key', 'status', 'models'], 'models', ['--key', 'status']],
    [['--key=k', '-h', 'voices', '--models'], 'voices', ['--key=k', '-h', '--models']],
  ])('finds the verb in %j', (argv, verb, rest) => {
    const line = splitCommandLine(argv)
    expect(line.verb).toBe(verb)
    expect(line.rest).toEqual(rest)
  })

  it('sees --json and --help anywhere, and no verb after --', () => {
    expect(splitCommandLine(['status', '--json'])).toMatchObject({ json: true, help: false })
    expect(splitCommandLine(['-h', 'status'])).toMatchObject({ json: false, help: true })
    expect(splitCommandLine(['--', 'status']).verb).toBeUndefined()
    expect(splitCommandLine(['--base-url', 'status']).verb).toBeUndefined()
  })
})

describe('loa dispatcher: flags anywhere', () => {
  it('shows a verb’s help for --help before the verb, and the verb list for --help alone', async () => {
    const before = await run(['--help', 'demo-server'])
    expect(before.code).toBe(EXIT.ok)
    expect(before.stdout).toContain('Usage: loa demo-server')
    const alone = await run(['--json', '--help'])
    expect(alone.code).toBe(EXIT.ok)
    expect(alone.stdout).toContain('Verbs:')
  })

  it('checks a verb’s flags whatever side of the verb the global flags are on', async () => {
    const before = await run(['--json', '--base-url', 'http://127.0.0.1:9', 'demo-server', '--port', 'abc'])
    const after = await run(['demo-server', '--port', 'abc', '--base-url', 'http://127.0.0.1:9', '--json'])
    for (const r of [before, after]) {
      expect(r.code).toBe(EXIT.usage)
      expect(onlyJson(r.stdout)).toEqual({
        error: {
          code: 'usage',
          message: "--port must be a whole number from 0 to 65535; got 'abc'.",
          hint: "'loa demo-server --help' lists its flags.",
          requestId: null,
        },
      })
    }
  })
})

describe('loa --json usage errors', () => {
  it.each([
    [['--json', 'no-such-verb'], "unknown verb 'no-such-verb'."],
    [['no-such-verb', '--json'], "unknown verb 'no-such-verb'."],
    [['--json'], 'no verb given.'],
    [['--json', '--base-url', 'http://127.0.0.1:9'], 'no verb given.'],
  ])('%j prints one JSON object with code usage and exits 2', async (argv, message) => {
    const r = await run(argv)
    expect(r.code).toBe(EXIT.usage)
    expect(onlyJson(r.stdout)).toEqual({
      error: { code: 'usage', message, hint: "'loa --help' lists the verbs.", requestId: null },
    })
    // The person at the terminal still gets the words and the verb list.
    expect(r.stderr).toContain(`loa: ${message}`)
    expect(r.stderr).toContain('Verbs:')
  })

  it('reports an unknown flag as a usage error in JSON, and in words with the usage line without --json', async () => {
    const json = await run(['--json', 'status', '--verbose'])
    expect(json.code).toBe(EXIT.usage)
    const { error } = onlyJson(json.stdout) as { error: Record<string, unknown> }
    expect(error).toMatchObject({
      code: 'usage',
      requestId: null,
      hint: "'loa status --help' lists its flags.",
    })
    expect(error.message).toContain("Unknown option '--verbose'")
    const words = await run(['status', '--verbose'])
    expect(words.code).toBe(EXIT.usage)
    expect(words.stdout).toBe('')
    expect(words.stderr).toMatch(/^loa status: .*--verbose.*\nUsage: loa status/)
  })

  it('prints nothing on stdout for a usage error without --json', async () => {
    const r = await run(['no-such-verb'])
    expect(r.code).toBe(EXIT.usage)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^loa: unknown verb 'no-such-verb'\.\n/)
  })
})
