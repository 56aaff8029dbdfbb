// Text out of HTML, read as a stream of tags (htmlparser2) rather than a tree: a 500-page book's XHTML is
// never held twice. Headings become chapters; tables are read row by row, a cell after another, since a
// listener cannot see the grid; code (<pre>) is skipped, because code read aloud is noise. Markdown, DOCX
// (mammoth's HTML) and EPUB (its XHTML) all come through here, so every format reads the same way.
import { Parser } from 'htmlparser2'
import { chaptersOf, type Block } from './chapters'
import type { DocumentNote, ExtractedDocument } from './types'

/** Elements whose content is never read: not text meant for the page, or code. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'iframe',
  'object',
])

/** Elements that end a paragraph where they open or close. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'blockquote',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'br',
  'hr',
  'table',
  'tr',
  'caption',
  'body',
  'html',
  'address',
])

const HEADING = /^h([1-6])$/

export interface HtmlText {
  /** The document's <title>, else null. */
  title: string | null
  blocks: Block[]
  tablesRead: number
  codeBlocksSkipped: number
}

/** Paragraphs and headings of an HTML (or XHTML, with `xml`) document, in reading order. */
export function readHtml(html: string, options: { xml?: boolean } = {}): HtmlText {
  const out: HtmlText = { title: null, blocks: [], tablesRead: 0, codeBlocksSkipped: 0 }
  let text = ''
  let title: string | null = null
  let skipDepth = 0
  let inTitle = false
  let heading: number | null = null
  // Cells of the row being read: a row becomes one sentence, its cells separated by commas.
  let cells: string[] | null = null
  const flush = (): void => {
    const t = clean(text)
    text = ''
    if (t === '') return
    if (cells !== null) cells.push(t)
    else if (heading !== null) out.blocks.push({ kind: 'heading', level: heading, text: t })
    else out.blocks.push({ kind: 'paragraph', text: t })
  }
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true
        if (skipDepth > 0 || SKIPPED.has(name) || name === 'pre') {
          if (skipDepth === 0) flush()
          if (name === 'pre' && skipDepth === 0) out.codeBlocksSkipped++
          skipDepth++
          return
        }
        const level = HEADING.exec(name)
        if (level) {
          flush()
          heading = Number(level[1])
        } else if (name === 'table') {
          flush()
          out.tablesRead++
        } else if (name === 'tr') {
          flush()
          cells = []
        } else if (name === 'td' || name === 'th') flush()
        else if (BLOCKS.has(name)) flush()
      },
      ontext(data) {
        if (inTitle) title = (title ?? '') + data
        else if (skipDepth === 0) text += data
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false
        if (skipDepth > 0) {
          skipDepth--
          return
        }
        if (HEADING.test(name)) {
          flush()
          heading = null
        } else if (name === 'td' || name === 'th') flush()
        else if (name === 'tr') {
          flush()
          const row = cells ?? []
          cells = null
          if (row.length > 0) out.blocks.push({ kind: 'paragraph', text: sentence(row.join(', ')) })
        } else if (BLOCKS.has(name)) flush()
      },
    },
    { xmlMode: options.xml === true, decodeEntities: true, recognizeSelfClosing: true },
  )
  parser.write(html)
  parser.end()
  flush()
  const t = title === null ? '' : clean(title)
  out.title = t === '' ? null : t
  return out
}

/** Whitespace collapsed, NFC, as the service counts characters. */
function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim().normalize('NFC')
}

/** A table row read as a sentence: a full stop after it unless it already ends in punctuation. */
function sentence(text: string): string {
  return /[.!?…:;]$/.test(text) ? text : `${text}.`
}

/** A document out of its HTML: its chapters, and a note of what was read differently or left out. */
export function htmlDocument(
  format: ExtractedDocument['format'],
  read: HtmlText,
  untitled: string,
): ExtractedDocument {
  const { title, chapters } = chaptersOf(read.blocks, untitled)
  const notes: string[] = []
  const noteCodes: DocumentNote[] = []
  if (read.tablesRead > 0) {
    notes.push(`${count(read.tablesRead, 'table')} read row by row`)
    noteCodes.push({ code: 'tables_read_by_row', count: read.tablesRead })
  }
  if (read.codeBlocksSkipped > 0) {
    notes.push(`${count(read.codeBlocksSkipped, 'code block')} skipped`)
    noteCodes.push({ code: 'code_skipped', count: read.codeBlocksSkipped })
  }
  return { format, title: read.title ?? title, chapters, notes, noteCodes }
}

function count(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`
}
