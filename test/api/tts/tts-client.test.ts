// TtsClient against the real demo service with faults switched on: lost answers, 502s, 409s and 429s.
// Every chunk must be charged exactly once (read from the demo's own wallet and usage records), the audio
// must be real audio, refusals must name the limit, and an abort must stop the retries.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { TtsClient, type SpeechRequest } from '../../../main/api/tts/tts-client'
import type { Sleep } from '../../../main/api/tts/tts-retry'
import type { SeededAccount } from '../../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { startDropProxy, type DropProxy } from './drop-proxy'

let demo: DemoServer
let proxy: DropProxy
let account: SeededAccount
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 5, mounts: [] })
  proxy = await startDropProxy(demo.baseUrl)
  account = demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
})
afterAll(async () => {
  await proxy.close()
  await demo.close()
})

const originalSpeech = () => demo.context.speech
let restoreSpeech: (() => void) | null = null
afterEach(() => {
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
  proxy.drops = 0
  restoreSpeech?.()
  restoreSpeech = null
})

function recordingSleep() {
  const waits: number[] = []
  const sleep: Sleep = (ms) => {
    waits.push(ms)
    return Promise.resolve()
  }
  return { sleep, waits }
}

function client(opts: { baseUrl?: string; sleep?: Sleep; key?: keyof DemoServer['keys'] } = {}) {
  return new TtsClient({
    endpoint: { baseUrl: opts.baseUrl ?? demo.baseUrl, key: demo.keys[opts.key ?? 'ordinary'] },
    sleep: opts.sleep ?? recordingSleep().sleep,
  })
}

const wallet = () => ({
  balanceVnd: demo.context.ledger.balanceVND(account),
  records: demo.context.ledger.records(account).length,
})

/** The charge the service made between two wallet readings: one record, its cost off the balance. */
function chargedSince(before: ReturnType<typeof wallet>) {
  const after = wallet()
  const newest = demo.context.ledger.records(account).find((r) => r.model === 'openai/tts-1')
  return {
    records: after.records - before.records,
    balanceDropVnd: before.balanceVnd - after.balanceVnd,
    newest,
  }
}

const sentence = (tag: string): SpeechRequest => ({
  model: 'openai/tts-1',
  voice: 'alloy',
  input: `Chunk ${tag}: the quick brown fox jumps over the lazy dog.`,
})

function isMp3(b: Uint8Array): boolean {
  const id3 = b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33
  const frameSync = b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0
  return b.length > 100 && (id3 || frameSync)
}

function isWav(b: Uint8Array): boolean {
  const ascii = (from: number) => String.fromCharCode(...b.subarray(from, from + 4))
  return b.length > 44 && ascii(0) === 'RIFF' && ascii(8) === 'WAVE'
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(GatewayError)
  return err as GatewayError
}

describe('TtsClient catalog', () => {
  it('reads the model list with limits and prices', async () => {
    const models = await client().models()
    const tts1 = models.find((m) => m.id === 'openai/tts-1')
    expect(models.length).toBeGreaterThan(20)
    expect(tts1?.maxInputChars).toBe(4096)
    expect(tts1?.priceVndPer1M).toBeGreaterThan(0)
    expect(tts1?.formats).toContain('wav')
  })

  it('reads both voice list shapes', async () => {
    const v3 = await client().voices()
    expect(v3.voices.length).toBe(33)
    expect(v3.voices.filter((v) => v.language === 'vi')).toHaveLength(12)
    expect(Object.keys(v3.aliases)).toContain('nova')

    const models = await client().models()
    const multi = models.find((m) => m.voice?.required === false)
    expect(multi).toBeDefined()
    const list = await client().voices(multi?.id)
    expect(list.model).toBe(multi?.id)
    expect(list.defaultVoice).not.toBeNull()
    expect(list.voices.every((v) => v.locale !== null)).toBe(true)
  })
})

describe('TtsClient.synthesize', () => {
  it('returns decodable audio, the job id and the charge, and the job downloads again', async () => {
    const before = wallet()
    const out = await client().synthesize(
      { ...sentence('plain'), responseFormat: 'wav' },
      {
        idempotencyKey: randomUUID(),
      },
    )
    expect(isWav(out.bytes)).toBe(true)
    expect(out.contentType).toBe('audio/wav')
    expect(out.replay).toBe(false)
    const charged = chargedSince(before)
    expect(charged.records).toBe(1)
    expect(out.costVnd).toBeCloseTo(charged.balanceDropVnd, 6)
    expect(out.billedChars).toBe(sentence('plain').input.length)

    const again = await client().download(out.jobId ?? '')
    expect(Buffer.from(again.bytes).equals(Buffer.from(out.bytes))).toBe(true)
    expect(chargedSince(before).records).toBe(1)
  })

  it('charges once when the answer is lost after the service charged', async () => {
    proxy.drops = 2
    const before = wallet()
    const s = recordingSleep()
    const out = await client({ baseUrl: proxy.baseUrl, sleep: s.sleep }).synthesize(sentence('dropped'), {
      idempotencyKey: randomUUID(),
    })
    expect(proxy.dropped).toBeGreaterThanOrEqual(2)
    expect(out.attempts).toBe(3)
    expect(out.replay).toBe(true)
    expect(isMp3(out.bytes)).toBe(true)
    const charged = chargedSince(before)
    expect(charged.records).toBe(1)
    expect(charged.balanceDropVnd).toBeCloseTo(charged.newest?.costVND ?? Number.NaN, 6)
    expect(charged.balanceDropVnd).toBeGreaterThan(0)
  })

  it('charges once through 502s', async () => {
    demo.faults.failNext = { count: 2, status: 502 }
    const before = wallet()
    const s = recordingSleep()
    const out = await client({ sleep: s.sleep }).synthesize(sentence('502'), { idempotencyKey: randomUUID() })
    expect(out.attempts).toBe(3)
    expect(s.waits).toHaveLength(2)
    expect(isMp3(out.bytes)).toBe(true)
    const charged = chargedSince(before)
    expect(charged.records).toBe(1)
    expect(charged.balanceDropVnd).toBeCloseTo(out.costVnd ?? Number.NaN, 6)
  })

  it('waits Retry-After through 429s and charges once', async () => {
    demo.faults.rateLimitBurst = { count: 2, retryAfterSec: 2 }
    const before = wallet()
    const s = recordingSleep()
    const out = await client({ sleep: s.sleep }).synthesize(sentence('429'), { idempotencyKey: randomUUID() })
    expect(s.waits).toEqual([2_000, 2_000])
    expect(isMp3(out.bytes)).toBe(true)
    expect(chargedSince(before).records).toBe(1)
  })

  it('waits out a 409 while the same chunk is still running, then gets its result without a new charge', async () => {
    const speech = originalSpeech()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const running = new Promise<void>((resolve) => (entered = resolve))
    demo.context.speech = {
      synthesize: async (text, opts) => {
        entered()
        await gate
        return speech.synthesize(text, opts)
      },
    }
    restoreSpeech = () => {
      demo.context.speech = speech
    }
    const key = randomUUID()
    const before = wallet()
    const first = client().synthesize(sentence('409'), { idempotencyKey: key })
    await running
    const waits: number[] = []
    const secondSleep: Sleep = async (ms) => {
      waits.push(ms)
      release()
      await first
    }
    const second = await client({ sleep: secondSleep }).synthesize(sentence('409'), { idempotencyKey: key })
    const firstOut = await first
    expect(waits).toEqual([3_000])
    expect(second.replay).toBe(true)
    expect(second.jobId).toBe(firstOut.jobId)
    expect(Buffer.from(second.bytes).equals(Buffer.from(firstOut.bytes))).toBe(true)
    expect(chargedSince(before).records).toBe(1)
  })

  it('does not retry a 400 and names the model limit', async () => {
    const before = wallet()
    const s = recordingSleep()
    const err = await failure(
      client({ sleep: s.sleep }).synthesize(
        { model: 'openai/tts-1', voice: 'alloy', input: 'a'.repeat(4097) },
        { idempotencyKey: randomUUID() },
      ),
    )
    expect(err.kind).toBe('invalid_input')
    expect(err.field).toBe('input')
    expect(err.message).toContain('4096')
    expect(s.waits).toEqual([])
    expect(wallet()).toEqual(before)
  })

  it('names the formats a model supports when the format is refused', async () => {
    const err = await failure(
      client().synthesize({ ...sentence('fmt'), responseFormat: 'pcm' }, { idempotencyKey: randomUUID() }),
    )
    expect(err.field).toBe('response_format')
    expect(err.message).toMatch(/mp3.*wav/)
  })

  it('does not retry a revoked key', async () => {
    const s = recordingSleep()
    const err = await failure(
      client({ key: 'revoked', sleep: s.sleep }).synthesize(sentence('401'), {
        idempotencyKey: randomUUID(),
      }),
    )
    expect(err.kind).toBe('auth')
    expect(s.waits).toEqual([])
  })

  it('stops retrying when aborted and sends nothing more', async () => {
    demo.faults.failNext = { count: 10, status: 500 }
    const controller = new AbortController()
    const sleep: Sleep = () => {
      controller.abort()
      return Promise.resolve()
    }
    const before = wallet()
    const err = await failure(
      client({ sleep }).synthesize(sentence('abort'), {
        idempotencyKey: randomUUID(),
        signal: controller.signal,
      }),
    )
    expect(err.message).toMatch(/cancelled/)
    expect(demo.faults.failNext?.count).toBe(9)
    expect(wallet()).toEqual(before)
  })

  it('reports a job that is not stored as not found', async () => {
    const err = await failure(client().download('tts_missing'))
    expect(err.kind).toBe('not_found')
  })
})
