// `loa say` as a real process against the demo service: a long Vietnamese text read in chunks into one
// WAV as long as its chunks together, charged once per chunk off the demo wallet, the cost printed;
// refused choices named before anything is sent.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { assertNoKey, loaWith } from './loa-process'

let demo: DemoServer
let dir: string

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
  dir = await mkdtemp(join(tmpdir(), 'loa-say-'))
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

const SENTENCE = 'Hôm nay trời Hà Nội trong xanh, gió nhẹ và nắng vàng trải khắp phố phường. '

const account = () => demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount

describe('loa say (process)', () => {
  it('reads a long text in chunks into one WAV, charging each chunk once', async () => {
    const text = SENTENCE.repeat(80) // about 6,000 characters: two chunks or more under a 4,096 limit
    const file = join(dir, 'long.txt')
    await writeFile(file, text, 'utf8')
    const out = join(dir, 'long.wav')
    const ledger = demo.context.ledger
    const acct = account()
    const before = { balance: ledger.balanceVND(acct), records: ledger.records(acct).length }
    const run = await loaWith(demo, 'ordinary', [
      'say',
      '--file',
      file,
      '--model',
      'openai/tts-1',
      '--voice',
      'alloy',
      '--format',
      'wav',
      '-o',
      out,
      '--json',
    ])
    expect(run.code).toBe(EXIT.ok)
    const report = JSON.parse(run.stdout) as {
      chunks: number
      characters: number
      costVnd: number
      seconds: number
    }
    expect(report.chunks).toBeGreaterThanOrEqual(2)
    // The file is read as a document: the space that ends it is not read, nor charged.
    expect(report.characters).toBe([...text.normalize('NFC').trim()].length)
    expect(run.stderr).toMatch(new RegExp(`chunk ${report.chunks}/${report.chunks}`))

    const records = ledger.records(acct).length - before.records
    expect(records).toBe(report.chunks)
    const spent = before.balance - ledger.balanceVND(acct)
    expect(spent).toBeCloseTo(report.costVnd, 1)

    const wav = readWav(new Uint8Array(await readFile(out)))
    const seconds = wav.samples.length / wav.channels / wav.sampleRateHz
    expect(Math.abs(seconds - report.seconds)).toBeLessThan(0.2)
    expect(seconds).toBeGreaterThan(60)
    assertNoKey(demo, run)
  })

  it('names what the model refuses before sending anything', async () => {
    const acct = account()
    const records = demo.context.ledger.records(acct).length
    const run = await loaWith(demo, 'ordinary', [
      'say',
      'Xin chào',
      '--model',
      'openai/tts-1',
      '--voice',
      'alloy',
      '--format',
      'wav',
      '--speed',
      '9',
      '-o',
      join(dir, 'x.wav'),
    ])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toMatch(/speed/i)
    expect(run.stderr).toMatch(/4/)
    expect(demo.context.ledger.records(acct).length).toBe(records)
  })

  it('needs somewhere to write', async () => {
    const run = await loaWith(demo, 'ordinary', ['say', 'Xin chào'])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toMatch(/--out/)
  })

  it.each(['free', 'basic', 'ordinary', 'ultra', 'reseller', 'internal'] as const)(
    'reads aloud with no --model or --voice on the %s key: a model that reads Vietnamese, a Vietnamese voice',
    async (key) => {
      const out = join(dir, `default-${key}.mp3`)
      const run = await loaWith(demo, key, [
        'say',
        'Xin chào các bạn, hôm nay trời đẹp.',
        '-o',
        out,
        '--json',
      ])
      expect(run.stderr).not.toMatch(/warning/)
      expect(run.code).toBe(EXIT.ok)
      const report = JSON.parse(run.stdout) as { model: string; voice: string | null; characters: number }
      expect(report.characters).toBe(35)
      expect((await readFile(out)).length).toBeGreaterThan(1_000)
      const listed = (await (
        await fetch(`${demo.baseUrl}/v1/models/tts`, {
          headers: { authorization: `Bearer ${demo.keys[key]}` },
        })
      ).json()) as { data: { id: string; english_only: boolean }[] }
      expect(listed.data.find((m) => m.id === report.model)?.english_only).toBe(false)
      if (report.voice !== null) expect(report.voice).toMatch(/^vi\b|^vi-|Kore/)
    },
  )

  it('warns before reading Vietnamese with a model that has English voices only', async () => {
    const out = join(dir, 'english-only.mp3')
    const run = await loaWith(demo, 'ordinary', [
      'say',
      'Xin chào các bạn.',
      '--model',
      'elevenlabs/eleven-flash-v2.5',
      '-o',
      out,
    ])
    expect(run.code).toBe(EXIT.ok)
    expect(run.stderr).toMatch(/warning: elevenlabs\/eleven-flash-v2\.5 has English voices only/)
  })

  it('points an old Google Cloud id to the models that replaced it, and checks V3 voices against its list', async () => {
    const old = await loaWith(demo, 'ordinary', [
      'say',
      'Xin chào',
      '--model',
      'google/en-US-Wavenet-D',
      '--dry-run',
      '--json',
    ])
    expect(old.code).toBe(EXIT.usage)
    const { error } = JSON.parse(old.stdout) as { error: { message: string; hint: string } }
    expect(error.message).toMatch(/2026-07-25/)
    expect(error.hint).toMatch(/google\/gemini-2\.5-flash-tts/)
    const v3 = await loaWith(demo, 'ordinary', [
      'say',
      'Xin chào',
      '--model',
      'elevenlabs/eleven_v3',
      '--voice',
      'nobody',
      '--dry-run',
    ])
    expect(v3.code).toBe(EXIT.usage)
    expect(v3.stderr).toMatch(/'nobody' is not a voice of elevenlabs\/eleven_v3/)
    const alias = await loaWith(demo, 'ordinary', [
      'say',
      'Hello',
      '--model',
      'elevenlabs/eleven_v3',
      '--voice',
      'nova',
      '--dry-run',
    ])
    expect(alias.code).toBe(EXIT.ok)
  })
})
