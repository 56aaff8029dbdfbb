// `loa` as a real process against the demo service: the global flags on either side of the verb, and every
// failure with --json as exactly one object on stdout, {"error": {code, message, hint, requestId}}, the
// service's code and request id kept; a short wallet reads as "top up" whether it comes as 400 or 402.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import type { FailureJson } from '../../main/cli/failure-output'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { assertNoKey, loa, loaWith, type LoaResult } from './loa-process'

let demo: DemoServer
let dir: string

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
  dir = await mkdtemp(join(tmpdir(), 'loa-json-failures-'))
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

/** The error object, after checking that stdout holds it and nothing else. */
function errorOf(run: LoaResult): FailureJson['error'] {
  const parsed = JSON.parse(run.stdout) as FailureJson
  expect(Object.keys(parsed)).toEqual(['error'])
  expect(Object.keys(parsed.error)).toEqual(['code', 'message', 'hint', 'requestId'])
  return parsed.error
}

async function emptyWallet(keyName: keyof DemoServer['keys']): Promise<void> {
  const res = await fetch(`${demo.baseUrl}/__demo/wallet`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: keyName, realVND: 0, bonusVND: 0 }),
  })
  expect(res.status).toBe(200)
}

describe('global flags anywhere (process)', () => {
  it('reads --json, --base-url and --key before the verb as after it', async () => {
    const url = demo.baseUrl
    const key = demo.keys.ordinary
    const runs = await Promise.all([
      loa(['--json', '--base-url', url, '--key', key, 'models', 'embedding']),
      loa(['models', 'embedding', '--base-url', url, '--key', key, '--json']),
      loa([`--base-url=${url}`, '--json', 'models', `--key=${key}`, 'embedding']),
    ])
    for (const run of runs) {
      // --key on the command line is read, with the one warning that others can see it.
      expect(run.stderr).toMatch(/^loa: warning: --key shows the key [^\n]*\n$/)
      expect(run.code).toBe(EXIT.ok)
    }
    const [before, after, mixed] = runs.map((r) => JSON.parse(r.stdout) as unknown)
    expect(before).toEqual(after)
    expect(mixed).toEqual(after)
    assertNoKey(demo, ...runs)
  })
})

describe('loa --json failures (process)', () => {
  it('a refused key: the service’s code and request id, a hint about the key, exit 3', async () => {
    const run = await loaWith(demo, 'revoked', ['--json', 'status'])
    expect(run.code).toBe(EXIT.auth)
    const error = errorOf(run)
    expect(error.code).toBe('invalid_api_key')
    expect(error.message).toMatch(/revoked/)
    expect(error.hint).toMatch(/check the key/)
    expect(error.requestId).toMatch(/^req_\w+$/)
    // In words too, with the request id to quote to support.
    expect(run.stderr).toContain(`request ${error.requestId}`)
    expect(run.stderr).toMatch(/^hint: check the key/m)
    assertNoKey(demo, run)
  })

  it('a usage error: code usage, exit 2, nothing sent', async () => {
    const run = await loaWith(demo, 'ordinary', ['usage', '--limit', '0', '--json'])
    expect(run.code).toBe(EXIT.usage)
    expect(errorOf(run)).toEqual({
      code: 'usage',
      message: "--limit must be a whole number from 1 to 200; got '0'.",
      hint: "'loa usage --help' lists its flags.",
      requestId: null,
    })
  })

  it('no key anywhere: code no_key, exit 3', async () => {
    const run = await loa(['--json', 'status'])
    expect(run.code).toBe(EXIT.auth)
    const error = errorOf(run)
    expect(error).toMatchObject({ code: 'no_key', requestId: null })
    expect(error.hint).toContain('--key KEY')
  })

  it('nothing listening: code network, no request id, exit 5', async () => {
    const closed = await startDemoServer({ seed: 1 })
    const { baseUrl } = closed
    await closed.close()
    const run = await loa(['status', '--json'], { LOA_BASE_URL: baseUrl, LOA_API_KEY: demo.keys.ordinary })
    expect(run.code).toBe(EXIT.network)
    const error = errorOf(run)
    expect(error).toMatchObject({ code: 'network', requestId: null })
    expect(error.message).toContain('ECONNREFUSED')
    expect(error.hint).toMatch(/gateway address/)
    assertNoKey(demo, run)
  })
})

describe('a short wallet (process)', () => {
  beforeAll(() => emptyWallet('basic'))

  it('speech (HTTP 400 insufficient_balance) reads as not enough balance, top up', async () => {
    const out = join(dir, 'broke.mp3')
    const args = ['say', 'Xin chào các bạn.', '--model', 'openai/tts-1', '--voice', 'alloy', '-o', out]
    const [json, words] = await Promise.all([
      loaWith(demo, 'basic', [...args, '--json']),
      loaWith(demo, 'basic', args),
    ])
    expect(json.code).toBe(EXIT.failure)
    const error = errorOf(json)
    expect(error.code).toBe('insufficient_balance')
    expect(error.message).toMatch(/^not enough balance in the wallet: /)
    expect(error.hint).toMatch(/^top up/)
    expect(error.requestId).toMatch(/^req_\w+$/)

    expect(words.code).toBe(EXIT.failure)
    expect(words.stdout).toBe('')
    expect(words.stderr).toMatch(
      /^loa say: not enough balance in the wallet: .*\(HTTP 400, request req_\w+\)\.$/m,
    )
    expect(words.stderr).toMatch(/^hint: top up/m)
    expect(words.stderr).not.toMatch(/invalid|check the values/i)
    expect(existsSync(out)).toBe(false)
    assertNoKey(demo, json, words)
  })

  it('a realtime session (HTTP 402) reads the same way', async () => {
    const recording = join(dir, 'silence.wav')
    await writeFile(
      recording,
      writeWav({ sampleRateHz: 16_000, channels: 1, samples: new Float32Array(8_000) }),
    )
    const run = await loaWith(demo, 'basic', [
      'talk',
      '--json',
      '--model',
      'openai/gpt-realtime',
      '--in',
      recording,
      '--out',
      join(dir, 'reply.wav'),
    ])
    expect(run.code).toBe(EXIT.failure)
    const error = errorOf(run)
    expect(error.code).toBe('insufficient_balance')
    expect(error.message).toMatch(/^not enough balance in the wallet: /)
    expect(error.hint).toMatch(/^top up/)
    expect(run.stderr).toMatch(/^hint: top up/m)
    assertNoKey(demo, run)
  })
})
