// A model whose record in `GET /v1/models/tts` states its own requests per minute is read at that pace,
// not at the plan's default (tts-api.md "Rate limits by plan (defaults; per-model overrides replace
// them)"): the Reader against the demo service, whose model list here states a limit of 1 for one model.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ReaderChoice, ReadingStatus } from '../../preload/contract'
import { TtsClient } from '../../main/api/tts/tts-client'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'
import { restatedModelList } from './support/model-list'

/** Paid on every plan: the plan's default would be 2,000 a minute on Advanced+. */
const LIMITED = 'openai/tts-1'
const UNLIMITED = 'openai/tts-1-hd'
const FIRST_CHUNK_CHARS = 120

const gateway = restatedModelList({ [LIMITED]: { rate_limits: { rpm: 1, rpd: null } } })
let demo: DemoServer
let dir: string

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 11, mounts: [gateway.mount] })
  dir = await mkdtemp(join(tmpdir(), 'loa-reader-limits-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => {
  gateway.speechRequests.length = 0
})

async function reader(): Promise<ReaderService> {
  const endpoint = { baseUrl: demo.baseUrl, key: demo.keys.ordinary as string }
  return new ReaderService({
    endpoint: () => endpoint,
    events: new EventHub(),
    history: await ReaderHistory.open({ dir: await mkdtemp(join(dir, 'h-')) }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async () => null,
    client: (e) => new TtsClient({ endpoint: e, sleep: () => Promise.resolve() }),
    firstChunkChars: FIRST_CHUNK_CHARS,
  })
}

const TEXT =
  'Sáng nay trời Hà Nội se lạnh, người đi làm vội vã qua phố cổ. ' +
  'Quán phở đầu ngõ đã đông khách từ sớm, hơi nước bốc lên mờ cả ô cửa kính. ' +
  'Trên cầu Long Biên, đoàn tàu chậm rãi chạy qua, tiếng còi vang xa trong sương.'

const choice = (model: string): ReaderChoice => ({
  text: TEXT,
  model,
  voice: 'alloy',
  format: 'wav',
  speed: 1,
})

async function until(r: ReaderService, done: (s: ReadingStatus) => boolean): Promise<ReadingStatus> {
  const end = Date.now() + 30_000
  for (;;) {
    const s = r.snapshot().reading
    if (s && done(s)) return s
    if (Date.now() > end) throw new Error(`the reading did not get there: ${JSON.stringify(s?.state)}`)
    await new Promise((res) => setTimeout(res, 20))
  }
}

describe('a model’s own rate limit', { timeout: 60_000 }, () => {
  it('paces the reading: one request a minute when the model’s record says 1', async () => {
    const r = await reader()
    expect((await r.estimate(choice(LIMITED))).chunks).toBeGreaterThanOrEqual(2)
    await r.read(choice(LIMITED))
    const first = await until(r, (s) => s.chunksDone >= 1 || s.state !== 'running')
    expect(first.state).toBe('running')
    // With two requests in flight allowed, the second chunk would have been sent with the first.
    await new Promise((res) => setTimeout(res, 800))
    expect(gateway.speechRequests).toHaveLength(1)
    expect(r.snapshot().reading).toMatchObject({ state: 'running', chunksDone: 1 })
    r.cancel()
  })

  it('leaves a model without one at the plan’s default, which this reading stays far under', async () => {
    const r = await reader()
    await r.read(choice(UNLIMITED))
    const done = await until(r, (s) => s.state !== 'running')
    expect(done.state).toBe('done')
    expect(done.chunkCount).toBeGreaterThanOrEqual(2)
    expect(gateway.speechRequests).toHaveLength(done.chunkCount)
  })
})
