// Splits long text into requests a model accepts: whole sentences where they fit, else words, else
// graphemes, so no chunk breaks a letter from its tone mark or an emoji from its modifiers. Whitespace
// stays with the piece it follows, so the chunks joined give back the input exactly.
import { billableChars } from './text-count'

interface Piece {
  text: string
  chars: number
}

function piece(text: string): Piece {
  return { text, chars: billableChars(text) }
}

function segments(text: string, locale: string, granularity: 'sentence' | 'word' | 'grapheme'): string[] {
  const out: string[] = []
  for (const s of new Intl.Segmenter(locale, { granularity }).segment(text)) out.push(s.segment)
  return out
}

/** Words of a sentence, each carrying the whitespace after it. */
function words(sentence: string, locale: string): string[] {
  const out: string[] = []
  for (const s of segments(sentence, locale, 'word')) {
    const last = out.length - 1
    if (last >= 0 && s.trim() === '') out[last] += s
    else out.push(s)
  }
  return out
}

/** Packs pieces in order into as few runs as possible, none over `maxChars`; each piece must fit alone. */
function pack(pieces: readonly Piece[], maxChars: number): Piece[] {
  const out: Piece[] = []
  let run: Piece | null = null
  for (const p of pieces) {
    if (run && run.chars + p.chars <= maxChars) run = { text: run.text + p.text, chars: run.chars + p.chars }
    else {
      if (run) out.push(run)
      run = p
    }
  }
  if (run) out.push(run)
  return out
}

/** A piece over the limit cut into pieces that each fit: by words, and a word too long by graphemes. */
function cut(text: string, maxChars: number, locale: string): Piece[] {
  const fitting: Piece[] = []
  for (const w of words(text, locale)) {
    const p = piece(w)
    if (p.chars <= maxChars) fitting.push(p)
    else fitting.push(...pack(segments(w, locale, 'grapheme').map(piece), maxChars))
  }
  return pack(fitting, maxChars)
}

/**
 * Splits `text` into chunks of at most `maxChars` billable characters (see text-count.ts). A sentence
 * that does not fit after the previous ones starts a new chunk; one longer than the limit is cut by
 * words, and its last part may take the sentences after it. Empty text gives no chunks.
 */
export function splitText(text: string, maxChars: number, locale = 'vi'): string[] {
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new RangeError(`maxChars must be a positive integer; got ${maxChars}.`)
  }
  const chunks: Piece[] = []
  const push = (p: Piece) => {
    const last = chunks[chunks.length - 1]
    if (last && last.chars + p.chars <= maxChars) {
      chunks[chunks.length - 1] = { text: last.text + p.text, chars: last.chars + p.chars }
    } else chunks.push(p)
  }
  for (const s of segments(text, locale, 'sentence')) {
    const p = piece(s)
    if (p.chars <= maxChars) push(p)
    else chunks.push(...cut(s, maxChars, locale))
  }
  return chunks.map((c) => c.text).filter((t) => t !== '')
}
