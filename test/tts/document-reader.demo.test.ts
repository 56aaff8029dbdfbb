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
import { TtsClient } from '../../main/api/tts/tts-client'
import { billableChars, estimateCostVnd } from '../../main/api/tts/text-count'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { extractDocument } from '../../main/documents/extract'
import { DOCUMENT_MAX_BYTES } from '../../main/documents/types'
import { AppError } from '../../main/errors'
import { EventHub } from '../../main/ipc/event-hub'
import { DocumentPlaces } from '../../main/tts/document-places'
import { DocumentReader } from '../../main/tts/document-reader'
import { AHEAD_CHUNKS } from '../../main/tts/document-runahead'
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

const account = () => demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
const speechCharges = () => demo.context.ledger.records(account()).filter((r) => r.model === MODEL)

async function rig(dataDir: string) {
  const reader = new ReaderService({
    endpoint: () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary as string }),
    events: new EventHub(),
    history: await ReaderHistory.open({ dir: dataDir }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async () => null,
    client: (e) => new TtsClient({ endpoint: e, sleep: () => Promise.resolve() }),
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
