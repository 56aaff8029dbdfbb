// Splits long text into requests a model accepts: whole sentences where they fit, else words, else
// graphemes, so no chunk breaks a letter from its tone mark or an emoji from its modifiers. Only a
// grapheme that is itself over the limit (limits count code points, see text-count.ts) is cut, between
// code points and never inside a surrogate pair. Whitespace stays with the piece it follows, so the
// chunks joined give back the input exactly.
//
// Linear in the text's length. Intl.Segmenter over one long string slows down faster than the string
// grows (counting 100,000 Thai characters by graphemes took 15 s), so text is only ever segmented in
// bounded windows: graphemes once over the whole text, for running character totals; sentences and words
// only where a chunk looks for its last break, each stretch once.
import { runSteps, runStepsYielding, type Steps } from './step-runner'
import { billableChars, codePointCount } from './text-count'

/** Code units segmented at a time: many segments per call, while a call stays fast. */
const WINDOW_UNITS = 512
/**
 * A sentence or word break this close to a window's end may depend on text past it (a sentence rule
 * looks ahead over closing punctuation and spaces; Thai words come from a dictionary), so it is judged
 * in the next window instead.
 */
const CONTEXT_UNITS = 64

/**
 * Text made only of these code points has one grapheme per code point, each one billable character:
 * none of them is a combining mark, joiner, spacing mark, prepend, regional indicator, Hangul jamo or CR
 * (what UAX #29 joins), none changes length under NFC, and none is astral. Vietnamese after NFC is all
 * inside, and such a window needs no segmenting.
 */
const ONE_CODE_POINT_GRAPHEMES =
  /^[\t\n\x20-\x7E\u00A0-\u02FF\u0370-\u03FF\u0400-\u0482\u048A-\u04FF\u1E00-\u1FFF\u2010-\u2027\u2030-\u205E\u3000-\u3029\u3030-\u3098\u309B-\u9FFF]*$/

/**
 * Thai with ASCII, tabs and line feeds: no code point here composes or decomposes under NFC, none is
 * astral, and UAX #29 joins only one thing: a Thai vowel or tone mark (Extend, or SARA AM's SpacingMark)
 * to what precedes it, unless that is a control (GB4). Segmenting such text by hand gives Intl.Segmenter's
 * graphemes at a fraction of its cost (the Reader's price of 200,000 Thai characters was mostly this).
 */
const THAI_TEXT = /^[\t\n\x20-\x7E\u0E01-\u0E5B]*$/

const isThaiMark = (unit: number) =>
  unit === 0x0e31 ||
  unit === 0x0e33 ||
  (unit >= 0x0e34 && unit <= 0x0e3a) ||
  (unit >= 0x0e47 && unit <= 0x0e4e)

/**
 * Pushes the grapheme edges of THAI_TEXT in (from, last], with running billable characters from `chars`
 * (one per code point); returns the last edge pushed, or `from` when there was none.
 */
function thaiGraphemes(
  text: string,
  from: number,
  last: number,
  edges: number[],
  charsBefore: number[],
  chars: number,
): number {
  let edge = from
  for (let i = from + 1; i <= last; i++) {
    const before = text.charCodeAt(i - 1)
    if (i < text.length && isThaiMark(text.charCodeAt(i)) && before !== 0x09 && before !== 0x0a) continue
    chars += i - edge
    edges.push(i)
    charsBefore.push(chars)
    edge = i
  }
  return edge
}

const segmenters = new Map<string, Intl.Segmenter>()

function segmenter(locale: string, granularity: 'sentence' | 'word' | 'grapheme'): Intl.Segmenter {
  const key = `${locale} ${granularity}`
  let s = segmenters.get(key)
  if (!s) segmenters.set(key, (s = new Intl.Segmenter(locale, { granularity })))
  return s
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

/** `at`, or one unit earlier when `at` falls between the halves of a surrogate pair. */
function codePointEdge(text: string, at: number): number {
  return at > 0 && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at))
    ? at - 1
    : at
}

/** Grapheme edges of a text, with the billable characters before each. */
interface Graphemes {
  /** Offsets of grapheme boundaries: 0, then the end of each grapheme. */
  edges: number[]
  /** Billable characters before each edge: each grapheme's NFC code points, summed. */
  charsBefore: number[]
}

/**
 * The text's graphemes, exactly as one segmentation of the whole would give them: grapheme rules look one
 * code point past a boundary, so only a window's own end is in doubt, and the next window starts at the
 * last boundary before it. A grapheme longer than a window gets a window twice as long, and so on.
 *
 * Summing per grapheme never undercounts: NFC of a whole has no more code points than NFC of its parts,
 * as composing only ever joins code points.
 */
function* graphemes(text: string): Steps<Graphemes> {
  const edges = [0]
  const charsBefore = [0]
  const seg = segmenter('und', 'grapheme')
  let chars = 0
  let from = 0
  let span = WINDOW_UNITS
  while (from < text.length) {
    const to = codePointEdge(text, Math.min(text.length, from + span))
    const window = text.slice(from, to)
    if (ONE_CODE_POINT_GRAPHEMES.test(window)) {
      // Whether the window's end is an edge depends on what follows it, as below.
      const last = to === text.length ? to : to - 1
      for (let i = from + 1; i <= last; i++) {
        edges.push(i)
        charsBefore.push(++chars)
      }
      from = last
      yield
      continue
    }
    if (THAI_TEXT.test(window)) {
      const end = thaiGraphemes(text, from, to === text.length ? to : to - 1, edges, charsBefore, chars)
      if (end > from) {
        chars = charsBefore[charsBefore.length - 1] as number
        from = end
        yield
        continue
      }
    }
    // Most windows are NFC already; then each grapheme's code points are its billable characters.
    const count = window.normalize('NFC') === window ? codePointCount : billableChars
    let next = from
    for (const { index, segment } of seg.segment(window)) {
      const end = from + index + segment.length
      if (end === to && to < text.length) break
      chars += count(segment)
      edges.push(end)
      charsBefore.push(chars)
      next = end
      // A widened window was for one long grapheme; what follows goes back to ordinary windows.
      if (span > WINDOW_UNITS) break
    }
    span = next === from ? span * 2 : WINDOW_UNITS
    from = next
    yield
  }
  return { edges, charsBefore }
}

/** The grapheme edges the split works from (0, then each grapheme's end): where a chunk may end at worst. */
export function graphemeEdges(text: string): number[] {
  return runSteps(graphemes(text)).edges
}

/**
 * Marks offsets in (from, to] where a chunk may end at `granularity`: before each sentence, or before
 * each word that is not whitespace (whitespace stays with the word before it). Returns where marking
 * would resume, at or past `to`: a segment start, or a point inside a segment longer than a window (a
 * Thai paragraph without a full stop).
 */
function markBreaks(
  text: string,
  locale: string,
  granularity: 'sentence' | 'word',
  from: number,
  to: number,
  at: Uint8Array,
): number {
  const seg = segmenter(locale, granularity)
  while (from < to) {
    const end = codePointEdge(text, Math.min(text.length, from + WINDOW_UNITS))
    const judgedTo = end === text.length ? end : codePointEdge(text, end - CONTEXT_UNITS)
    let next = judgedTo
    for (const { index, segment } of seg.segment(text.slice(from, end))) {
      // A window's first segment starts where marking began or resumed: a chunk's start or judged before.
      if (index === 0) continue
      const start = from + index
      if (start > judgedTo) break
      if (granularity === 'sentence' || segment.trim() !== '') at[start] = 1
      next = start
    }
    if (end === text.length) return end
    from = next
  }
  return from
}

/**
 * Sentence or word breaks, segmented only over the stretches where chunks look for them and each stretch
 * once: text whose sentences fit never has its words segmented.
 */
class Breaks {
  readonly #at: Uint8Array
  #judgedTo = 0

  constructor(
    private readonly text: string,
    private readonly locale: string,
    private readonly granularity: 'sentence' | 'word',
  ) {
    this.#at = new Uint8Array(text.length + 1)
    this.#at[text.length] = 1
  }

  /** Whether a chunk starting at `from` may end at `offset` (after `from`; asked in increasing `from`). */
  allows(from: number, offset: number): boolean {
    if (offset > this.#judgedTo) {
      const resume = Math.max(from, this.#judgedTo)
      this.#judgedTo = markBreaks(this.text, this.locale, this.granularity, resume, offset, this.#at)
    }
    return this.#at[offset] === 1
  }
}

/** The last index from `from` on whose running total is at most `maxTotal` (totals never decrease). */
function lastWithin(totals: readonly number[], from: number, maxTotal: number): number {
  let lo = from
  let hi = totals.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((totals[mid] as number) <= maxTotal) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * Code points from `from` towards `to` while they fit in `maxChars`, at least one: how a grapheme longer
 * than the limit is cut. A lone code point can still be over a tiny limit when NFC expands it (U+0344
 * becomes two); nothing smaller can be sent.
 */
function cutCodePoints(
  text: string,
  from: number,
  to: number,
  maxChars: number,
): { end: number; chars: number } {
  let end = from
  let chars = 0
  while (end < to) {
    const cp = text.codePointAt(end) as number
    const c = cp < 0x300 ? 1 : billableChars(String.fromCodePoint(cp))
    if (chars + c > maxChars && end > from) break
    chars += c
    end += cp > 0xffff ? 2 : 1
  }
  return { end, chars }
}

function checkLimit(maxChars: number): number {
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new RangeError(`maxChars must be a positive integer; got ${maxChars}.`)
  }
  return maxChars
}

/**
 * Splits `text` into chunks, chunk i holding at most `maxCharsOf(i)` billable characters (see
 * text-count.ts). Each chunk ends at the last sentence end that fits, else the last word end, else the
 * last grapheme end; a chunk starting on a grapheme over its limit is cut inside it. Empty text gives no
 * chunks.
 */
export function splitTextWithLimits(
  text: string,
  maxCharsOf: (index: number) => number,
  locale = 'vi',
): string[] {
  return runSteps(splitSteps(text, maxCharsOf, locale))
}

/**
 * `splitTextWithLimits`, giving main's event loop back every few milliseconds: the same chunks, for a
 * caller that must not hold the loop for the whole text (the Reader's price as the user types).
 */
export function splitTextWithLimitsYielding(
  text: string,
  maxCharsOf: (index: number) => number,
  locale = 'vi',
): Promise<string[]> {
  return runStepsYielding(splitSteps(text, maxCharsOf, locale))
}

/** The split, pausable after each window of graphemes and after each chunk. */
function* splitSteps(text: string, maxCharsOf: (index: number) => number, locale: string): Steps<string[]> {
  if (text === '') return []
  const { edges, charsBefore } = yield* graphemes(text)
  const sentences = new Breaks(text, locale, 'sentence')
  const words = new Breaks(text, locale, 'word')
  const end = edges.length - 1
  const chunks: string[] = []
  let at = 0 // where the next chunk starts
  let edge = 0 // the first grapheme edge at or after `at`
  while (at < text.length) {
    if (chunks.length > 0) yield
    const maxChars = checkLimit(maxCharsOf(chunks.length))
    let used = 0
    if ((edges[edge] as number) > at) {
      // The last chunk stopped inside a grapheme over its limit: the rest of that grapheme comes first.
      const rest = cutCodePoints(text, at, edges[edge] as number, maxChars)
      if (rest.end < (edges[edge] as number)) {
        chunks.push(text.slice(at, rest.end))
        at = rest.end
        continue
      }
      used = rest.chars
    }
    const reach = lastWithin(charsBefore, edge, (charsBefore[edge] as number) + maxChars - used)
    /** The last grapheme edge up to `reach` where `breaks` allow this chunk to end. */
    const lastBreak = (breaks: Breaks): number | null => {
      for (let i = reach; (edges[i] as number) > at; i--) if (breaks.allows(at, edges[i] as number)) return i
      return null
    }
    const stop = reach === end ? end : (lastBreak(sentences) ?? lastBreak(words) ?? reach)
    if ((edges[stop] as number) > at) {
      chunks.push(text.slice(at, edges[stop]))
      at = edges[stop] as number
      edge = stop
    } else {
      // The grapheme starting here is over the limit on its own.
      const cut = cutCodePoints(text, at, edges[edge + 1] as number, maxChars)
      chunks.push(text.slice(at, cut.end))
      at = cut.end
      edge += 1
    }
  }
  return chunks
}

/**
 * Splits `text` into chunks of at most `maxChars` billable characters (see text-count.ts). A sentence
 * that does not fit after the previous ones starts a new chunk; one longer than the limit is cut by
 * words, and its last part may take the sentences after it. Empty text gives no chunks.
 */
export function splitText(text: string, maxChars: number, locale = 'vi'): string[] {
  checkLimit(maxChars)
  return splitTextWithLimits(text, () => maxChars, locale)
}
