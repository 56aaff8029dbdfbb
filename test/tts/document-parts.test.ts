// A document's sentences, the file arriving in parts, and the run-ahead's bound and limit, each alone.
import { describe, expect, it } from 'vitest'
import type { ReaderDocumentPart } from '../../preload/contract'
import { DocumentError, DOCUMENT_MAX_BYTES } from '../../main/documents/types'
import { AppError } from '../../main/errors'
import { RunAhead } from '../../main/tts/document-runahead'
import { firstWordsOf, sentencesOf } from '../../main/tts/document-sentences'
import { DocumentUpload } from '../../main/tts/document-upload'
import type { SpeechChunk } from '../../main/tts/speech-job'

const part = (over: Partial<ReaderDocumentPart>): ReaderDocumentPart => ({
  upload: 'u',
  name: 'a.txt',
  size: 6,
  index: 0,
  count: 2,
  data: Buffer.from('abc').toString('base64'),
  ...over,
})

const chunk = (index: number, text = 'x'.repeat(1000)): SpeechChunk => ({
  index,
  text,
  part: index,
  chars: text.length,
  idempotencyKey: `k${index}`,
  audio: null,
  costVnd: null,
})

describe('sentencesOf', () => {
  it('cuts a chapter into sentences that join back into it exactly, blank lines kept with the one before', () => {
    const text = 'Chương 1.\n\nXin chào. Tôi là Loa!\n…\nHết'
    const sentences = sentencesOf(text)
    expect(sentences.join('')).toBe(text)
    expect(sentences.map((s) => s.trim())).toEqual(['Chương 1.', 'Xin chào.', 'Tôi là Loa!\n…', 'Hết'])
    expect(firstWordsOf('một hai ba bốn năm sáu bảy tám chín mười', 8)).toBe(
      'một hai ba bốn năm sáu bảy tám…',
    )
  })
})

describe('DocumentUpload', () => {
  it('joins the parts in order and hands the file over on the last', () => {
    const upload = new DocumentUpload()
    expect(upload.add(part({}))).toBeNull()
    const file = upload.add(part({ index: 1, data: Buffer.from('def').toString('base64') }))
    expect(Buffer.from(file?.bytes ?? []).toString()).toBe('abcdef')
  })

  it('refuses a file over the limit on its first part, and parts out of order or over their size', () => {
    const upload = new DocumentUpload()
    expect(() => upload.add(part({ size: DOCUMENT_MAX_BYTES + 1 }))).toThrow(DocumentError)
    expect(() => upload.add(part({ index: 1 }))).toThrow(AppError)
    upload.add(part({}))
    expect(() => upload.add(part({ index: 1, data: Buffer.from('defg').toString('base64') }))).toThrow(
      /larger than its stated size/,
    )
  })
})

describe('RunAhead', () => {
  // A chunk is 1,000 characters: 3 VND at 3,000 VND per million.
  const PRICE = 3_000
  const priced = { unitPriceVndPer1M: PRICE, freeCharsLeft: 0 }

  it('lets a chunk go only within reach of the listener', async () => {
    const gate = new RunAhead({ limitVnd: null, spentBeforeVnd: 0, ...priced, ahead: 2 })
    const signal = new AbortController().signal
    expect(await gate.admit(chunk(0), signal)).toBe('go')
    expect(await gate.admit(chunk(1), signal)).toBe('go')
    let third: string | null = null
    void gate.admit(chunk(2), signal).then((r) => (third = r))
    await Promise.resolve()
    expect(third).toBeNull()
    gate.heard(0)
    await new Promise((r) => setTimeout(r, 0))
    expect(third).toBe('go')
  })

  it('says limit before a chunk would pass it, counting earlier readings and chunks on their way', async () => {
    const gate = new RunAhead({ limitVnd: 10, spentBeforeVnd: 4, ...priced })
    const signal = new AbortController().signal
    expect(await gate.admit(chunk(0), signal)).toBe('go')
    expect(gate.committedVnd()).toBe(7)
    expect(await gate.admit(chunk(1), signal)).toBe('go')
    expect(await gate.admit(chunk(2), signal)).toBe('limit')
  })

  it("takes what is left of the month's free allowance off the chunks it covers", async () => {
    // 1,500 free characters: the first chunk costs nothing, the second half its price.
    const gate = new RunAhead({
      limitVnd: 4,
      spentBeforeVnd: 0,
      unitPriceVndPer1M: PRICE,
      freeCharsLeft: 1_500,
    })
    const signal = new AbortController().signal
    expect(await gate.admit(chunk(0), signal)).toBe('go')
    expect(gate.committedVnd()).toBe(0)
    expect(await gate.admit(chunk(1), signal)).toBe('go')
    expect(gate.committedVnd()).toBe(1.5)
    expect(await gate.admit(chunk(2), signal)).toBe('limit')
    // With the month's use unknown, none is counted: the most it can cost.
    const blind = new RunAhead({
      limitVnd: 4,
      spentBeforeVnd: 0,
      unitPriceVndPer1M: PRICE,
      freeCharsLeft: null,
    })
    expect(await blind.admit(chunk(0), signal)).toBe('go')
    expect(await blind.admit(chunk(1), signal)).toBe('limit')
  })

  it('with the price unknown, sends one chunk, learns the price from its charge, then stops at the limit', async () => {
    const gate = new RunAhead({ limitVnd: 10, spentBeforeVnd: 0, unitPriceVndPer1M: null, freeCharsLeft: 0 })
    const signal = new AbortController().signal
    const first = chunk(0)
    expect(await gate.admit(first, signal)).toBe('go')
    let second: string | null = null
    const next = chunk(1)
    void gate.admit(next, signal).then((r) => (second = r))
    await new Promise((r) => setTimeout(r, 0))
    // The first has not told its cost: the second cannot be priced, so it waits.
    expect(second).toBeNull()
    first.costVnd = 3
    gate.answered(first)
    await new Promise((r) => setTimeout(r, 0))
    expect(second).toBe('go')
    expect(gate.unitPriceVndPer1M).toBe(PRICE)
    next.costVnd = 3
    gate.answered(next)
    gate.heard(1)
    expect(await gate.admit(chunk(2), signal)).toBe('go')
    expect(await gate.admit(chunk(3), signal)).toBe('limit')
  })

  it('stops waiting when the reading is cancelled', async () => {
    const gate = new RunAhead({
      limitVnd: null,
      spentBeforeVnd: 0,
      unitPriceVndPer1M: null,
      freeCharsLeft: null,
      ahead: 0,
    })
    const controller = new AbortController()
    const waiting = gate.admit(chunk(5), controller.signal)
    controller.abort()
    await expect(waiting).resolves.toBe('go')
  })
})
