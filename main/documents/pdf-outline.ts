// A PDF's outline (its bookmarks), where it has one, as the places its chapters begin: the author's own
// table of contents says where a chapter starts better than a guess from font sizes, and names it as the
// author did. An outline that does not resolve to places in the file is no outline: the caller then falls
// back to the headings it finds by size.
import type { PDFDocumentProxy, RefProxy } from 'pdfjs-dist/types/src/display/api'
import type { PdfLine } from './pdf-lines'

/** Where one outline entry leads. */
export interface OutlineTarget {
  title: string
  /** The page, from 0. */
  page: number
  /** The destination's top edge in PDF units from the page's bottom, null where it gives none (/Fit). */
  top: number | null
  /** Its left edge, null where it gives none. */
  left: number | null
}

export interface PdfOutline {
  /** The lone top entry whose children make the chapters (a book's name above its chapters), else null. */
  title: string | null
  targets: OutlineTarget[]
}

type OutlineNode = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number]

/**
 * The outline's chapter entries, in the outline's order: its top level, or the level below a lone top
 * entry. Entries that lead out of the file (a web link) are not chapters and are passed over; null when
 * there is no outline, no entry leads into the file, or one that should does not resolve to a page.
 */
export async function outlineOf(pdf: PDFDocumentProxy): Promise<PdfOutline | null> {
  const top = ((await pdf.getOutline().catch(() => null)) ?? []) as OutlineNode[]
  const lone = top.length === 1 && (top[0]?.items.length ?? 0) > 0 ? top[0] : undefined
  const entries = (lone ? lone.items : top) as OutlineNode[]
  const targets: OutlineTarget[] = []
  for (const entry of entries) {
    if (entry.dest === null) continue
    const target = await targetOf(pdf, entry.title, entry.dest)
    if (target === null) return null
    targets.push(target)
  }
  if (targets.length === 0) return null
  return { title: lone ? clean(lone.title) : null, targets }
}

async function targetOf(
  pdf: PDFDocumentProxy,
  title: string,
  dest: string | unknown[],
): Promise<OutlineTarget | null> {
  const explicit = typeof dest === 'string' ? await pdf.getDestination(dest).catch(() => null) : dest
  if (!Array.isArray(explicit)) return null
  const [ref, mode, ...args] = explicit as [unknown, { name?: string } | undefined, ...unknown[]]
  const page = await pageIndexOf(pdf, ref)
  if (page === null || page < 0 || page >= pdf.numPages) return null
  return { title: clean(title), page, ...edgesOf(mode?.name, args) }
}

/** A page is named by its object reference, or (in a destination into another file's pages) by its index. */
async function pageIndexOf(pdf: PDFDocumentProxy, ref: unknown): Promise<number | null> {
  if (typeof ref === 'number' && Number.isInteger(ref)) return ref
  if (typeof ref !== 'object' || ref === null || !('num' in ref) || !('gen' in ref)) return null
  return pdf.getPageIndex(ref as RefProxy).catch(() => null)
}

/** The top and left edges each kind of destination gives (PDF 32000-1, 12.3.2.2, table 151). */
function edgesOf(kind: string | undefined, args: readonly unknown[]): Pick<OutlineTarget, 'top' | 'left'> {
  const n = (i: number): number | null => {
    const v = args[i]
    return typeof v === 'number' && Number.isFinite(v) ? v : null
  }
  switch (kind) {
    case 'XYZ':
      return { left: n(0), top: n(1) }
    case 'FitH':
    case 'FitBH':
      return { left: null, top: n(0) }
    case 'FitV':
    case 'FitBV':
      return { left: n(0), top: null }
    case 'FitR':
      return { left: n(0), top: n(3) }
    default:
      return { left: null, top: null }
  }
}

function clean(title: string): string {
  return title.replace(/\s+/g, ' ').trim().normalize('NFC')
}

/** A little above the destination's top still counts as below it: producers round the top they write. */
const TOP_SLACK = 2

/**
 * The line each target leads to, with the target's title: on the target's page, the first line in reading
 * order at or below the target's top (and, on a two-column page, in the column its left edge is in); where
 * the page has none, the next page's first line. Targets past `pages` (an opening read before the rest)
 * lead nowhere yet; two leading to one line keep the first's title.
 */
export function outlineStarts(
  pages: readonly PdfLine[][],
  targets: readonly OutlineTarget[],
): Map<PdfLine, string> {
  const starts = new Map<PdfLine, string>()
  for (const target of targets) {
    const line = lineAt(pages, target)
    if (line !== undefined && !starts.has(line)) starts.set(line, target.title)
  }
  return starts
}

function lineAt(pages: readonly PdfLine[][], target: OutlineTarget): PdfLine | undefined {
  const { top, left } = target
  const lines = pages[target.page] ?? []
  // On a two-column page a target whose left edge is at the right column (or in the gutter just before
  // it) leads into the right column, whatever the left column holds at that height.
  const rightColumn = Math.min(...lines.filter((l) => l.column === 'right').map((l) => l.x - l.size))
  const intoRight = left !== null && left >= rightColumn
  const onPage = lines.find(
    (l) => (top === null || l.y <= top + TOP_SLACK) && !(intoRight && l.column === 'left'),
  )
  if (onPage !== undefined) return onPage
  return pages.slice(target.page + 1).find((page) => page.length > 0)?.[0]
}
