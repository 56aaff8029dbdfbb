// Extraction in a worker thread: the same document as on the main thread, refusals crossing back as
// DocumentErrors with their code, main's event loop left free while a long PDF is read, and that PDF's
// opening handed over before the whole, the rest held until the caller lets it go on.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { extractDocument } from '../../main/documents/extract'
import { DocumentError, type ExtractedDocument } from '../../main/documents/types'
import { extractDocumentOffThread } from '../../main/documents/worker'
import { bookPdf } from '../fixtures/documents/samples'

const sample = async (name: string): Promise<{ name: string; bytes: Uint8Array }> => ({
  name,
  bytes: new Uint8Array(await readFile(new URL(`../fixtures/documents/${name}`, import.meta.url))),
})

describe('extractDocumentOffThread', () => {
  it('reads a document as the main thread does, and leaves the caller its bytes', async () => {
    const file = await sample('sample.epub')
    const doc = await extractDocumentOffThread(file)
    expect(doc).toEqual(await extractDocument(file))
    expect(file.bytes.byteLength).toBeGreaterThan(0)
  })

  it('sends a refusal back with its code', async () => {
    const err = await extractDocumentOffThread(await sample('encrypted.pdf')).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DocumentError)
    expect((err as DocumentError).code).toBe('encrypted')
  })

  it('keeps main’s event loop turning while a 300-page PDF is read', async () => {
    const bytes = bookPdf(300)
    let ticks = 0
    const timer = setInterval(() => ticks++, 10)
    const started = performance.now()
    const doc = await extractDocumentOffThread({ name: 'book.pdf', bytes })
    const elapsedMs = performance.now() - started
    clearInterval(timer)
    expect(doc.chapters).toHaveLength(30)
    // A blocked loop would tick once at the end; a free one ticks through the reading.
    expect(ticks).toBeGreaterThan(elapsedMs / 10 / 4)
  }, 60_000)

  it('hands over a long PDF’s opening first: the beginning of the first chapter, as the whole has it', async () => {
    const openings: ExtractedDocument[] = []
    const doc = await extractDocumentOffThread(
      { name: 'book.pdf', bytes: bookPdf(40, 7) },
      { onOpening: (opening) => openings.push(opening) },
    )
    expect(openings).toHaveLength(1)
    const first = openings[0]?.chapters[0]
    expect(first?.title).toBe('Cuốn 7, chương 1')
    expect(first?.title).toBe(doc.chapters[0]?.title)
    expect(first?.text.length).toBeGreaterThan(1000)
    expect(doc.chapters[0]?.text.startsWith(first?.text ?? '-')).toBe(true)
    expect(doc.chapters).toHaveLength(4)
  })

  it('holds the rest of the book after its opening until restAfter settles, then reads it whole', async () => {
    let release = (): void => undefined
    const restAfter = new Promise<void>((resolve) => (release = resolve))
    let opened = (): void => undefined
    const opening = new Promise<void>((resolve) => (opened = resolve))
    let done = false
    const reading = extractDocumentOffThread(
      { name: 'book.pdf', bytes: bookPdf(40, 8) },
      { onOpening: opened, restAfter },
    ).then((doc) => ((done = true), doc))
    await opening
    // Time enough for the worker to read its 35 other pages: this thread reads all 40 of the same book.
    const same = await extractDocument({ name: 'book.pdf', bytes: bookPdf(40, 8) })
    expect(done).toBe(false)
    release()
    expect(await reading).toEqual(same)
  }, 60_000)

  it('stops when the caller gives up', async () => {
    const controller = new AbortController()
    const reading = extractDocumentOffThread(
      { name: 'book.pdf', bytes: bookPdf(300) },
      { signal: controller.signal },
    )
    controller.abort()
    await expect(reading).rejects.toThrow(/cancelled/)
  })
})
