// Splits a text for reading aloud so the first audio comes quickly: the first chunk is short, the next
// ones grow, and the rest go at the model's limit. The service bills per character, not per request, so
// a short first chunk costs nothing extra; it only means fewer characters to synthesize before playback.
import { splitText } from '../api/tts/chunker'

/** Each step's chunk is this many times the one before, until the model's limit. */
const GROWTH = 4

/**
 * Chunks of at most `firstChars`, then `firstChars × 4`, … up to `maxChars`; they rejoin to `text`
 * exactly and break only where `splitText` would (sentences, else words, else graphemes).
 */
export function splitRamped(
  text: string,
  maxChars: number,
  firstChars: number | null,
  locale?: string,
): string[] {
  const out: string[] = []
  let rest = text
  let limit = firstChars === null ? maxChars : Math.min(firstChars, maxChars)
  while (limit < maxChars && rest !== '') {
    // Only the head can become the next chunk, so only a window of the text is split: a long text stays
    // cheap. A head that reaches the window's end may have been cut there; then the whole rest decides.
    let end = limit * 4 + 64
    // A window cut between the halves of a surrogate pair shows the segmenter a lone half, and so a
    // grapheme boundary the text does not have; grapheme rules look only one code point past a boundary.
    if (/[\uD800-\uDBFF]/.test(rest.charAt(end - 1))) end -= 1
    const window = rest.slice(0, end)
    let head = splitText(window, limit, locale)[0] ?? ''
    if (head.length === window.length && window.length < rest.length)
      head = splitText(rest, limit, locale)[0] ?? ''
    if (head === '') break
    out.push(head)
    rest = rest.slice(head.length)
    limit = Math.min(limit * GROWTH, maxChars)
  }
  return rest === '' ? out : [...out, ...splitText(rest, maxChars, locale)]
}
