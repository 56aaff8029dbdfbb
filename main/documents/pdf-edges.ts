// Running headers, footers and page numbers: lines at the top or bottom of a page that repeat on many
// pages once their digits are set aside ("Chương 1 — trang 12" and "— trang 13" are the same footer), or
// that are nothing but a page number. Read aloud on every page they would break every paragraph they cut.
import type { PdfLine } from './pdf-lines'

/** How many lines at each edge of a page may be a header or a footer. */
const EDGE_LINES = 2
/** A line repeats when it stands at an edge of at least this share of the pages (and on 3 pages at least). */
const REPEAT_SHARE = 0.5
const REPEAT_MIN_PAGES = 3

const PAGE_NUMBER = /^[-–—\s[(]*(?:(?:trang|page|p\.)\s*)?\d+(?:\s*(?:\/|of|trên|\|)\s*\d+)?[-–—\s\])]*$/iu

export interface EdgeRepeats {
  /** The lines to leave out. */
  dropped: Set<PdfLine>
  /** Pages on which at least one line was left out. */
  pages: number
}

export function edgeRepeats(pages: readonly PdfLine[][]): EdgeRepeats {
  const edges = pages.map(edgeLines)
  const seen = new Map<string, number>()
  for (const lines of edges) {
    for (const key of new Set(lines.map(keyOf))) seen.set(key, (seen.get(key) ?? 0) + 1)
  }
  const threshold = Math.max(REPEAT_MIN_PAGES, Math.ceil(pages.length * REPEAT_SHARE))
  const dropped = new Set<PdfLine>()
  let touched = 0
  for (const lines of edges) {
    const drop = lines.filter((l) => PAGE_NUMBER.test(l.text) || (seen.get(keyOf(l)) ?? 0) >= threshold)
    for (const line of drop) dropped.add(line)
    if (drop.length > 0) touched++
  }
  return { dropped, pages: touched }
}

/** The top- and bottom-most lines of a page by position, whatever order the page draws them in. */
function edgeLines(lines: readonly PdfLine[]): PdfLine[] {
  const byHeight = [...lines].sort((a, b) => b.y - a.y)
  if (byHeight.length <= EDGE_LINES * 2) return byHeight
  return [...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)]
}

function keyOf(line: PdfLine): string {
  return line.text.toLowerCase().replace(/\d+/g, '#')
}
