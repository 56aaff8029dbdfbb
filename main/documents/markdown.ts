// Text out of Markdown: marked turns it into HTML, which is read like any HTML (html.ts), so headings
// make the chapters, tables are read row by row and fenced code is skipped with a note.
import { marked } from 'marked'
import { htmlDocument, readHtml } from './html'
import type { ExtractedDocument } from './types'

export function readMarkdown(markdown: string, untitled: string): ExtractedDocument {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return htmlDocument('md', readHtml(html), untitled)
}
