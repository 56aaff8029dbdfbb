// Every Reader request that waits says so, with its deadline, against the real demo service: a reading's
// chunk held back by a 429 (in the reading's status) or by the plan's requests per minute, the price's
// lists, and a re-download from the history (as `tts:wait` events); and each wait is taken back once the
// request goes through. Waits are not slept: the deadline main names is what is checked.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ReaderWait, ReadingStatus } from '../../preload/contract'
import { choice } from './support/reader-choice'
import { TtsClient } from '../../main/api/tts/tts-client'
import type { RequestWait } from '../../main/api/tts/tts-retry'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'
import { SpeechJob } from '../../main/tts/speech-job'

let demo: DemoServer
let dir: string
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 7, mounts: [] })
  dir = await mkdtemp(join(tmpdir(), 'loa-waits-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(() => {
  demo.faults.rateLimitBurst = null
})

const endpoint = () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary as string })

/** Each event with the time it arrived, to compare the deadline it names with. */
type Seen = { channel: string; payload: unknown; atMs: number }

async function rig(historyDir?: string) {
  const hub = new EventHub()
  const seen: Seen[] = []
  hub.addSink((channel, payload) => void seen.push({ channel, payload, atMs: Date.now() }))
  const reader = new ReaderService({
    endpoint,
    events: hub,
    history: await ReaderHistory.open({ dir: historyDir ?? (await mkdtemp(join(dir, 'h-'))) }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async (request) => ({ path: `/saved/${request.suggestedName}` }),
    client: (e, onWait) =>
      new TtsClient({ endpoint: e, sleep: async () => {}, ...(onWait ? { onWait } : {}) }),
    firstChunkChars: 120,
    now: () => demo.context.clock.now(),
  })
  const waits = () => seen.filter((e) => e.channel === 'tts:wait') as Array<Seen & { payload: ReaderWait }>
  const statuses = () =>
    seen.filter((e) => e.channel === 'tts:reading') as Array<Seen & { payload: ReadingStatus }>
  return { reader, seen, waits, statuses }
}

async function until(what: string, pred: () => boolean): Promise<void> {
  const end = Date.now() + 30_000
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 10))
  }
}

describe('Reader waits', { timeout: 60_000 }, () => {
  it('a reading held back by a 429 carries the Retry-After deadline, then drops it once the chunk goes through', async () => {
    const r = await rig()
    const text = 'Một câu ngắn để đọc thử.'
    // The lists are in hand first: the 429 meets the speech request itself.
    await r.reader.estimate(choice(text))
    demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 7 }
    const started = await r.reader.read(choice(text))
    await until('the reading', () => r.reader.snapshot().reading?.state === 'done')
    const held = r.statuses().filter((s) => s.payload.id === started.id && s.payload.wait !== null)
    expect(held.length).toBeGreaterThan(0)
    const first = held[0] as Seen & { payload: ReadingStatus }
    expect(first.payload.wait?.reason).toBe('rate_limit')
    // The deadline is the service's 7 seconds from when the wait began, not a guess of the view's.
    const leftMs = (first.payload.wait?.until ?? 0) - first.atMs
    expect(leftMs).toBeGreaterThan(5_000)
    expect(leftMs).toBeLessThanOrEqual(7_000)
    const last = r.statuses().at(-1)?.payload
    expect([last?.state, last?.wait]).toEqual(['done', null])
    // No wait was told for other requests.
    expect(r.waits()).toEqual([])
  })

  it('the price line hears when its lists wait, and when they stop waiting', async () => {
    const r = await rig()
    demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 4 }
    const estimate = await r.reader.estimate(choice('Xin chào'))
    expect(estimate.chars).toBe(8)
    const told = r.waits().map((w) => w.payload)
    expect(told.map((w) => [w.request, w.wait?.reason ?? null])).toEqual([
      ['estimate', 'rate_limit'],
      ['estimate', null],
    ])
    const first = r.waits()[0] as Seen & { payload: ReaderWait }
    expect((first.payload.wait?.until ?? 0) - first.atMs).toBeGreaterThan(2_000)
  })

  it('a re-download from the history that meets a 429 is told with the item it is for', async () => {
    const historyDir = await mkdtemp(join(dir, 'shared-'))
    const first = await rig(historyDir)
    const started = await first.reader.read(choice('Một câu để tải lại sau.'))
    await until('the reading', () => first.reader.snapshot().reading?.state === 'done')
    await first.reader.close()

    const later = await rig(historyDir)
    demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 3 }
    expect(await later.reader.save(started.id)).toMatchObject({ partial: null })
    expect(
      later.waits().map((w) => [w.payload.request, w.payload.id, w.payload.wait?.reason ?? null]),
    ).toEqual([
      ['download', started.id, 'rate_limit'],
      ['download', started.id, null],
    ])
  })

  it('a chunk held back by the plan’s requests per minute is said as the budget, until it goes', async () => {
    let nowMs = 1_000_000
    const slept: number[] = []
    const waits: Array<RequestWait | null> = []
    const job = new SpeechJob({
      client: new TtsClient({ endpoint: endpoint() }),
      request: { model: 'openai/tts-1', voice: 'alloy', responseFormat: 'mp3' },
      text: 'Câu một của bài. Câu hai của bài. Câu ba của bài.',
      rules: { maxInputChars: 20, unitPriceVndPer1M: 400_000 },
      concurrency: 1,
      rpm: 1,
      clock: { now: () => nowMs },
      sleep: async (ms) => {
        slept.push(ms)
        waits.push(job.wait)
        nowMs += ms
      },
      onWait: () => void 0,
    })
    const chunks = await job.run()
    expect(chunks.length).toBe(3)
    // Two waits of a whole window, each said as the budget while it lasted.
    expect(slept).toEqual([60_000, 60_000])
    expect(waits.map((w) => w?.reason)).toEqual(['budget', 'budget'])
    expect(job.wait).toBeNull()
  })
})
