// A chunk whose answer is lost and sent again more than the service's 60-second idempotency memory later,
// against the demo service with its clock moved on: the key no longer replays, so the job reads the usage
// history first. Charged: the reading stops and nothing is paid twice until the user agrees to pay again.
// Not charged: the chunk is simply sent again. Charges are read from the demo's own ledger.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ManagementClient } from '../../main/api/management/client'
import { TtsClient, type SpeechRequest, type SynthesizeOptions } from '../../main/api/tts/tts-client'
import { billableChars } from '../../main/api/tts/text-count'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { SpeechJob, SpeechJobError, type SpeechSynthesizer } from '../../main/tts/speech-job'
import { startDropProxy, type DropProxy } from '../api/tts/drop-proxy'

const MODEL = 'openai/tts-1'
/** Past the service's 60-second memory of a key. */
const LATER_MS = 61_000

let demo: DemoServer
let account: SeededAccount
let unitPriceVndPer1M: number
const proxies: DropProxy[] = []
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 17, mounts: [] })
  account = demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
  const models = await new TtsClient({ endpoint: endpoint() }).models()
  unitPriceVndPer1M = models.find((m) => m.id === MODEL)?.priceVndPer1M ?? Number.NaN
})
afterAll(async () => {
  await demo.close()
})
afterEach(async () => {
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
  await Promise.all(proxies.splice(0).map((p) => p.close()))
})

const endpoint = (baseUrl = demo.baseUrl) => ({ baseUrl, key: demo.keys.ordinary as string })

/** The latest usage records as the app reads them: over HTTP, from the management API. */
const usageHistory = async () => {
  const page = await new ManagementClient({ endpoint: endpoint() }).usage({ limit: 200 })
  return { records: page.data, total: page.total }
}

/** English prose in `count` chunks of about 200 characters; `tag` keeps each test's text its own. */
function text(tag: string, count: number): string {
  let out = ''
  for (let i = 1; i <= count * 3; i++)
    out += `Story ${tag}, sentence ${i}: the river runs past the old mill. `
  return out
}

const ledger = () => ({
  balanceVnd: demo.context.ledger.balanceVND(account),
  records: demo.context.ledger.records(account).filter((r) => r.model === MODEL),
})

function spentSince(before: ReturnType<typeof ledger>) {
  const after = ledger()
  return { records: after.records.length - before.records.length, vnd: before.balanceVnd - after.balanceVnd }
}

/**
 * Sends through the demo, except the requests of `lost.key`: those go through a proxy of their own that
 * loses the next `lost.drops` answers after the service has made (and charged) them. A retry inside the
 * client waits `LATER_MS` of service time.
 */
async function rig(opts: { retries: boolean }) {
  const proxy = await startDropProxy(demo.baseUrl)
  proxies.push(proxy)
  const later = () => {
    demo.context.clock.advance(LATER_MS)
    return Promise.resolve()
  }
  const policy = {
    maxFailureAttempts: opts.retries ? 4 : 1,
    maxPolitenessWaits: 8,
    firstBackoffMs: 0,
    maxBackoffMs: 0,
    duplicateWaitMs: 0,
    maxWaitMs: 60_000,
  }
  const good = new TtsClient({ endpoint: endpoint(), sleep: later })
  const lossy = new TtsClient({ endpoint: endpoint(proxy.baseUrl), sleep: later, policy })
  const lost = { key: '', drops: 0 }
  const asked: string[] = []
  const synth: SpeechSynthesizer = {
    synthesize(request: SpeechRequest, o: SynthesizeOptions) {
      asked.push(o.idempotencyKey)
      if (o.idempotencyKey !== lost.key || lost.drops === 0) return good.synthesize(request, o)
      proxy.drops = lost.drops
      lost.drops = 0
      return lossy.synthesize(request, o)
    },
  }
  return { proxy, synth, lost, asked }
}

function job(tag: string, synth: SpeechSynthesizer) {
  return new SpeechJob({
    client: synth,
    request: { model: MODEL, voice: 'alloy', responseFormat: 'wav' },
    text: text(tag, 3),
    rules: { maxInputChars: 4096, unitPriceVndPer1M },
    maxChars: 200,
    concurrency: 1,
    clock: demo.context.clock,
    usageHistory,
  })
}

describe('a chunk sent again after the key is forgotten', { timeout: 30_000 }, () => {
  it('is found charged when its lost answer is retried a minute later, and not paid twice', async () => {
    const r = await rig({ retries: true })
    const j = job('A', r.synth)
    const n = j.chunks.length
    expect(n).toBeGreaterThanOrEqual(3)
    const chunk = j.chunks[1]
    r.lost.key = chunk?.idempotencyKey ?? ''
    r.lost.drops = 1
    const before = ledger()

    const err = await j.run().catch((e: unknown) => e)

    expect(r.proxy.dropped).toBe(1)
    expect(err).toBeInstanceOf(SpeechJobError)
    expect((err as SpeechJobError).code).toBe('SPEECH_JOB_ALREADY_CHARGED')
    expect((err as SpeechJobError).chunkIndex).toBe(1)
    expect((err as SpeechJobError).message).toMatch(/Chunk 2 of \d+ was charged/)
    expect(j.status).toBe('failed')
    // Chunk 1 and the lost chunk 2, each once; the lost charge is counted as spent.
    const spent = spentSince(before)
    expect(spent.records).toBe(2)
    expect(chunk?.audio).toBeNull()
    expect(chunk?.costVnd).toBe(ledger().records[0]?.costVND)
    expect(spent.vnd).toBeCloseTo(j.progress.spentVnd, 2)

    // Resuming without the user's say-so asks the service for nothing and charges nothing.
    const askedBefore = r.asked.length
    const again = await j.resume().catch((e: unknown) => e)
    expect((again as SpeechJobError).code).toBe('SPEECH_JOB_ALREADY_CHARGED')
    expect(r.asked.length).toBe(askedBefore)
    expect(spentSince(before).records).toBe(2)

    // With it, the chunk is read and paid once more, and the reading goes on; nothing else twice.
    await j.resume({ payAgain: true })
    expect(j.status).toBe('done')
    const total = spentSince(before)
    expect(total.records).toBe(n + 1)
    expect(total.vnd).toBeCloseTo(j.progress.spentVnd, 2)
    expect(j.chunks.every((c) => c.audio !== null)).toBe(true)
    expect(new Set(r.asked).size).toBe(n)
  })

  it('is found charged when a run that lost its answer is resumed a minute later', async () => {
    const r = await rig({ retries: false })
    const j = job('B', r.synth)
    r.lost.key = j.chunks[0]?.idempotencyKey ?? ''
    r.lost.drops = 1
    const before = ledger()

    const first = await j.run().catch((e: unknown) => e)
    expect((first as SpeechJobError).code).toBe('SPEECH_JOB_FAILED')
    expect(spentSince(before).records).toBe(1)

    demo.context.clock.advance(LATER_MS)
    const second = await j.resume().catch((e: unknown) => e)
    expect((second as SpeechJobError).code).toBe('SPEECH_JOB_ALREADY_CHARGED')
    expect((second as SpeechJobError).chunkIndex).toBe(0)
    expect(spentSince(before).records).toBe(1)
    expect(j.progress.spentVnd).toBeCloseTo(spentSince(before).vnd, 2)
  })

  it('is sent again at once when the history shows the lost request was not charged', async () => {
    const r = await rig({ retries: false })
    const j = job('C', r.synth)
    const n = j.chunks.length
    r.lost.key = j.chunks[0]?.idempotencyKey ?? ''
    r.lost.drops = 1
    // The service refuses the request (502, no charge) and that answer is lost too.
    demo.faults.failNext = { count: 1, status: 502 }
    const before = ledger()

    const first = await j.run().catch((e: unknown) => e)
    expect((first as SpeechJobError).code).toBe('SPEECH_JOB_FAILED')
    expect(r.proxy.dropped).toBe(1)
    expect(spentSince(before).records).toBe(0)

    demo.context.clock.advance(LATER_MS)
    await j.resume()
    expect(j.status).toBe('done')
    const spent = spentSince(before)
    expect(spent.records).toBe(n)
    expect(spent.records).toBe(new Set(r.asked).size)
    expect(spent.vnd).toBeCloseTo(j.progress.spentVnd, 2)
    expect(j.progress.charsDone).toBe(billableChars(text('C', 3)))
  })
})
