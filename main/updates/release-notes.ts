// Release notes as plain text. electron-builder writes `releaseNotes` as a string (often HTML, from a GitHub
// release) or as a list of { version, note }; the popup shows text, never markup from a download server.

/** Longer notes are cut: the popup has room for a summary, and the feed is not trusted to be small. */
export const MAX_NOTES_CHARS = 4_000

export function notesText(raw: unknown): string | null {
  const text = Array.isArray(raw)
    ? raw
        .map((entry: unknown) => {
          const { version, note } = (entry ?? {}) as { version?: unknown; note?: unknown }
          const body = typeof note === 'string' ? plain(note) : ''
          return typeof version === 'string' && body ? `${version}\n${body}` : body
        })
        .filter((part) => part !== '')
        .join('\n\n')
    : typeof raw === 'string'
      ? plain(raw)
      : ''
  if (text === '') return null
  return text.length > MAX_NOTES_CHARS ? `${text.slice(0, MAX_NOTES_CHARS - 1)}…` : text
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

function plain(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
