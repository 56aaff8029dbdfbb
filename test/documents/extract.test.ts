// Each format Loa opens, read from the sample files in test/fixtures/documents: the chapters in reading
// order, NFC text, what was left out noted; and each way a file is refused, with its code.
import { readFile } from 'node:fs/promises'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { extractDocument } from '../../main/documents/extract'
import { DOCUMENT_MAX_BYTES, DocumentError, type ExtractedDocument } from '../../main/documents/types'
import {
  CHAPTER_1,
  CHAPTER_2,
  COLUMN_TEXT,
  OUTLINE_CHAPTERS,
  OUTLINE_TITLE,
  PARAGRAPH_1,
  PARAGRAPH_2,
  PARAGRAPH_3,
  PDF_HEADER,
} from '../fixtures/documents/samples'
import { writePdf, type PdfTextLine } from '../fixtures/documents/pdf-writer'

const sample = async (name: string): Promise<{ name: string; bytes: Uint8Array }> => ({
  name,
  bytes: new Uint8Array(await readFile(new URL(`../fixtures/documents/${name}`, import.meta.url))),
})

async function refusal(name: string, bytes?: Uint8Array): Promise<DocumentError> {
  const file = bytes ? { name, bytes } : await sample(name)
  const err = await extractDocument(file).catch((e: unknown) => e)
  expect(err).toBeInstanceOf(DocumentError)
  return err as DocumentError
}

describe('extractDocument', () => {
  it.each(['sample.epub', 'sample.docx', 'sample.pdf'])(
    '%s read straight from a Node Buffer, as readFile gives it',
    async (name) => {
      const bytes = await readFile(new URL(`../fixtures/documents/${name}`, import.meta.url))
      const doc = await extractDocument({ name, bytes })
      expect(doc.chapters.map((c) => c.title)).toEqual([CHAPTER_1, CHAPTER_2])
    },
  )

  it.each(['sample.epub', 'sample.docx', 'sample.md', 'sample.html', 'sample.pdf'])(
    '%s: two chapters by their headings, in reading order',
    async (name) => {
      const doc = await extractDocument(await sample(name))
      expect(doc.chapters.map((c) => c.title)).toEqual([CHAPTER_1, CHAPTER_2])
      expect(doc.chapters[0]?.text.startsWith(PARAGRAPH_1)).toBe(true)
      expect(doc.chapters[1]?.text.startsWith(PARAGRAPH_2)).toBe(true)
      for (const c of doc.chapters) expect(c.text).toBe(c.text.normalize('NFC'))
    },
  )

  it('titles: EPUB metadata, HTML <title>, a lone top heading in Markdown', async () => {
    expect((await extractDocument(await sample('sample.epub'))).title).toBe('Sách mẫu EPUB')
    expect((await extractDocument(await sample('sample.html'))).title).toBe('Sách mẫu HTML')
    expect((await extractDocument(await sample('sample.md'))).title).toBe('Sách mẫu')
  })

  it('HTML and Markdown: tables read row by row, code and scripts skipped, each noted', async () => {
    for (const name of ['sample.html', 'sample.md']) {
      const doc = await extractDocument(await sample(name))
      const text = doc.chapters.map((c) => c.text).join('\n\n')
      expect(text).toContain('Món, Giá.\n\nPhở, 50.000 ₫.')
      expect(text).not.toMatch(/không đọc|console|alert/)
      expect(doc.notes).toEqual(['1 table read row by row', '1 code block skipped'])
      expect(doc.noteCodes).toEqual([
        { code: 'tables_read_by_row', count: 1 },
        { code: 'code_skipped', count: 1 },
      ])
    }
  })

  it('HTML saved decomposed (NFD) comes out composed (NFC)', async () => {
    const doc = await extractDocument(await sample('sample.html'))
    expect(doc.chapters[0]?.text).toBe(PARAGRAPH_1)
  })

  it('PDF: the running header and the page numbers are left out, and the note says on how many pages', async () => {
    const doc = await extractDocument(await sample('sample.pdf'))
    const text = doc.chapters.map((c) => c.text).join('\n\n')
    expect(text).not.toContain(PDF_HEADER)
    expect(text).not.toMatch(/Trang \d/)
    expect(doc.chapters[1]?.text).toBe(`${PARAGRAPH_2} ${PARAGRAPH_3}\n\n${PARAGRAPH_1}`)
    expect(doc.notes).toEqual(['headers, footers and page numbers left out on 4 of 4 pages'])
    expect(doc.noteCodes).toEqual([{ code: 'page_edges_left_out', count: 4, of: 4 }])
  })

  it('PDF with an outline: its entries make the chapters, each from the place it leads to', async () => {
    const doc = await extractDocument(await sample('outline.pdf'))
    // The lone top bookmark names the book; the bookmarks under it are the chapters.
    expect(doc.title).toBe(OUTLINE_TITLE)
    expect(doc.chapters.map((c) => c.title)).toEqual([...OUTLINE_CHAPTERS])
    expect(doc.chapters.map((c) => c.text)).toEqual([
      // The whole first page (/Fit): its heading is the bookmark's, the text runs on over the page break.
      `${PARAGRAPH_1}\n\n${PARAGRAPH_2}`,
      // A height on the second page, where body text begins with no heading: then the two columns.
      `${PARAGRAPH_3}\n\n${COLUMN_TEXT}`,
      // A named destination at the right column's height, below the left column's last line.
      PARAGRAPH_2,
    ])
  })

  it('PDF: a two-column page drawn across both columns is read left column first', async () => {
    const doc = await extractDocument(await sample('columns.pdf'))
    const text = doc.chapters.map((c) => c.text).join('\n\n')
    // COLUMN_TEXT runs from the foot of the left column on at the head of the right one, as one paragraph.
    expect(text).toContain(`${PARAGRAPH_3}\n\n${COLUMN_TEXT}`)
    // Without an outline the chapters come from font sizes, the heading in the right column among them.
    expect(doc.chapters.map((c) => c.title)).toEqual(['Lời mở đầu', 'Hồ Gươm'])
    expect(doc.chapters[1]?.text).toBe(PARAGRAPH_2)
  })

  it('PDF: text across both columns (a title above, a paragraph below) cuts the page into bands', async () => {
    // Lines of at most 30 characters, as a narrow column sets them.
    const column = (text: string, x: number): PdfTextLine[] =>
      (text.match(/\S.{0,29}(?= |$)/g) ?? []).map((part, i) => ({ text: part, size: 11, y: 700 - i * 14, x }))
    const title = { text: 'Tin tức mùa thu ở Hà Nội và những vùng lân cận', size: 16, y: 740, x: 140 }
    const columns = [...column(COLUMN_TEXT, 56), ...column(`${PARAGRAPH_2} ${PARAGRAPH_3}`, 310)]
    const below = { text: PARAGRAPH_1, size: 11, y: 560, x: 56 }
    // The columns drawn line by line across both; the text across them drawn out of place, the paragraph
    // below first and the title last: where they stand decides where they are read.
    const bytes = writePdf([{ lines: [below, ...columns.sort((a, b) => b.y - a.y), title] }])
    const doc = await extractDocument({ name: 'bands.pdf', bytes })
    expect(doc.chapters).toEqual([
      {
        title: 'Tin tức mùa thu ở Hà Nội và những vùng lân cận',
        text: `${COLUMN_TEXT}\n\n${PARAGRAPH_2} ${PARAGRAPH_3}\n\n${PARAGRAPH_1}`,
      },
    ])
  })

  it('PDF with an outline, read in its opening first: the opening’s chapters begin as the whole’s do', async () => {
    // Eight lines a page, each marked with its page's letter, so that no line repeats at the page's edges
    // (which would make it a running header).
    const sentences = [PARAGRAPH_1, PARAGRAPH_2, PARAGRAPH_3, ...COLUMN_TEXT.split(/(?<=[,.]) /)].slice(0, 8)
    const lineOf = (page: number, n: number): string => `${'abcdefghijkl'[page]}) ${sentences[n]}`
    const pages = Array.from({ length: 12 }, (_, i) => ({
      lines: sentences.map((_, n) => ({ text: lineOf(i, n), size: 11, y: 700 - n * 40 })),
    }))
    const outline = [
      { title: 'Phần một', page: 0 },
      { title: 'Phần hai', page: 3, top: 670 },
      { title: 'Phần ba', page: 8, top: 710 },
    ]
    const bytes = writePdf(pages, { outline })
    let opening: ExtractedDocument | null = null
    const whole = await extractDocument(
      { name: 'parts.pdf', bytes },
      { onOpening: (doc) => void (opening = doc) },
    )
    expect(whole.chapters.map((c) => c.title)).toEqual(['Phần một', 'Phần hai', 'Phần ba'])
    // The second part begins with the second line of page 4, the third with page 9's first.
    expect(whole.chapters[1]?.text.startsWith(lineOf(3, 1))).toBe(true)
    expect(whole.chapters[2]?.text.startsWith(lineOf(8, 0))).toBe(true)
    const first = opening as ExtractedDocument | null
    expect(first?.chapters.map((c) => c.title)).toEqual(['Phần một', 'Phần hai'])
    expect(first?.chapters[0]?.text).toBe(whole.chapters[0]?.text)
  })

  it('PDF whose outline leads to a destination it does not define: chapters by font size', async () => {
    const { bytes } = await sample('outline.pdf')
    // The same length, so the file's cross-reference offsets still hold.
    const broken = Buffer.from(bytes).toString('latin1').replace('/Dests << /chuong2', '/Dests << /khong22')
    const doc = await extractDocument({ name: 'outline.pdf', bytes: Buffer.from(broken, 'latin1') })
    expect(doc.title).toBe('Lời mở đầu')
    expect(doc.chapters.map((c) => c.title)).toEqual(['Lời mở đầu', 'Hồ Gươm'])
  })

  it('plain text is one chapter named after the file', async () => {
    const doc = await extractDocument(await sample('sample.txt'))
    expect(doc.chapters).toEqual([{ title: 'sample.txt', text: `${PARAGRAPH_1}\n\n${PARAGRAPH_2}` }])
  })

  it('refuses a scanned PDF, a password-protected one and damaged files, each saying which', async () => {
    expect((await refusal('scanned.pdf')).code).toBe('no_text_layer')
    expect((await refusal('encrypted.pdf')).code).toBe('encrypted')
    for (const name of ['corrupt.pdf', 'corrupt.epub', 'corrupt.docx'])
      expect((await refusal(name)).code).toBe('corrupt')
  })

  it('refuses a password-protected DOCX (an OLE file inside) and a DRM-locked EPUB as encrypted', async () => {
    const ole = new Uint8Array(512)
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    expect((await refusal('locked.docx', ole)).code).toBe('encrypted')
    const zip = await JSZip.loadAsync(
      await readFile(new URL('../fixtures/documents/sample.epub', import.meta.url)),
    )
    zip.file(
      'META-INF/encryption.xml',
      '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/></enc:EncryptedData></encryption>',
    )
    const locked = await zip.generateAsync({ type: 'uint8array' })
    expect((await refusal('locked.epub', locked)).code).toBe('encrypted')
  })

  it('refuses an unknown extension naming the formats, and a file over the limit naming the limit', async () => {
    const unknown = await refusal('notes.odt', new Uint8Array([1]))
    expect(unknown.code).toBe('unknown_format')
    expect(unknown.message).toContain('.txt, .md, .html, .pdf, .epub, .docx')
    const large = await refusal('big.txt', new Uint8Array(DOCUMENT_MAX_BYTES + 1))
    expect(large.code).toBe('too_large')
    expect(large.message).toContain('50 MB')
  })

  it('refuses a file with no text', async () => {
    expect((await refusal('blank.md', new TextEncoder().encode('\n\n  \n'))).code).toBe('empty')
  })
})
