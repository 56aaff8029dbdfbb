// Text out of a PDF with pdf.js (its legacy build, made for Node). pdf.js gives each run of text with its
// position and size; from those this file rebuilds lines and paragraphs in the order the page draws them
// (the author's reading order: sorting by position would interleave two columns), except that a page set
// in two columns is read a column at a time (pdf-columns.ts); it drops what repeats at the top and bottom
// of the pages (running headers, footers, page numbers). The chapters are the PDF's outline where it has
// one (pdf-outline.ts), else the lines set clearly larger than the body, taken as headings.
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { chaptersOf, type Block } from './chapters'
import { readingRuns } from './pdf-columns'
import { edgeRepeats } from './pdf-edges'
import { linesOf, type PdfLine } from './pdf-lines'
import { outlineOf, outlineStarts, type PdfOutline } from './pdf-outline'
import { DocumentError, type DocumentNote, type ExtractedDocument } from './types'

/** A heading is set at least this much larger than the body text. */
const HEADING_SCALE = 1.25
/** A vertical gap of more than this many lines between two lines starts a new paragraph. */
const PARAGRAPH_GAP_LINES = 1.6
/** A line longer than this is body text whatever its size. */
const HEADING_MAX_CHARS = 120

/**
 * Pages read before the opening is handed over (see `ReadOptions`): enough for a running header to repeat
 * (on 3 pages at least, pdf-edges.ts), few enough that a 300-page book's opening is out in tens of ms
 * once the worker is warm (bench/suites/documents.ts measures the first audio it allows).
 */
const OPENING_PAGES = 5

export interface ReadOptions {
  /**
   * Called once, before the whole document is out, with its first pages read as a document of their own,
   * so a reading can begin while the rest is extracted; its last chapter may be cut short. Only for a PDF
   * longer than OPENING_PAGES: the other formats are read whole in less time than that takes. The rest
   * is read once what it returns has settled, so a caller can hold the rest back while the opening is
   * being read aloud.
   */
  onOpening?: (opening: ExtractedDocument) => void | Promise<void>
}

export async function readPdf(
  bytes: Uint8Array,
  untitled: string,
  options: ReadOptions = {},
): Promise<ExtractedDocument> {
  const { pages, outline } = await pageLines(bytes, async (sofar, total, outline) => {
    if (sofar.length !== OPENING_PAGES || total <= OPENING_PAGES || !options.onOpening) return
    // Opening pages with no text (a scanned cover) give no opening; the whole document decides.
    const opening = (() => {
      try {
        return documentOf(sofar, outline, untitled)
      } catch {
        return null
      }
    })()
    if (opening) await options.onOpening(opening)
  })
  return documentOf(pages, outline, untitled)
}

function documentOf(
  pages: readonly PdfLine[][],
  outline: PdfOutline | null,
  untitled: string,
): ExtractedDocument {
  const withText = pages.filter((lines) => lines.length > 0).length
  if (withText === 0)
    throw new DocumentError('no_text_layer', 'the PDF has no text layer: its pages are scanned images')
  const repeats = edgeRepeats(pages)
  const kept = pages.map((lines) => lines.filter((line) => !repeats.dropped.has(line)))
  // An opening read before the outline's later targets still takes its chapters from the outline, so
  // that it begins as the whole document does.
  const starts = outline ? outlineStarts(kept, outline.targets) : null
  const found = chaptersOf(blocksOf(kept, starts), untitled)
  const { title, chapters } = outline ? { ...found, title: outline.title } : found
  const notes: string[] = []
  const noteCodes: DocumentNote[] = []
  if (repeats.pages > 0) {
    notes.push(`headers, footers and page numbers left out on ${repeats.pages} of ${pages.length} pages`)
    noteCodes.push({ code: 'page_edges_left_out', count: repeats.pages, of: pages.length })
  }
  if (withText < pages.length) {
    notes.push(`${pages.length - withText} pages have no text layer (scanned images) and were skipped`)
    noteCodes.push({ code: 'pages_without_text', count: pages.length - withText, of: pages.length })
  }
  return { format: 'pdf', title, chapters, notes, noteCodes }
}

/** Each page's lines in reading order, and the outline where it has one that resolves. */
async function pageLines(
  bytes: Uint8Array,
  onPage: (sofar: readonly PdfLine[][], total: number, outline: PdfOutline | null) => void | Promise<void>,
): Promise<{ pages: PdfLine[][]; outline: PdfOutline | null }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // pdf.js takes ownership of the buffer it is given: it gets a copy, a plain Uint8Array (it refuses a
  // Node Buffer, which `slice` would keep).
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  })
  const pdf = await task.promise.catch((err: unknown) => {
    throw openError(err)
  })
  try {
    const outline = await outlineOf(pdf)
    const pages: PdfLine[][] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const content = await page.getTextContent()
      const items = content.items.filter((item): item is TextItem => 'str' in item)
      pages.push(readingRuns(items).flatMap((run) => linesOf(run.items, run.column)))
      page.cleanup()
      await onPage(pages, pdf.numPages, outline)
    }
    return { pages, outline }
  } finally {
    await pdf.destroy()
  }
}

function openError(err: unknown): DocumentError {
  const name = err instanceof Error ? err.name : ''
  if (name === 'PasswordException')
    return new DocumentError('encrypted', 'the PDF is protected by a password; save a copy without one')
  return new DocumentError('corrupt', 'the file is not a readable PDF (damaged or not a PDF)')
}

/**
 * Lines into headings and paragraphs; a paragraph runs on across a page break, and from the foot of the
 * left column to the head of the right one, unless it ended a sentence. With the outline's `starts`, each
 * starts a chapter under the outline's title (the line itself left out where it is a heading, which the
 * title stands for) and the lines set large stay in the text as paragraphs of their own.
 */
function blocksOf(pages: readonly PdfLine[][], starts: ReadonlyMap<PdfLine, string> | null): Block[] {
  const body = bodySize(pages)
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter((l) => isHeading(l, body))
        .map((l) => Math.round(l.size)),
    ),
  ].sort((a, b) => b - a)
  const blocks: Block[] = []
  let paragraph: string | null = null
  const close = (): void => {
    if (paragraph !== null) blocks.push({ kind: 'paragraph', text: paragraph })
    paragraph = null
  }
  const ended = (): boolean => paragraph !== null && /[.!?…:"”»)]$/.test(paragraph)
  for (const lines of pages) {
    let previous: PdfLine | null = null
    if (ended()) close()
    for (const line of lines) {
      const start = starts?.get(line)
      if (start !== undefined) {
        close()
        blocks.push({ kind: 'heading', level: 1, text: start })
      }
      if (isHeading(line, body)) {
        close()
        if (start === undefined)
          blocks.push(
            starts
              ? { kind: 'paragraph', text: line.text }
              : { kind: 'heading', level: headingSizes.indexOf(Math.round(line.size)) + 1, text: line.text },
          )
        previous = line
        continue
      }
      const gap = previous === null ? 0 : previous.y - line.y
      const columnTurn = previous?.column === 'left' && line.column === 'right'
      if (columnTurn) {
        if (ended()) close()
      } else if (previous !== null && (gap > PARAGRAPH_GAP_LINES * line.size || gap < 0)) close()
      paragraph = paragraph === null ? line.text : join(paragraph, line.text)
      previous = line
    }
  }
  close()
  return blocks
}

/** A word broken by a hyphen at the line's end is joined again. */
function join(text: string, next: string): string {
  return /\p{L}-$/u.test(text) ? text.slice(0, -1) + next : `${text} ${next}`
}

function isHeading(line: PdfLine, body: number): boolean {
  return line.size >= body * HEADING_SCALE && line.text.length <= HEADING_MAX_CHARS
}

/** The font size most of the text is set in. */
function bodySize(pages: readonly PdfLine[][]): number {
  const chars = new Map<number, number>()
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 10) / 10
    chars.set(size, (chars.get(size) ?? 0) + line.text.length)
  }
  let best = 0
  let most = -1
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n]
  return best
}
