// Headings and paragraphs, as any format yields them, grouped into chapters. The chapter level is the top
// heading level, except that a lone top heading opening the document is its title (a Markdown file's
// `# Book` above its `## Chương 1`), and the next level down makes the chapters.
import type { DocumentChapter } from './types'

export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string }

export interface Chapters {
  /** The lone top heading that opens the document, else null. */
  title: string | null
  chapters: DocumentChapter[]
}

/** `untitled`: the title of text that comes before any heading (the file's name). */
export function chaptersOf(blocks: readonly Block[], untitled: string): Chapters {
  const headings = blocks.filter((b) => b.kind === 'heading')
  const top = Math.min(...headings.map((h) => h.level))
  const tops = headings.filter((h) => h.level === top)
  const first = headings[0]
  const titled = tops.length === 1 && first !== undefined && first.level === top && headings.length > 1
  const title = titled ? first.text : null
  const rest = titled ? headings.slice(1) : headings
  const level = Math.min(...rest.map((h) => h.level))
  const chapters: DocumentChapter[] = []
  let current: { title: string; paragraphs: string[] } = { title: title ?? untitled, paragraphs: [] }
  const close = (): void => {
    if (current.paragraphs.length > 0)
      chapters.push({ title: current.title, text: current.paragraphs.join('\n\n') })
  }
  for (const block of blocks) {
    if (titled && block === first) continue
    if (block.kind === 'heading' && block.level <= level) {
      close()
      current = { title: block.text, paragraphs: [] }
    } else current.paragraphs.push(block.text)
  }
  close()
  return { title, chapters }
}
