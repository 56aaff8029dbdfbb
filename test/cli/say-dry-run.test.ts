// `loa say --dry-run` as a real process against the demo service, which logs every request it gets: the
// estimate reads the model and voice lists only, sends no POST /audio/speech, charges nothing, needs no -o;
// its chunk count and cost are what the real reading then sends and is charged.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import type { SayEstimate } from '../../main/cli/verbs/say-estimate'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import type { DemoMountFactory } from '../../main/demo/context'
import { DEFAULT_MOUNTS } from '../../main/demo/default-mounts'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { assertNoKey, loa, loaWith } from './loa-process'

const SPEECH = 'POST /v1/audio/speech'

let demo: DemoServer
let dir: string
let requests: string[] = []

/** Sees every request before the routes do, and leaves it to them. */
const logRequests: DemoMountFactory = () => ({
  handleRequest(req, _res, url) {
    requests.push(`${req.method} ${url.pathname}`)
    return false
  },
})

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1, mounts: [logRequests, ...DEFAULT_MOUNTS] })
  dir = await mkdtemp(join(tmpdir(), 'loa-say-dry-'))
})

beforeEach(() => {
  requests = []
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

const SENTENCE = 'Hôm nay trời Hà Nội trong xanh, gió nhẹ và nắng vàng trải khắp phố phường. '

const account = () => demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount

function wallet() {
  const acct = account()
  return { balance: demo.context.ledger.balanceVND(acct), records: demo.context.ledger.records(acct).length }
}

describe('loa say --dry-run (process)', () => {
  it('prints one JSON estimate, sends no speech request, and the reading then matches it', async () => {
    // Decomposed on purpose: the service counts code points after NFC, so the estimate must too.
    const text = SENTENCE.repeat(60).normalize('NFD') // about 4,500 characters: two chunks under 4,096
    const file = join(dir, 'long.txt')
    await writeFile(file, text, 'utf8')
    const choice = ['--file', file, '--model', 'openai/tts-1', '--voice', 'alloy']
    const before = wallet()
    // Global flags before the verb; no -o.
    const dry = await loa(['--json', '--base-url', demo.baseUrl, 'say', ...choice, '--dry-run'], {
      LOA_API_KEY: demo.keys.ordinary,
    })
    expect(dry.code).toBe(EXIT.ok)
    const estimate = JSON.parse(dry.stdout) as SayEstimate
    expect(Object.keys(estimate)).toEqual([
      'model',
      'voice',
      'characters',
      'costVnd',
      'freeCharacters',
      'chunks',
    ])
    expect(estimate).toMatchObject({
      model: 'openai/tts-1',
      voice: 'alloy',
      // The file is read as a document: the space that ends it is not read, nor charged.
      characters: [...text.normalize('NFC').trim()].length,
      freeCharacters: 0,
    })
    expect(estimate.chunks).toBeGreaterThanOrEqual(2)
    expect(estimate.costVnd).toBeGreaterThan(0)
    expect(requests).toContain('GET /v1/models/tts')
    expect(requests).not.toContain(SPEECH)
    expect(wallet()).toEqual(before)

    requests = []
    const real = await loaWith(demo, 'ordinary', [
      'say',
      ...choice,
      '--format',
      'wav',
      '-o',
      join(dir, 'long.wav'),
      '--json',
    ])
    expect(real.code).toBe(EXIT.ok)
    const report = JSON.parse(real.stdout) as { chunks: number; characters: number; costVnd: number }
    expect(requests.filter((r) => r === SPEECH)).toHaveLength(estimate.chunks)
    expect(report.chunks).toBe(estimate.chunks)
    expect(report.characters).toBe(estimate.characters)
    expect(before.balance - wallet().balance).toBeCloseTo(estimate.costVnd as number, 1)
    assertNoKey(demo, dry, real)
  })

  it('says in words that nothing was sent, and leaves the free allowance unknown for a model with one', async () => {
    const args = [
      'say',
      'Xin chào các bạn.',
      '--model',
      'google/standard',
      '--voice',
      'vi-VN-Standard-A',
      '--dry-run',
    ]
    const before = wallet()
    const [words, json] = await Promise.all([
      loaWith(demo, 'ordinary', args),
      loaWith(demo, 'ordinary', [...args, '--json']),
    ])
    expect(words.code).toBe(EXIT.ok)
    expect(words.stdout).toMatch(/^Characters\s+17$/m)
    expect(words.stdout).toMatch(/^Chunks\s+1 /m)
    expect(words.stdout).toMatch(/^Cost\s+about \d/m)
    expect(words.stdout).toContain('Nothing was sent (--dry-run).')
    expect(json.code).toBe(EXIT.ok)
    expect(JSON.parse(json.stdout)).toMatchObject({
      model: 'google/standard',
      characters: 17,
      freeCharacters: null,
      chunks: 1,
    })
    expect(requests).not.toContain(SPEECH)
    expect(wallet()).toEqual(before)
    // The ordinary account's 200 latest records do not reach back to the month's start; the free
    // account's whole history fits, so what is left of the allowance is known and covers the text.
    const known = await loaWith(demo, 'free', [...args, '--json'])
    expect(JSON.parse(known.stdout)).toMatchObject({ characters: 17, freeCharacters: 17, costVnd: 0 })
  })

  it('still refuses what the model would refuse, before anything is sent', async () => {
    const run = await loaWith(demo, 'ordinary', [
      'say',
      'Xin chào',
      '--model',
      'openai/tts-1',
      '--voice',
      'alloy',
      '--speed',
      '9',
      '--dry-run',
      '--json',
    ])
    expect(run.code).toBe(EXIT.usage)
    const { error } = JSON.parse(run.stdout) as { error: { code: string; requestId: string | null } }
    expect(error).toMatchObject({ code: 'invalid_request', requestId: null })
    expect(requests).not.toContain(SPEECH)
  })
})
