// SpeechJob against the real demo service with faults: a 3,000-character Vietnamese text read in chunks,
// every chunk charged exactly once (read from the demo's own wallet), delivered in order and early, a
// cancel that stops spending, and a failed run resumed without paying twice. The joined files are read
// back: wav with readWav, mp3 by walking its frame headers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TtsClient, type SpeechRequest, type SynthesizeOptions } from '../../main/api/tts/tts-client'
import { billableChars } from '../../main/api/tts/text-count'
import type { Sleep } from '../../main/api/tts/tts-retry'
import { readWav } from '../../main/audio/wav'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { durationMs, joinAudio } from '../../main/tts/audio-join'
import { mp3Frames } from '../../main/tts/mp3-frames'
import { SpeechJob, SpeechJobError, type SpeechSynthesizer } from '../../main/tts/speech-job'
import { startDropProxy, type DropProxy } from '../api/tts/drop-proxy'

const MODEL = 'openai/tts-1'
const CHUNK_CHARS = 600

let demo: DemoServer
let proxy: DropProxy
let account: SeededAccount
let unitPriceVndPer1M: number
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 7, mounts: [] })
  proxy = await startDropProxy(demo.baseUrl)
  account = demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
  const models = await client().models()
  unitPriceVndPer1M = models.find((m) => m.id === MODEL)?.priceVndPer1M ?? Number.NaN
})
afterAll(async () => {
  await proxy.close()
  await demo.close()
})
afterEach(() => {
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
  proxy.drops = 0
})

const noWait: Sleep = () => Promise.resolve()

function client(opts: { baseUrl?: string; key?: keyof DemoServer['keys']; failOnce?: boolean } = {}) {
  return new TtsClient({
    endpoint: { baseUrl: opts.baseUrl ?? demo.baseUrl, key: demo.keys[opts.key ?? 'ordinary'] },
    sleep: noWait,
    ...(opts.failOnce
      ? {
          policy: {
            maxFailureAttempts: 1,
            maxPolitenessWaits: 8,
            firstBackoffMs: 0,
            maxBackoffMs: 0,
            duplicateWaitMs: 0,
            maxWaitMs: 60_000,
          },
        }
      : {}),
  })
}

/** Vietnamese prose of exactly 3,000 billable characters; `tag` keeps each test's text its own. */
function vietnameseText(tag: string): string {
  let text = ''
  for (let i = 1; billableChars(text) < 3_000; i++) {
    text += `Đoạn ${tag} câu ${i}: hôm nay trời Hà Nội trong xanh, chúng tôi đi dạo quanh hồ Hoàn Kiếm và ngắm hoàng hôn. `
  }
  return [...text].slice(0, 3_000).join('')
}

const wallet = () => ({
  balanceVnd: demo.context.ledger.balanceVND(account),
  records: demo.context.ledger.records(account).filter((r) => r.model === MODEL).length,
})

function spentSince(before: ReturnType<typeof wallet>) {
  const after = wallet()
  return { records: after.records - before.records, vnd: before.balanceVnd - after.balanceVnd }
}

/** Wraps a synthesizer to log every request by chunk key, and what happens around it. */
function logging(inner: SpeechSynthesizer, log: string[], keys: string[]): SpeechSynthesizer {
  return {
    synthesize(request: SpeechRequest, opts: SynthesizeOptions) {
      keys.push(opts.idempotencyKey)
      log.push(`request ${opts.idempotencyKey}`)
      return inner.synthesize(request, opts)
    },
  }
}

function job(text: string, synth: SpeechSynthesizer, format: 'mp3' | 'wav', log: string[] = []) {
  return new SpeechJob({
    client: synth,
    request: { model: MODEL, voice: 'alloy', responseFormat: format },
    text,
    rules: { maxInputChars: 4096, unitPriceVndPer1M },
    maxChars: CHUNK_CHARS,
    rpm: 500,
    onChunk: (c) => log.push(`deliver ${c.index}`),
  })
}

const partsOf = (j: SpeechJob) => j.chunks.map((c) => c.audio?.bytes ?? new Uint8Array())

describe('SpeechJob against the demo service', () => {
  it('reads 3,000 characters through lost answers, 502s and 429s, each chunk charged once, in order', async () => {
    proxy.drops = 1
    demo.faults.failNext = { count: 1, status: 502 }
    demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 1 }
    const log: string[] = []
    const keys: string[] = []
    const before = wallet()
    const j = job(vietnameseText('A'), logging(client({ baseUrl: proxy.baseUrl }), log, keys), 'wav', log)
    const n = j.chunks.length
    expect(j.progress.charsTotal).toBe(3_000)
    expect(j.chunks.every((c) => c.chars <= CHUNK_CHARS)).toBe(true)

    await j.run()

    expect(j.status).toBe('done')
    expect(proxy.dropped).toBeGreaterThanOrEqual(1)
    const spent = spentSince(before)
    expect(spent.records).toBe(n)
    expect(spent.vnd).toBeCloseTo(j.progress.spentVnd, 2)
    expect(new Set(keys).size).toBe(n)
    expect(log.filter((e) => e.startsWith('deliver'))).toEqual(j.chunks.map((c) => `deliver ${c.index}`))
    // Playback could start early: chunk 1 was handed over before the last chunk was even asked for.
    const lastKey = j.chunks[n - 1]?.idempotencyKey
    expect(log.indexOf('deliver 0')).toBeLessThan(log.indexOf(`request ${lastKey}`))

    const joined = joinAudio(partsOf(j), 'wav')
    const wav = readWav(joined)
    const partsMs = partsOf(j).reduce((ms, p) => ms + durationMs(p, 'wav'), 0)
    expect((wav.samples.length / wav.channels / wav.sampleRateHz) * 1000).toBeCloseTo(partsMs, 6)
    expect(durationMs(joined, 'wav')).toBeCloseTo(partsMs, 6)
    expect(partsMs).toBeGreaterThan(0)
  })

  it('stops spending at cancel: nothing more is requested or charged', async () => {
    const log: string[] = []
    const keys: string[] = []
    const before = wallet()
    const j = new SpeechJob({
      client: logging(client(), log, keys),
      request: { model: MODEL, voice: 'alloy' },
      text: vietnameseText('B'),
      rules: { maxInputChars: 4096, unitPriceVndPer1M },
      maxChars: CHUNK_CHARS,
      concurrency: 1,
      onChunk: () => j.cancel(),
    })
    const err = await j.run().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SpeechJobError)
    expect((err as SpeechJobError).code).toBe('SPEECH_JOB_CANCELLED')
    expect(j.status).toBe('cancelled')
    expect(keys).toHaveLength(1)
    expect(spentSince(before).records).toBe(1)
    expect(j.chunks[0]?.audio).not.toBeNull()
    expect(j.progress.chunksDone).toBe(1)
  })

  it('resumes a run that failed mid-way without paying for any chunk twice', async () => {
    const text = vietnameseText('C')
    const keys: string[] = []
    let broken = true
    const good = client()
    const revoked = client({ key: 'revoked' })
    // A proxy of its own: a kept-alive connection from an earlier test would slip past the drop.
    const lossy = await startDropProxy(demo.baseUrl)
    const losing = client({ baseUrl: lossy.baseUrl, failOnce: true })
    let target = ''
    let lostAnswer = ''
    const synth: SpeechSynthesizer = {
      synthesize(request, opts) {
        keys.push(opts.idempotencyKey)
        if (broken && opts.idempotencyKey === target) return revoked.synthesize(request, opts)
        if (broken && opts.idempotencyKey === lostAnswer) {
          // The service synthesizes and charges this chunk, but its answer never arrives.
          lossy.drops = 1
          return losing.synthesize(request, opts)
        }
        return good.synthesize(request, opts)
      },
    }
    const before = wallet()
    const j = new SpeechJob({
      client: synth,
      request: { model: MODEL, voice: 'alloy', responseFormat: 'mp3' },
      text,
      rules: { maxInputChars: 4096, unitPriceVndPer1M },
      maxChars: CHUNK_CHARS,
      concurrency: 1,
    })
    const n = j.chunks.length
    lostAnswer = j.chunks[1]?.idempotencyKey ?? ''
    target = j.chunks[3]?.idempotencyKey ?? ''

    const first = await j.run().catch((e: unknown) => e)
    expect(first).toBeInstanceOf(SpeechJobError)
    expect((first as SpeechJobError).chunkIndex).toBe(1)
    expect(j.status).toBe('failed')
    expect(spentSince(before).records).toBe(2)

    lostAnswer = ''
    const second = await j.resume().catch((e: unknown) => e)
    expect((second as SpeechJobError).code).toBe('SPEECH_JOB_FAILED')
    expect((second as SpeechJobError).chunkIndex).toBe(3)
    expect((second as SpeechJobError).message).toMatch(/Chunk 4 of/)

    broken = false
    await j.resume()
    expect(j.status).toBe('done')
    expect(j.chunks[1]?.audio?.replay).toBe(true)
    const spent = spentSince(before)
    expect(spent.records).toBe(n)
    expect(spent.vnd).toBeCloseTo(j.progress.spentVnd, 2)
    // Finished chunks were never asked for again; unfinished ones kept their keys.
    const asked = (k: string) => keys.filter((x) => x === k).length
    expect(asked(j.chunks[0]?.idempotencyKey ?? '')).toBe(1)
    expect(asked(j.chunks[2]?.idempotencyKey ?? '')).toBe(1)
    expect(asked(lostAnswer || (j.chunks[1]?.idempotencyKey ?? ''))).toBe(2)
    expect(asked(target)).toBe(2)

    // The same text read in one go, for its length: synthesis is deterministic.
    const whole = job(text, client(), 'mp3')
    await whole.run()
    const joined = joinAudio(partsOf(j), 'mp3')
    const reference = joinAudio(partsOf(whole), 'mp3')
    const frames = mp3Frames(joined)
    const frameMs = ((frames[0]?.samples ?? 0) / (frames[0]?.sampleRateHz ?? 1)) * 1000
    const partsMs = partsOf(j).reduce((ms, p) => ms + durationMs(p, 'mp3'), 0)
    expect(frames.length).toBeGreaterThan(n)
    expect(Math.abs(durationMs(joined, 'mp3') - partsMs)).toBeLessThanOrEqual(frameMs)
    expect(durationMs(joined, 'mp3')).toBe(durationMs(reference, 'mp3'))
    await lossy.close()
    // Two full readings in mp3, whose encoder is slow on a loaded two-core machine.
  }, 60_000)

  it('splits a chunk the service refuses as over its real limit, and reads on with nothing charged twice', async () => {
    // The rules say 3,000 characters; the service takes 1,000 (hume/octave-2), says so in a 400, and
    // charges nothing for the refusal.
    const model = 'hume/octave-2'
    let text = ''
    for (let i = 1; billableChars(text) < 2_400; i++) text += `Sentence ${i} of a long English story. `
    const records = () => demo.context.ledger.records(account).filter((r) => r.model === model)
    const before = records().length
    const refused: number[] = []
    const logged: SpeechSynthesizer = {
      synthesize: (request: SpeechRequest, opts: SynthesizeOptions) =>
        client()
          .synthesize(request, opts)
          .catch((err: unknown) => {
            refused.push(billableChars(request.input))
            throw err
          }),
    }
    const job = new SpeechJob({
      client: logged,
      request: { model, responseFormat: 'mp3' },
      text,
      rules: { maxInputChars: 3_000, unitPriceVndPer1M: 1_650_000 },
      sleep: noWait,
    })
    const chunks = await job.run()
    expect(refused).toEqual([billableChars(text)])
    expect(chunks.map((c) => c.text).join('')).toBe(text)
    expect(chunks.every((c) => c.chars <= 1_000 && c.audio !== null)).toBe(true)
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i))
    // One charge per chunk that was read, for exactly the text's characters.
    const charged = records().slice(0, records().length - before)
    expect(charged).toHaveLength(chunks.length)
    expect(charged.reduce((n, r) => n + r.inputTokens, 0)).toBe(billableChars(text))
  })
})
