// The Reader's main-process service against the real demo service: models with their rules, the price
// before the click (NFC counting), a reading delivered chunk by chunk and charged once per chunk on the
// demo wallet, refusals that charge nothing, cancel and resume, saving from memory and re-downloading
// from the history (404 and 410 explained), and voice samples.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ReaderChoice, ReadingStatus, ReaderHistoryItem } from '../../preload/contract'
import { TtsClient } from '../../main/api/tts/tts-client'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { durationMs } from '../../main/tts/audio-join'
import { mp3Frames } from '../../main/tts/mp3-frames'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService, type SaveAudioRequest } from '../../main/tts/reader-service'
import { AppError } from '../../main/errors'
import { usagePageSchema } from '../../main/api/management/schemas/account'
import type { UsageHistory } from '../../main/tts/free-allowance'

const MODEL = 'openai/tts-1'
const FIRST = 120

let demo: DemoServer
let dir: string
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 11, mounts: [] })
  dir = await mkdtemp(join(tmpdir(), 'loa-reader-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(() => {
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
})

interface Rig {
  reader: ReaderService
  events: Array<{ channel: string; payload: unknown }>
  saved: SaveAudioRequest[]
  history: ReaderHistory
}

async function rig(
  opts: {
    historyDir?: string
    balance?: number | null
    realSleep?: boolean
    usageHistory?: () => Promise<UsageHistory | null>
    key?: 'ordinary' | 'free'
  } = {},
) {
  const hub = new EventHub()
  const events: Rig['events'] = []
  hub.addSink((channel, payload) => void events.push({ channel, payload }))
  const saved: SaveAudioRequest[] = []
  const history = await ReaderHistory.open({ dir: opts.historyDir ?? (await mkdtemp(join(dir, 'h-'))) })
  const endpoint = { baseUrl: demo.baseUrl, key: demo.keys[opts.key ?? 'ordinary'] as string }
  const reader = new ReaderService({
    endpoint: () => endpoint,
    events: hub,
    history,
    balanceVnd: () => (opts.balance === undefined ? 10_000_000 : opts.balance),
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async (request) => {
      saved.push(request)
      return { path: `/saved/${request.suggestedName}` }
    },
    // Waits are skipped unless a test needs the service's Retry-After honoured for real.
    client: (e) =>
      new TtsClient({ endpoint: e, ...(opts.realSleep ? {} : { sleep: () => Promise.resolve() }) }),
    firstChunkChars: FIRST,
    ...(opts.usageHistory ? { usageHistory: opts.usageHistory } : {}),
    now: () => demo.context.clock.now(),
  })
  return { reader, events, saved, history } satisfies Rig
}

const account = (): SeededAccount =>
  demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
const wallet = () => ({
  vnd: demo.context.ledger.balanceVND(account()),
  records: demo.context.ledger.records(account()).filter((r) => r.model === MODEL).length,
})

function vietnamese(tag: string, chars: number): string {
  let text = ''
  for (let i = 1; text.length < chars; i++) {
    text += `Phần ${tag} câu ${i}: sáng nay trời Hà Nội se lạnh, người đi làm vội vã qua phố cổ. `
  }
  return text.slice(0, chars).trimEnd() + '.'
}

const choice = (text: string, over: Partial<ReaderChoice> = {}): ReaderChoice => ({
  text,
  model: MODEL,
  voice: 'alloy',
  format: 'mp3',
  speed: 1,
  ...over,
})

async function finished(r: Rig, id: string): Promise<ReadingStatus> {
  const end = Date.now() + 30_000
  for (;;) {
    const s = r.reader.snapshot().reading
    if (s && s.id === id && s.state !== 'running') return s
    if (Date.now() > end) throw new Error('the reading did not finish')
    await new Promise((res) => setTimeout(res, 20))
  }
}

// Readings synthesize real speech in mp3, slow on a loaded two-core machine.
describe('ReaderService against the demo service', { timeout: 60_000 }, () => {
  it('lists the models with prices and greys out what each refuses, with the reason', async () => {
    const r = await rig()
    const { models, plan } = await r.reader.models()
    expect(plan).toBe('ADVANCED_PLUS')
    const tts1 = models.find((m) => m.id === MODEL)
    expect(tts1?.unitPriceVndPer1M).toBeGreaterThan(0)
    expect(tts1?.formats.find((f) => f.format === 'mp3')?.disabledReason).toBeNull()
    const v3 = models.find((m) => m.group === 'v3')
    expect(v3?.formats.find((f) => f.format === 'wav')?.disabledReason).toMatch(/mp3, opus, pcm/)
    expect(v3?.speed).toEqual({ mode: 'clamp', min: 0.7, max: 1.2 })
    expect(models.find((m) => m.group === 'G')?.speed.mode).toBe('ignored')
    expect(models.find((m) => m.free)?.unitPriceVndPer1M).toBe(0)
  })

  it('knows an English-only model from its record, and says so before reading Vietnamese on it', async () => {
    const { reader } = await rig()
    const res = await fetch(`${demo.baseUrl}/v1/models/tts`, {
      headers: { authorization: `Bearer ${demo.keys.ordinary}` },
    })
    const listed = ((await res.json()) as { data: { id: string; english_only?: boolean }[] }).data
    const englishOnly = listed.filter((m) => m.english_only === true).map((m) => m.id)
    expect(englishOnly.length).toBeGreaterThan(6)
    const { models, defaultModel } = await reader.models()
    const poor = models.filter((m) => m.vietnamese === 'poor').map((m) => m.id)
    expect(poor.sort()).toEqual([...englishOnly].sort())
    expect(poor).not.toContain(defaultModel)
    const choice = (text: string): ReaderChoice => ({
      text,
      model: englishOnly[0] as string,
      voice: null,
      format: 'mp3',
      speed: 1,
    })
    expect((await reader.estimate(choice('Xin chào các bạn'))).poorVietnamese).toBe(true)
    expect((await reader.estimate(choice('Hello everyone'))).poorVietnamese).toBe(false)
  })

  it("takes Classic's monthly free characters off the price, from the account's usage history", async () => {
    const history = async (): Promise<UsageHistory> => {
      const res = await fetch(`${demo.baseUrl}/v1/management/usage?limit=200`, {
        headers: { authorization: `Bearer ${demo.keys.free}`, 'user-agent': 'loa-test' },
      })
      const page = usagePageSchema.parse(await res.json())
      return { records: page.data, total: page.total }
    }
    const text = 'Xin chào các bạn, đây là giọng đọc Classic.'
    const choice: ReaderChoice = {
      text,
      model: 'google/standard',
      voice: 'vi-VN-Standard-A',
      format: 'mp3',
      speed: 1,
    }
    // The free account's history is short enough to hold the whole month. The allowance covers the
    // text, so even an empty wallet reads it.
    const { reader } = await rig({ usageHistory: history, balance: 0, key: 'free' })
    const known = await reader.estimate(choice)
    expect(known.freeChars).toBe(known.chars)
    expect(known.costVnd).toBe(0)
    expect(known.affordable).toBe(true)
    const status = await reader.read(choice)
    await reader.current?.settled()
    expect(reader.current?.status().state).toBe('done')
    expect(status.model).toBe('google/standard')
    // Where the month's use cannot be known: said, with the price beyond the allowance, and not refused.
    const { reader: blind } = await rig({ usageHistory: async () => null, balance: 0 })
    const unknown = await blind.estimate(choice)
    expect(unknown.freeChars).toBeNull()
    expect(unknown.costVnd).toBeGreaterThan(0)
    expect(unknown.affordable).toBeNull()
  })

  it('prices composed and combining Vietnamese alike, and an emoji by its code points', async () => {
    const r = await rig()
    // 20 letters and spaces, then a family of three: man, ZWJ, woman, ZWJ, girl.
    const composed = 'Tiếng Việt thật đẹp 👨‍👩‍👧'
    const combining = composed.normalize('NFD')
    const a = await r.reader.estimate(choice(composed))
    const b = await r.reader.estimate(choice(combining))
    expect(a.chars).toBe(25)
    expect(b.chars).toBe(a.chars)
    expect(b.costVnd).toBe(a.costVnd)
    const price = (await r.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M as number
    expect(a.costVnd).toBeCloseTo((25 / 1e6) * price, 2)
    expect(a.problems).toEqual([])
    expect(a.affordable).toBe(true)
  })

  it('names every problem before anything is sent, and refuses to read it', async () => {
    const r = await rig({ balance: 0.001 })
    const before = wallet()
    const est = await r.reader.estimate(choice('Xin chào.', { voice: 'Kore', format: 'ogg' }))
    expect(est.problems.map((p) => p.field).sort()).toEqual(['format', 'voice'])
    expect(est.affordable).toBe(false)
    await expect(r.reader.read(choice('Xin chào.', { voice: 'Kore' }))).rejects.toMatchObject({
      kind: 'invalid_input',
      field: 'voice',
      code: 'invalid_voice',
    })
    // Affordability: the cost is over the balance. Money first: "top up", not "invalid input".
    const short = await r.reader.read(choice(vietnamese('x', 400))).catch((e: unknown) => e)
    expect(short).toMatchObject({ kind: 'insufficient_balance', code: 'reading_over_balance' })
    expect((short as AppError).params).toMatchObject({ balanceVnd: 0 })
    expect(wallet()).toEqual(before)
  })

  it('reads a long text with a short first chunk, each chunk charged once, and saves it as one file', async () => {
    const r = await rig()
    const before = wallet()
    const text = vietnamese('a', 1_500)
    const started = await r.reader.read(choice(text))
    expect(started.chunks[0]?.chars).toBeLessThanOrEqual(FIRST)
    // The chunks cover the text exactly, for highlighting.
    expect(started.chunks.map((c) => text.slice(c.start, c.end)).join('')).toBe(text)
    const done = await finished(r, started.id)
    expect(done.state).toBe('done')
    expect(done.chunksDone).toBe(done.chunkCount)
    const spent = { records: wallet().records - before.records, vnd: before.vnd - wallet().vnd }
    expect(spent.records).toBe(done.chunkCount)
    expect(spent.vnd).toBeCloseTo(done.spentVnd, 2)
    // Progress went out as events, the first chunk ready before the last.
    const statuses = r.events
      .filter((e) => e.channel === 'tts:reading')
      .map((e) => e.payload as ReadingStatus)
    const firstReady = statuses.findIndex((s) => s.chunks[0]?.ready)
    const lastReady = statuses.findIndex((s) => s.chunksDone === s.chunkCount)
    expect(firstReady).toBeGreaterThanOrEqual(0)
    expect(firstReady).toBeLessThan(lastReady)

    const audio = r.reader.audio(done.id, 0)
    expect(audio.format).toBe('mp3')
    expect(mp3Frames(Buffer.from(audio.data, 'base64')).length).toBeGreaterThan(0)

    const path = await r.reader.save(done.id)
    expect(path?.path).toMatch(/^\/saved\/loa-\d{4}-\d\d-\d\d-phan-a-cau-1.*\.mp3$/)
    const file = r.saved[0] as SaveAudioRequest
    const parts = done.chunks.map((c) =>
      durationMs(Buffer.from(r.reader.audio(done.id, c.index).data, 'base64'), 'mp3'),
    )
    expect(durationMs(file.bytes, 'mp3')).toBeCloseTo(
      parts.reduce((a, b) => a + b, 0),
      -2,
    )

    const [item] = r.reader.history()
    expect(item).toMatchObject({
      id: done.id,
      chunkCount: done.chunkCount,
      inMemory: true,
      downloadable: true,
    })
    expect(Date.parse(item?.expiresAt ?? '') - Date.now()).toBeGreaterThan(71 * 3600_000)
  })

  it('cancels without further spending and resumes without paying any chunk twice', async () => {
    // A chunk cut off by the cancel is still being made by the service: resuming meets its 409 and
    // waits the Retry-After it names.
    const r = await rig({ realSleep: true })
    const before = wallet()
    const started = await r.reader.read(choice(vietnamese('b', 2_500)))
    // Cancel once the first chunk is in.
    while (!r.reader.snapshot().reading?.chunks[0]?.ready) await new Promise((res) => setTimeout(res, 5))
    const cancelled = r.reader.cancel()
    expect(cancelled?.state).toBe('cancelled')
    await r.reader.current?.settled()
    const paidSoFar = wallet().records - before.records
    expect(paidSoFar).toBeLessThan(started.chunkCount)
    r.reader.resume()
    const done = await finished(r, started.id)
    expect(done.error).toBeNull()
    expect(done.state).toBe('done')
    expect(wallet().records - before.records).toBe(done.chunkCount)
    expect(before.vnd - wallet().vnd).toBeCloseTo(done.spentVnd, 2)
  })

  it('keeps a failed reading’s message and chunk, then resumes it', async () => {
    const r = await rig()
    const text = vietnamese('c', 300)
    // The model list is in hand before the service starts failing.
    await r.reader.estimate(choice(text))
    demo.faults.failNext = { status: 500, count: 50 }
    const started = await r.reader.read(choice(text))
    const failed = await finished(r, started.id)
    expect(failed.state).toBe('failed')
    expect(failed.error).toMatchObject({ kind: 'server', chunkIndex: 0 })
    demo.faults.failNext = null
    r.reader.resume()
    expect((await finished(r, started.id)).state).toBe('done')
  })

  it('says an empty wallet as not enough balance, with the request id to quote, and charges nothing', async () => {
    const setWallet = (realVND: number, bonusVND: number) =>
      fetch(`${demo.baseUrl}/__demo/wallet`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'loa-test' },
        body: JSON.stringify({ key: 'ordinary', realVND, bonusVND }),
      }).then((res) => res.json() as Promise<{ totalVND: number }>)
    const kept = { ...account().wallet }
    expect(await setWallet(0, 0)).toMatchObject({ totalVND: 0 })
    try {
      // Loa does not know the balance here, so only the service can refuse: a 400 insufficient_balance.
      const r = await rig({ balance: null })
      const before = wallet()
      const started = await r.reader.read(choice(vietnamese('w', 200)))
      const failed = await finished(r, started.id)
      expect(failed.state).toBe('failed')
      expect(failed.error).toMatchObject({ kind: 'insufficient_balance', code: 'insufficient_balance' })
      expect(failed.error?.requestId).toMatch(/\S/)
      expect(failed.error?.field).toBeUndefined()
      expect(wallet()).toEqual(before)
    } finally {
      await setWallet(kept.realVND, kept.bonusVND)
    }
  })

  it('re-downloads a reading from the history once it is no longer in memory, and explains 404 and 410', async () => {
    const historyDir = await mkdtemp(join(dir, 'shared-'))
    const first = await rig({ historyDir })
    const started = await first.reader.read(choice(vietnamese('d', 400)))
    await finished(first, started.id)
    await first.reader.close()

    // A new run of Loa: the history comes from disk, the audio from the service.
    const later = await rig({ historyDir })
    const [item] = later.reader.history() as [ReaderHistoryItem]
    expect(item).toMatchObject({ id: started.id, inMemory: false, downloadable: true, gone: null })
    await later.reader.save(item.id)
    expect(mp3Frames(later.saved[0]?.bytes as Uint8Array).length).toBeGreaterThan(10)

    // Past the 72 hours the service keeps it: 410, said in words and remembered.
    demo.context.clock.advance(73 * 3600_000)
    const err = await later.reader.save(item.id).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).message).toMatch(/deleted/)
    expect(later.reader.history()[0]?.gone).toBe('expired')
    const onDisk = JSON.parse(await readFile(later.history.path, 'utf8')) as { records: { gone: string }[] }
    expect(onDisk.records[0]?.gone).toBe('expired')
  })

  it('fetches a voice sample from the voice list without sending the key', async () => {
    const r = await rig()
    const voices = await r.reader.voices('elevenlabs/eleven_v3')
    const withSample = voices.voices.find((v) => v.hasPreview)
    expect(withSample).toBeDefined()
    const sample = await r.reader.preview('elevenlabs/eleven_v3', withSample?.id as string)
    expect(sample.format).toBe('mp3')
    expect(Buffer.from(sample.data, 'base64').length).toBeGreaterThan(500)
    await expect(r.reader.preview('elevenlabs/eleven_v3', 'no-such-voice')).rejects.toMatchObject({
      kind: 'not_found',
    })
  })
})
