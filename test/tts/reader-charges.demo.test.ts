// The Reader's money against the demo service: a reading that runs out of balance keeps what it paid for
// and goes on after a top-up from its first unfinished chunk; a chunk whose answer was lost and that is
// resumed after the key's 60 seconds (service time) is found charged in the usage history and paid again
// only on the user's say-so. Every run that spends tells the app, so the balance shown can follow.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ReaderChoice, ReadingStatus } from '../../preload/contract'
import { ManagementClient } from '../../main/api/management/client'
import { TtsClient, type SpeechRequest, type SynthesizeOptions } from '../../main/api/tts/tts-client'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'
import { SpeechJob } from '../../main/tts/speech-job'
import { estimateCostVnd } from '../../main/api/tts/text-count'
import { startDropProxy, type DropProxy } from '../api/tts/drop-proxy'

const MODEL = 'openai/tts-1'
/** The demo's price of MODEL, per 1,000,000 characters. */
const PRICE_VND_PER_1M = 412_500
const FIRST = 120

let demo: DemoServer
let dir: string
const proxies: DropProxy[] = []
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 23, mounts: [] })
  dir = await mkdtemp(join(tmpdir(), 'loa-reader-charges-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(async () => {
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
  await Promise.all(proxies.splice(0).map((p) => p.close()))
  await setWallet(10_000_000)
})

const NO_RETRY = {
  maxFailureAttempts: 1,
  maxPolitenessWaits: 8,
  firstBackoffMs: 0,
  maxBackoffMs: 0,
  duplicateWaitMs: 0,
  maxWaitMs: 60_000,
}

const endpoint = (baseUrl = demo.baseUrl) => ({ baseUrl, key: demo.keys.ordinary as string })
const account = (): SeededAccount =>
  demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
const ledger = () => ({
  vnd: demo.context.ledger.balanceVND(account()),
  records: demo.context.ledger.records(account()).filter((r) => r.model === MODEL),
})

/** Through the demo's loopback control route, as a test script would. */
async function setWallet(realVND: number): Promise<void> {
  const res = await fetch(`${demo.baseUrl}/__demo/wallet`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: 'ordinary', realVND, bonusVND: 0 }),
  })
  expect(res.status).toBe(200)
}

/**
 * A ReaderService on the ordinary key with the demo's clock; `lossy`: speech requests go through a proxy
 * that loses the first answer, and one that fails is not retried inside the client.
 */
async function rig(opts: { lossy?: boolean } = {}) {
  let client = new TtsClient({ endpoint: endpoint(), sleep: () => Promise.resolve() })
  let proxy: DropProxy | null = null
  if (opts.lossy) {
    const lossy = await startDropProxy(demo.baseUrl)
    proxies.push(lossy)
    lossy.drops = 1
    proxy = lossy
    const once = new TtsClient({ endpoint: endpoint(lossy.baseUrl), policy: NO_RETRY })
    // The model and voice lists come straight from the demo; only speech meets the proxy.
    client = new (class extends TtsClient {
      override synthesize(request: SpeechRequest, o: SynthesizeOptions) {
        return once.synthesize(request, o)
      }
    })({ endpoint: endpoint() })
  }
  const spent: number[] = []
  const reader = new ReaderService({
    endpoint: () => endpoint(),
    events: new EventHub(),
    history: await ReaderHistory.open({ dir: await mkdtemp(join(dir, 'h-')) }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: () => Promise.resolve(null),
    client: () => client,
    firstChunkChars: FIRST,
    usageNow: async () => {
      const page = await new ManagementClient({ endpoint: endpoint() }).usage({ limit: 200 })
      return { records: page.data, total: page.total }
    },
    onSpent: () => spent.push(ledger().vnd),
    now: () => demo.context.clock.now(),
  })
  return { reader, spent, proxy }
}

function english(tag: string, chars: number): string {
  let text = ''
  for (let i = 1; text.length < chars; i++)
    text += `Part ${tag}, sentence ${i}: the river runs past the mill. `
  return text.slice(0, chars).trimEnd() + '.'
}

const choice = (text: string): ReaderChoice => ({
  text,
  model: MODEL,
  voice: 'alloy',
  format: 'wav',
  speed: 1,
})

async function settled(reader: ReaderService): Promise<ReadingStatus> {
  await reader.current?.settled()
  return reader.snapshot().reading as ReadingStatus
}

const audioOf = (reader: ReaderService, s: ReadingStatus) =>
  s.chunks.filter((c) => c.ready).map((c) => reader.audio(s.id, c.index).data)

/** The chunks a reading of `text` is split into, and what each costs, worked out as the job does. */
function plannedChunks(text: string) {
  const job = new SpeechJob({
    client: { synthesize: () => Promise.reject(new Error('not sent')) },
    request: { model: MODEL },
    text,
    rules: { maxInputChars: 4096, unitPriceVndPer1M: PRICE_VND_PER_1M },
    firstChunkChars: FIRST,
  })
  return job.chunks.map((c) => ({
    chars: c.chars,
    costVnd: estimateCostVnd(c.text, PRICE_VND_PER_1M) as number,
  }))
}

describe('the Reader and the wallet', { timeout: 60_000 }, () => {
  it('keeps the chunks paid for when the balance runs out, and after a top-up reads on paying none twice', async () => {
    const r = await rig()
    const text = english('a', 3_000)
    const planned = plannedChunks(text)
    expect(planned.length).toBeGreaterThanOrEqual(4)
    // Enough for the first two chunks and not the third.
    const [c0, c1] = planned as [(typeof planned)[0], (typeof planned)[0]]
    await setWallet(c0.costVnd + c1.costVnd + 0.01)
    const before = ledger()

    const started = await r.reader.read(choice(text))
    expect(started.chunks.map((c) => c.chars)).toEqual(planned.map((c) => c.chars))
    const failed = await settled(r.reader)

    expect(failed.state).toBe('failed')
    expect(failed.error).toMatchObject({ kind: 'insufficient_balance', chunkIndex: 2 })
    expect(failed.error?.message).toMatch(/insufficient balance/i)
    expect(failed.chunks.map((c) => c.ready)).toEqual(planned.map((_, i) => i < 2))
    expect(failed.spentVnd).toBeCloseTo(c0.costVnd + c1.costVnd, 2)
    expect(ledger().records.length - before.records.length).toBe(2)
    expect(before.vnd - ledger().vnd).toBeCloseTo(failed.spentVnd, 2)
    // The app heard that money was spent, after it was.
    expect(r.spent).toEqual([ledger().vnd])
    const paidAudio = audioOf(r.reader, failed)

    await setWallet(10_000_000)
    const topped = ledger()
    r.reader.resume()
    const done = await settled(r.reader)

    expect(done.state).toBe('done')
    expect(done.error).toBeNull()
    // The paid chunks kept their audio and cost; the rest were asked for once each, from chunk 3 on.
    expect(audioOf(r.reader, done).slice(0, 2)).toEqual(paidAudio)
    expect(done.chunks.slice(0, 2).map((c) => c.costVnd)).toEqual(
      failed.chunks.slice(0, 2).map((c) => c.costVnd),
    )
    const resumed = ledger().records.slice(0, ledger().records.length - topped.records.length)
    expect(resumed.map((rec) => rec.inputTokens).sort()).toEqual(
      planned
        .slice(2)
        .map((c) => c.chars)
        .sort(),
    )
    expect(ledger().records.length - before.records.length).toBe(planned.length)
    expect(done.spentVnd).toBeCloseTo(
      planned.reduce((n, c) => n + c.costVnd, 0),
      2,
    )
    expect(topped.vnd - ledger().vnd).toBeCloseTo(done.spentVnd - failed.spentVnd, 2)
    expect(r.spent).toHaveLength(2)
  })

  it('stops at a chunk charged for an answer lost over a minute ago, and pays it again only when told to', async () => {
    const r = await rig({ lossy: true })
    const before = ledger()
    const started = await r.reader.read(choice(english('b', 700)))
    const failed = await settled(r.reader)
    expect(r.proxy?.dropped).toBe(1)
    expect(failed.state).toBe('failed')
    const lostIndex = failed.error?.chunkIndex as number
    expect(failed.chunks[lostIndex]?.ready).toBe(false)
    // The lost answer was charged all the same.
    const charged = ledger().records.length - before.records.length
    expect(charged).toBe(failed.chunksDone + 1)

    demo.context.clock.advance(61_000)
    r.reader.resume()
    const held = await settled(r.reader)
    expect(held.state).toBe('failed')
    expect(held.error).toMatchObject({ code: 'already_charged', chunkIndex: lostIndex })
    expect(held.error?.message).toMatch(/was charged/)
    expect(ledger().records.length - before.records.length).toBe(
      charged + (held.chunksDone - failed.chunksDone),
    )
    // What the reading spent includes the lost charge: it matches the wallet.
    expect(held.chunks[lostIndex]?.costVnd).toBeGreaterThan(0)
    expect(before.vnd - ledger().vnd).toBeCloseTo(held.spentVnd, 2)

    r.reader.resume({ payAgain: true })
    const done = await settled(r.reader)
    expect(done.state).toBe('done')
    expect(ledger().records.length - before.records.length).toBe(started.chunkCount + 1)
    expect(before.vnd - ledger().vnd).toBeCloseTo(done.spentVnd, 2)
    expect(r.spent.length).toBeGreaterThanOrEqual(2)
  })
})
