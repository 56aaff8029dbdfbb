// A document read aloud against the real demo service: the file opened in parts, priced whole before
// anything is sent, read one sentence a chunk with synthesis held a few sentences ahead of the listener,
// stopped before its spending limit, and its place found again by a fresh store over the same folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DOCUMENT_READING_SENTENCES,
  type ReaderDocumentPart,
  type ReadingStatus,
} from '../../preload/contract'
import { gatewayRequest } from '../../main/api/http'
import { usagePageSchema } from '../../main/api/management/schemas/account'
import { TtsClient, type TtsTransport } from '../../main/api/tts/tts-client'
import { billableChars, estimateCostVnd } from '../../main/api/tts/text-count'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { extractDocument } from '../../main/documents/extract'
import { DOCUMENT_MAX_BYTES } from '../../main/documents/types'
import { AppError } from '../../main/errors'
import { EventHub } from '../../main/ipc/event-hub'
import { DocumentPlaces } from '../../main/tts/document-places'
import { DocumentReader } from '../../main/tts/document-reader'
import type { UsageHistory } from '../../main/tts/free-allowance'
import { AHEAD_CHUNKS } from '../../main/tts/document-runahead'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'

const MODEL = 'openai/tts-1'
const CHOICE = { model: MODEL, voice: 'alloy', format: 'mp3' as const, speed: 1 }
const SENTENCES = Array.from(
  { length: 10 },
  (_, i) => `Câu thứ ${i + 1} kể về một buổi sáng ở Hà Nội, khi phố cổ còn vắng người.`,
)
const TEXT = SENTENCES.join(' ')

let demo: DemoServer
let dir: string
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 5, mounts: [] })
  dir = await mkdtemp(join(tmpdir(), 'loa-documents-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

const speechCharges = (model = MODEL, label = 'ordinary') =>
  demo.context.ledger
    .records(demo.context.accounts.find((a) => a.label === label) as SeededAccount)
    .filter((r) => r.model === model)

interface RigOptions {
  key?: 'ordinary' | 'free'
  /** The model list as a service that does not state its prices would send it. */
  unpriced?: boolean
  usageHistory?: () => Promise<UsageHistory | null>
}

/** The demo's model list with every price left out; every other request passes as it is. */
const withoutPrices: TtsTransport = async (path, opts) => {
  const endpoint = { baseUrl: demo.baseUrl, key: demo.keys.ordinary as string }
  const res = await gatewayRequest(endpoint, path, opts)
  if (path !== '/v1/models/tts') return res
  const list = (await res.json()) as { data: Array<Record<string, unknown>> }
  for (const m of list.data) delete m.price_vnd_per_1m_chars
  return new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } })
}

/** The account's usage records as `GET /usage` gives them. */
const usageOf = (key: string) => async (): Promise<UsageHistory> => {
  const res = await fetch(`${demo.baseUrl}/v1/management/usage?limit=200`, {
    headers: { authorization: `Bearer ${key}`, 'user-agent': 'loa-test' },
  })
  const page = usagePageSchema.parse(await res.json())
  return { records: page.data, total: page.total }
}

async function rig(dataDir: string, opts: RigOptions = {}) {
  const key = demo.keys[opts.key ?? 'ordinary'] as string
  const reader = new ReaderService({
    endpoint: () => ({ baseUrl: demo.baseUrl, key }),
    events: new EventHub(),
    history: await ReaderHistory.open({ dir: dataDir }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async () => null,
    client: (e) =>
      new TtsClient({
        endpoint: e,
        sleep: () => Promise.resolve(),
        ...(opts.unpriced ? { transport: withoutPrices } : {}),
      }),
    ...(opts.usageHistory ? { usageHistory: opts.usageHistory } : {}),
  })
  const places = await DocumentPlaces.open(dataDir)
  return { reader, places, documents: new DocumentReader({ reader, places, extract: extractDocument }) }
}

/** The file as the page sends it: base64 parts of at most `partBytes`. */
function partsOf(name: string, bytes: Uint8Array, partBytes = 64): ReaderDocumentPart[] {
  const count = Math.max(1, Math.ceil(bytes.byteLength / partBytes))
  return Array.from({ length: count }, (_, index) => ({
    upload: 'u1',
    name,
    size: bytes.byteLength,
    index,
    count,
    data: Buffer.from(bytes.subarray(index * partBytes, (index + 1) * partBytes)).toString('base64'),
  }))
}

async function open(documents: DocumentReader, name: string, text: string) {
  const parts = partsOf(name, new TextEncoder().encode(text))
  for (const part of parts.slice(0, -1)) expect(await documents.open(part)).toBeNull()
  return documents.open(parts.at(-1) as ReaderDocumentPart)
}

async function until(what: string, pred: () => boolean): Promise<void> {
  const end = Date.now() + 30_000
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 20))
  }
}

const status = (r: { reader: ReaderService }) => r.reader.snapshot().reading as ReadingStatus

describe('a document in the Reader against the demo service', { timeout: 60_000 }, () => {
  it('opens a file sent in parts into sentences and prices it whole before anything is sent', async () => {
    const r = await rig(await mkdtemp(join(dir, 'a-')))
    const doc = await open(r.documents, 'sáng.txt', TEXT)
    expect(doc?.chapters).toHaveLength(1)
    expect(doc?.chapters[0]?.sentences.map((s) => s.trim())).toEqual(SENTENCES)
    expect(doc?.resume).toBeNull()
    const before = speechCharges().length
    const estimate = await r.documents.estimate(CHOICE)
    const price = (await r.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M ?? null
    expect(estimate.chars).toBe(billableChars(TEXT))
    expect(estimate.chunks).toBe(SENTENCES.length)
    expect(estimate.costVnd).toBe(estimateCostVnd(TEXT, price))
    expect(estimate.listenSeconds).toBe(Math.round(billableChars(TEXT) / 14))
    expect(speechCharges().length).toBe(before)
  })

  it('runs synthesis only a few sentences ahead of the listener, and remembers the place by content', async () => {
    const dataDir = await mkdtemp(join(dir, 'b-'))
    const r = await rig(dataDir)
    const doc = await open(r.documents, 'sáng.txt', TEXT)
    const before = speechCharges().length
    const reading = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 2, limitVnd: null })
    expect(reading.chunkCount).toBe(SENTENCES.length - 2)
    await until('the sentences within reach', () => status(r).chunksDone === AHEAD_CHUNKS)
    // Nobody listens on: nothing more is asked for.
    await new Promise((res) => setTimeout(res, 300))
    expect(speechCharges().length - before).toBe(AHEAD_CHUNKS)
    expect(status(r).chunks.map((c) => c.ready)).toEqual(
      Array.from({ length: SENTENCES.length - 2 }, (_, i) => i < AHEAD_CHUNKS),
    )
    // Each chunk is one sentence: its offsets in the reading's text are the sentence's.
    const text = r.reader.snapshot().text
    expect(status(r).chunks.map((c) => text.slice(c.start, c.end).trim())).toEqual(SENTENCES.slice(2))

    // The listener reaches the third: up to three past it may be made, no further.
    await r.documents.heard(reading.id, 2)
    await until('three more sentences', () => status(r).chunksDone === 2 + AHEAD_CHUNKS + 1)
    await new Promise((res) => setTimeout(res, 300))
    expect(speechCharges().length - before).toBe(2 + AHEAD_CHUNKS + 1)
    await r.reader.close()
    await r.documents.flushed()

    // A fresh start over the same folder, the same bytes under another name: offered where it was left.
    const again = await rig(dataDir)
    const reopened = await open(again.documents, 'đổi-tên.txt', TEXT)
    expect(reopened?.id).toBe(doc?.id)
    expect(reopened?.resume).toMatchObject({ chapter: 0, sentence: 4, chapterTitle: 'sáng.txt' })
    expect(reopened?.resume?.preview).toBe('Câu thứ 5 kể về một buổi sáng…')
    expect(reopened?.spentVnd).toBeGreaterThan(0)
  })

  it('stops before the document would pass its spending limit, says so, and refuses to start past it', async () => {
    const r = await rig(await mkdtemp(join(dir, 'c-')))
    await open(r.documents, 'sáng.txt', TEXT)
    const price = (await r.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M ?? null
    const one = estimateCostVnd(`${SENTENCES[0]} `, price) as number
    // Room for two sentences and a half: the third would pass it.
    const limitVnd = one * 2.5
    const before = speechCharges()
    const reading = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 0, limitVnd })
    await r.documents.heard(reading.id, 5)
    await until('the stop', () => status(r).state !== 'running')
    const stopped = status(r)
    expect(stopped.state).toBe('failed')
    expect(stopped.error).toMatchObject({ code: 'document_spending_limit', chunkIndex: 2 })
    expect(stopped.chunksDone).toBe(2)
    const charged = speechCharges().slice(before.length)
    expect(charged).toHaveLength(2)
    expect(stopped.spentVnd).toBeLessThanOrEqual(limitVnd)
    await r.reader.close()
    await r.documents.flushed()
    const again = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 2, limitVnd: one }).then(
      () => null,
      (err: unknown) => err,
    )
    expect(again).toBeInstanceOf(AppError)
    expect((again as AppError).code).toBe('document_spending_limit')
  })

  it('with the price unknown, reads one sentence to learn it from the charge, then stops before the limit', async () => {
    const r = await rig(await mkdtemp(join(dir, 'f-')), { unpriced: true })
    await open(r.documents, 'sáng.txt', TEXT)
    expect((await r.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M).toBeNull()
    expect((await r.documents.estimate(CHOICE)).costVnd).toBeNull()
    // One sentence's price as the demo charges it, from the list as the demo sends it: room for two and a half.
    const priced = await rig(await mkdtemp(join(dir, 'g-')))
    const price = (await priced.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M
    const one = estimateCostVnd(`${SENTENCES[0]} `, price ?? null) as number
    expect(one).toBeGreaterThan(0)
    const from = speechCharges().length
    const reading = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 0, limitVnd: one * 2.5 })
    await r.documents.heard(reading.id, 5)
    await until('the stop', () => status(r).state !== 'running')
    expect(status(r).error).toMatchObject({ code: 'document_spending_limit', chunkIndex: 2 })
    // The second may still be on its way as the third is refused: its charge is waited for.
    await r.reader.current?.settled()
    // Two sentences charged, none past the limit: the second waited for the first's charge to be priced.
    const charged = speechCharges().slice(from)
    expect(charged).toHaveLength(2)
    expect(charged.reduce((n, c) => n + c.costVND, 0)).toBeLessThanOrEqual(one * 2.5)
    await r.reader.close()
  })

  it("takes the month's free characters off the run-ahead's limit check (Classic)", async () => {
    const classic = { model: 'google/standard', voice: 'vi-VN-Standard-A', format: 'mp3' as const, speed: 1 }
    const r = await rig(await mkdtemp(join(dir, 'h-')), {
      key: 'free',
      usageHistory: usageOf(demo.keys.free as string),
    })
    await open(r.documents, 'sáng.txt', TEXT)
    const estimate = await r.documents.estimate(classic)
    // The whole document is within the allowance: free, and said so.
    expect(estimate.freeChars).toBe(estimate.chars)
    expect(estimate.costVnd).toBe(0)
    const price = (await r.reader.models()).models.find((m) => m.id === classic.model)?.unitPriceVndPer1M
    const one = estimateCostVnd(SENTENCES[0] as string, price ?? null) as number
    expect(one).toBeGreaterThan(0)
    const before = speechCharges(classic.model, 'free').length
    // A limit under one sentence's full price: only the allowance lets the reading go on.
    const reading = await r.documents.read({ ...classic, chapter: 0, sentence: 0, limitVnd: one / 2 })
    for (let i = 0; i < SENTENCES.length; i++) await r.documents.heard(reading.id, i)
    await until('the end', () => status(r).state !== 'running')
    expect(status(r).state).toBe('done')
    const charged = speechCharges(classic.model, 'free').slice(before)
    expect(charged).toHaveLength(SENTENCES.length)
    expect(charged.every((c) => c.costVND === 0)).toBe(true)
    await r.reader.close()
  })

  it('keeps audio made ahead: skipping forward and back to it plays it without a new charge', async () => {
    const r = await rig(await mkdtemp(join(dir, 'i-')))
    await open(r.documents, 'sáng.txt', TEXT)
    const before = speechCharges().length
    const charges = () => speechCharges().length - before
    // Sentences 1-3 made ahead of the listener at the first sentence.
    await r.documents.read({ ...CHOICE, chapter: 0, sentence: 0, limitVnd: null })
    await until('the run-ahead', () => status(r).chunksDone === AHEAD_CHUNKS)
    expect(charges()).toBe(AHEAD_CHUNKS)
    // Forward past what was made, to the fifth: a new reading, its own three made.
    await r.documents.read({ ...CHOICE, chapter: 0, sentence: 4, limitVnd: null })
    await until('the second run-ahead', () => status(r).chunksDone === AHEAD_CHUNKS)
    expect(charges()).toBe(AHEAD_CHUNKS * 2)
    // Back to the second: the second, third, fifth to seventh are there already; only the fourth is asked.
    const back = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 1, limitVnd: null })
    expect(back.chunks.map((c) => c.ready)).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ])
    await until('the fourth', () => status(r).chunks[2]?.ready === true)
    await new Promise((res) => setTimeout(res, 300))
    expect(charges()).toBe(AHEAD_CHUNKS * 2 + 1)
    expect(status(r).spentVnd).toBe(speechCharges().at(-1)?.costVND)
    // A sentence kept costs this reading nothing.
    expect(r.reader.current?.chunkAudio(0).costVnd).toBe(0)
    await r.reader.close()
  })

  it("cuts a long first sentence as short as a pasted text's first chunk, so its audio comes as soon", async () => {
    const r = await rig(await mkdtemp(join(dir, 'j-')))
    const long = `${Array.from({ length: 40 }, (_, i) => `mệnh đề thứ ${i + 1}`).join(', ')}. ${SENTENCES[1]}`
    await open(r.documents, 'dai.txt', long)
    const reading = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 0, limitVnd: null })
    const text = r.reader.snapshot().text
    const first = reading.chunks[0]
    expect(first?.chars).toBeLessThanOrEqual(FIRST_CHUNK_CHARS)
    expect(reading.chunks.map((c) => text.slice(c.start, c.end)).join('')).toBe(text)
    // The second sentence is a chunk of its own, as every sentence after the first is.
    expect(text.slice(reading.chunks.at(-1)?.start).trim()).toBe(SENTENCES[1])
    await r.reader.close()
  })

  it('takes at most DOCUMENT_READING_SENTENCES sentences in one reading of a long chapter', async () => {
    const r = await rig(await mkdtemp(join(dir, 'e-')))
    const long = Array.from({ length: DOCUMENT_READING_SENTENCES + 50 }, (_, i) => `Câu ${i + 1}.`).join(' ')
    await open(r.documents, 'dai.txt', long)
    const reading = await r.documents.read({ ...CHOICE, chapter: 0, sentence: 10, limitVnd: null })
    expect(reading.chunkCount).toBe(DOCUMENT_READING_SENTENCES)
    expect(r.reader.snapshot().text.trim().split(' ').slice(0, 2)).toEqual(['Câu', '11.'])
    await r.reader.close()
  })

  it('refuses files it cannot read by code, with the size limit named, and keeps the open document', async () => {
    const r = await rig(await mkdtemp(join(dir, 'd-')))
    const doc = await open(r.documents, 'sáng.txt', TEXT)
    const refusal = (part: ReaderDocumentPart) =>
      r.documents.open(part).then(
        () => null,
        (err: unknown) => err as AppError,
      )
    const big = await refusal({ ...partsOf('big.txt', new Uint8Array(8))[0]!, size: DOCUMENT_MAX_BYTES + 1 })
    expect(big).toMatchObject({ code: 'document_too_large', params: { limitMb: 50 } })
    expect((await refusal(partsOf('scan.xyz', new Uint8Array(8))[0]!))?.code).toBe('document_unknown_format')
    expect((await refusal(partsOf('blank.txt', new TextEncoder().encode(' \n '))[0]!))?.code).toBe(
      'document_empty',
    )
    expect((await r.documents.estimate(CHOICE)).chunks).toBe(doc?.chapters[0]?.sentences.length)
  })
})
