// Two-column pages. A page draws its runs of text in whatever order its producer chose; many draw a
// two-column page line by line across both columns, which read in that order interleaves them. A page
// has two columns when its runs fall left and right of a vertical gutter that (almost) no run crosses;
// then each column is read whole, the left one first. Runs that cross the gutter (a title over both
// columns, a centred page number) cut the page into bands, read from the top down.
import type { TextItem } from 'pdfjs-dist/types/src/display/api'

/** The runs of a page in reading order, a column at a time. */
export interface PageRun {
  items: TextItem[]
  /** The left or the right column of a two-column page; null for text across the page. */
  column: 'left' | 'right' | null
}

/**
 * Runs that cross the gutter may hold at most this share of the page's characters: a title, a page
 * number, an abstract set across a paper's first page above its two columns.
 */
const CROSSING_SHARE = 0.4
/** Each column holds at least this share of the page's characters. */
const COLUMN_SHARE = 0.2
/** ... and at least this many runs beside the other column's. */
const COLUMN_MIN_RUNS = 3
/** The gutter is at least this many times the median font size wide. */
const GUTTER_SIZES = 1

interface Span {
  item: TextItem
  x0: number
  x1: number
  y: number
  size: number
  chars: number
}

export function readingRuns(items: readonly TextItem[]): PageRun[] {
  const spans = items.filter((i) => i.str.trim() !== '').map(spanOf)
  const gutter = gutterOf(spans)
  if (gutter === null) return [{ items: [...items], column: null }]
  // Runs that cross the gutter, top down, cut the page into bands; each band is read left then right.
  const across = spans.filter((s) => s.x0 < gutter.right && s.x1 > gutter.left).sort((a, b) => b.y - a.y)
  const bandOf = (s: Span): number => across.filter((a) => a.y > s.y).length
  const runs: PageRun[] = []
  for (let band = 0; band <= across.length; band++) {
    const inBand = spans.filter((s) => !across.includes(s) && bandOf(s) === band)
    const left = inBand.filter((s) => s.x1 <= gutter.left).map((s) => s.item)
    const right = inBand.filter((s) => s.x0 >= gutter.right).map((s) => s.item)
    if (left.length > 0) runs.push({ items: left, column: 'left' })
    if (right.length > 0) runs.push({ items: right, column: 'right' })
    const cut = across[band]
    if (cut) runs.push({ items: [cut.item], column: null })
  }
  return runs
}

function spanOf(item: TextItem): Span {
  const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[]
  const size = Math.hypot(c, d) || item.height
  return { item, x0: x, x1: x + item.width, y, size, chars: item.str.trim().length }
}

/**
 * The empty band between two columns, or null for a page that is not two columns. Candidates are
 * the gaps after each run's right edge; a sweep over runs sorted by their edges counts each side in
 * O(n log n), so a long book's pages cost little.
 */
function gutterOf(spans: readonly Span[]): { left: number; right: number } | null {
  if (spans.length < COLUMN_MIN_RUNS * 2) return null
  const total = spans.reduce((n, s) => n + s.chars, 0)
  const minWidth = GUTTER_SIZES * medianSize(spans)
  const byEnd = [...spans].sort((a, b) => a.x1 - b.x1)
  const starts = [...spans].sort((a, b) => a.x0 - b.x0)
  // charsFrom[k]: the characters of the runs that start at starts[k] or further right.
  const charsFrom = new Array<number>(starts.length + 1).fill(0)
  for (let k = starts.length - 1; k >= 0; k--)
    charsFrom[k] = (charsFrom[k + 1] ?? 0) + (starts[k] as Span).chars
  let best: { left: number; right: number; score: number } | null = null
  let leftChars = 0
  for (let i = 0; i < byEnd.length; i++) {
    const edge = (byEnd[i] as Span).x1
    leftChars += (byEnd[i] as Span).chars
    if ((byEnd[i + 1]?.x1 ?? Infinity) === edge) continue
    // The first run that starts at least a gutter's width to the right of this edge.
    const from = firstAtOrAfter(starts, edge + minWidth)
    const start = starts[from]
    if (start === undefined) break
    const rightChars = charsFrom[from] ?? 0
    const crossing = total - leftChars - rightChars
    const leftRuns = i + 1
    const rightRuns = starts.length - from
    if (
      leftChars >= total * COLUMN_SHARE &&
      rightChars >= total * COLUMN_SHARE &&
      crossing <= total * CROSSING_SHARE &&
      leftRuns >= COLUMN_MIN_RUNS &&
      rightRuns >= COLUMN_MIN_RUNS
    ) {
      // The gutter that leaves the least text across it: one further left would take a column's
      // longest lines for text across the page.
      const score = leftChars + rightChars
      if (best === null || score > best.score) best = { left: edge, right: start.x0, score }
    }
  }
  if (best === null) return null
  return sideBySide(spans, best) ? { left: best.left, right: best.right } : null
}

/**
 * Columns stand beside each other: one of them holds runs level with the other's (not one block of text
 * above another, set in from the left; a column may be short where a chapter ends).
 */
function sideBySide(spans: readonly Span[], gutter: { left: number; right: number }): boolean {
  const left = spans.filter((s) => s.x1 <= gutter.left).map((s) => s.y)
  const right = spans.filter((s) => s.x0 >= gutter.right).map((s) => s.y)
  const within = (ys: number[], of: number[]): number => {
    const [low, high] = [Math.min(...of), Math.max(...of)]
    return ys.filter((y) => y >= low && y <= high).length
  }
  return within(left, right) >= COLUMN_MIN_RUNS || within(right, left) >= COLUMN_MIN_RUNS
}

function firstAtOrAfter(sorted: readonly Span[], x: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as Span).x0 < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

function medianSize(spans: readonly Span[]): number {
  const sizes = spans.map((s) => s.size).sort((a, b) => a - b)
  return sizes[sizes.length >> 1] ?? 0
}
