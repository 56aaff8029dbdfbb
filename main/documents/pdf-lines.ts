// pdf.js's runs of text, each with its position, joined into the lines a reader sees.
import type { TextItem } from 'pdfjs-dist/types/src/display/api'

export interface PdfLine {
  text: string
  /** Baseline height from the page's bottom, in PDF units. */
  y: number
  /** Where the line starts, from the page's left edge, in PDF units. */
  x: number
  /** Font size in PDF units. */
  size: number
  /** The column of a two-column page the line stands in (pdf-columns.ts); null across the page. */
  column: 'left' | 'right' | null
}

/** Runs of text joined into lines: a run on the same baseline continues the line. */
export function linesOf(items: readonly TextItem[], column: PdfLine['column'] = null): PdfLine[] {
  const lines: PdfLine[] = []
  let line: PdfLine | null = null
  let endX = 0
  for (const item of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[]
    const size = Math.hypot(c, d) || item.height
    if (item.str !== '') {
      if (line !== null && Math.abs(y - line.y) <= size / 2) {
        // Runs placed apart with no space between them are separate words.
        const gap = x - endX > size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(item.str)
        line.text += (gap ? ' ' : '') + item.str
      } else {
        line = { text: item.str, y, x, size, column }
        lines.push(line)
      }
      endX = x + item.width
    }
    if (item.hasEOL) line = null
  }
  return lines
    .map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim().normalize('NFC') }))
    .filter((l) => l.text !== '')
}
