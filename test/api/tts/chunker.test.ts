// Splitting long text for the speech endpoint: the limits hold, nothing is lost, nothing is cut apart
// that fits whole, and the time grows in proportion to the text.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitText } from '../../../main/api/tts/chunker'
import { billableChars } from '../../../main/api/tts/text-count'
import { itGrowsLinearly, repeatTo, THAI_UNSPACED } from '../../support/linear-time'

const graphemes = (text: string) =>
  [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment)

/** Text in pieces users write: Vietnamese in both normal forms, emoji, CJK, Thai, spaces, sentence ends. */
const piece = fc.oneof(
  fc.constantFrom('Tiếng Việt', 'Tiếng Việt'.normalize('NFD'), 'người', 'Hà Nội', 'đẹp', '👨‍👩‍👧‍👦', '🇻🇳', '👍🏽', '你好', 'Ơ', 'supercalifragilistic', 'สวัสดีครับ'),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '. ', '! ', '? ', '… ', ', ', '\r\n'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
) // prettier-ignore
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''))
const limit = fc.integer({ min: 1, max: 40 })

/** The graphemes of `text` that `chunks` cut apart: only one over the limit by itself may be. */
function graphemesCut(text: string, chunks: readonly string[]): string[] {
  const segments = new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)
  const cut: string[] = []
  let at = 0
  for (const c of chunks) {
    const s = segments.containing((at += c.length))
    if (s && s.index < at) cut.push(s.segment)
  }
  return cut
}

/** Whether offset `at` (at least 1) falls between the halves of a surrogate pair. */
const betweenPairHalves = (text: string, at: number) =>
  /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text.slice(at - 1, at + 1))

/** A chunk may be over the limit only as a lone code point that NFC expands (U+0344 becomes two). */
function withinLimit(chunk: string, maxChars: number): boolean {
  return billableChars(chunk) <= maxChars || [...chunk].length === 1
}

describe('splitText properties', () => {
  it('never makes a chunk over the limit', () => {
    fc.assert(
      fc.property(text, limit, (t, max) => {
        for (const c of splitText(t, max)) expect(withinLimit(c, max), c).toBe(true)
      }),
    )
  })

  it('gives back the input exactly when the chunks are joined, and no empty chunk', () => {
    fc.assert(
      fc.property(text, limit, (t, max) => {
        const chunks = splitText(t, max)
        expect(chunks.join('')).toBe(t)
        expect(chunks.every((c) => c.length > 0)).toBe(true)
      }),
    )
  })

  it('cuts a grapheme apart only when it is over the limit by itself, and never a surrogate pair', () => {
    fc.assert(
      fc.property(text, limit, (t, max) => {
        const chunks = splitText(t, max)
        for (const grapheme of graphemesCut(t, chunks)) expect(billableChars(grapheme)).toBeGreaterThan(max)
        let at = 0
        for (const c of chunks) expect(betweenPairHalves(t, (at += c.length))).toBe(false)
      }),
    )
  })

  it('finds grapheme edges where plain letters meet the characters that join them', () => {
    // Code points at the edges of the plain ranges (which need no segmenting) and the marks, joiners and
    // pairs that join graphemes.
    const edges = [0x20, 0x7e, 0xa0, 0x2ff, 0x300, 0x36f, 0x370, 0x482, 0x483, 0x489, 0x48a, 0x1dff, 0x1e00,
      0x1ec7, 0x1fff, 0x200c, 0x200d, 0x2010, 0x3029, 0x302a, 0x3099, 0x309b, 0x9fff, 0xfe0f, 0x1f3fb, 0x1f1fb,
      0x1f1f3, 0x1100, 0x1161, 0x11ab, 0x0d, 0x0a, 0x600, 0x915, 0x94d, 0xe0067] // prettier-ignore
    const char = fc.oneof(
      fc.constantFrom(...edges).map((c) => String.fromCodePoint(c)),
      fc.integer({ min: 0x20, max: 0x9fff }).map((c) => String.fromCodePoint(c)),
    )
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), fc.integer({ min: 1, max: 8 }), (chars, max) => {
        const t = chars.join('')
        const chunks = splitText(t, max)
        expect(chunks.join('')).toBe(t)
        for (const c of chunks) expect(withinLimit(c, max), c).toBe(true)
        for (const grapheme of graphemesCut(t, chunks)) expect(billableChars(grapheme)).toBeGreaterThan(max)
      }),
      { numRuns: 1000 },
    )
  })

  it('holds over texts longer than a segmenting window, wherever a window ends', () => {
    const plain = fc.integer({ min: 1, max: 1200 }).map((n) => 'ab c'.repeat(n).slice(0, n))
    const joining = fc.constantFrom(
      '\u0301',
      '\u200D👨',
      '🇻🇳',
      '\r\n',
      'ệ'.normalize('NFD'),
      '👨‍👩‍👧‍👦',
      'สวัสดี',
      '. ',
    )
    const long = fc.array(fc.oneof(plain, joining), { maxLength: 12 }).map((p) => p.join(''))
    fc.assert(
      fc.property(long, fc.integer({ min: 1, max: 700 }), (t, max) => {
        const chunks = splitText(t, max)
        expect(chunks.join('')).toBe(t)
        for (const c of chunks) expect(withinLimit(c, max)).toBe(true)
        for (const grapheme of graphemesCut(t, chunks)) expect(billableChars(grapheme)).toBeGreaterThan(max)
      }),
      { numRuns: 200 },
    )
  })

  it('keeps every grapheme whole when the limit is above any of them', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 40, max: 200 }), (t, max) => {
        fc.pre(graphemes(t).every((g) => billableChars(g) <= max))
        const chunks = splitText(t, max)
        expect(chunks.flatMap(graphemes)).toEqual(graphemes(t))
      }),
    )
  })

  it('keeps a whole sentence together whenever it fits', () => {
    const sentence = fc.constantFrom(
      'Xin chào. ',
      'Tôi là Loa. ',
      'Hôm nay trời đẹp quá! ',
      'Bạn khỏe không? ',
    )
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 12 }), (sentences) => {
        const chunks = splitText(sentences.join(''), 25)
        // Every chunk ends where a sentence ends, because each of these sentences fits in 25 characters.
        for (const c of chunks) expect(sentences.some((s) => c.endsWith(s))).toBe(true)
      }),
    )
  })
})

describe('splitText examples', () => {
  const paragraph =
    'Hà Nội là thủ đô của Việt Nam. Thành phố nằm bên bờ sông Hồng! ' +
    'Bạn đã bao giờ đến đó chưa? Mùa thu ở Hà Nội rất đẹp.'

  it('splits a Vietnamese paragraph at sentence ends, whitespace staying with the sentence before it', () => {
    expect(splitText(paragraph, 70)).toEqual([
      'Hà Nội là thủ đô của Việt Nam. Thành phố nằm bên bờ sông Hồng! ',
      'Bạn đã bao giờ đến đó chưa? Mùa thu ở Hà Nội rất đẹp.',
    ])
  })

  it('gives one chunk when the whole text fits, and none for empty text', () => {
    expect(splitText(paragraph, 5000)).toEqual([paragraph])
    expect(splitText('', 10)).toEqual([])
  })

  it('cuts a sentence longer than the limit at word boundaries', () => {
    const chunks = splitText('Mùa thu ở Hà Nội rất đẹp.', 10)
    expect(chunks).toEqual(['Mùa thu ở ', 'Hà Nội ', 'rất đẹp.'])
  })

  it('cuts a word longer than the limit between graphemes, NFD tone marks staying on their letters', () => {
    const word = 'nghiêngnghiêng'.normalize('NFD')
    const chunks = splitText(word, 4)
    expect(chunks.map((c) => c.normalize('NFC'))).toEqual(['nghi', 'êngn', 'ghiê', 'ng'])
    expect(chunks.join('')).toBe(word)
  })

  it('counts an emoji by its code points: a family is 7, a flag 2, a thumb with a skin tone 2', () => {
    expect(splitText('👨‍👩‍👧‍👦🇻🇳👍🏽', 9)).toEqual(['👨‍👩‍👧‍👦🇻🇳', '👍🏽'])
    expect(splitText('👍🌸😀🇻🇳', 2)).toEqual(['👍🌸', '😀', '🇻🇳'])
  })

  it('cuts an emoji sequence over the limit between code points, never inside a surrogate pair', () => {
    // The family's 7 code points are man, ZWJ, woman, ZWJ, girl, ZWJ, boy.
    expect(splitText('👨‍👩‍👧‍👦🇻🇳', 2)).toEqual(['👨\u200D', '👩\u200D', '👧\u200D', '👦', '🇻🇳'])
    expect(splitText('👨‍👩‍👧‍👦', 3)).toEqual(['👨\u200D👩', '\u200D👧\u200D', '👦'])
    expect(splitText('🇻🇳', 1)).toEqual(['🇻', '🇳'])
  })

  it('cuts a Thai text without spaces or full stops at its words', () => {
    const t = repeatTo(THAI_UNSPACED, 5000)
    const chunks = splitText(t, 1000, 'th')
    expect(chunks.join('')).toBe(t)
    for (const c of chunks) expect(billableChars(c)).toBeLessThanOrEqual(1000)
    const words = new Set(
      [...new Intl.Segmenter('th', { granularity: 'word' }).segment(t)].map((s) => s.index),
    )
    let at = 0
    for (const c of chunks.slice(0, -1)) expect(words.has((at += c.length))).toBe(true)
    // Words are short, so every chunk but the last comes close to the limit.
    for (const c of chunks.slice(0, -1)) expect(billableChars(c)).toBeGreaterThan(950)
  })

  it('refuses a limit below one character', () => {
    expect(() => splitText('abc', 0)).toThrow(RangeError)
  })
})

describe('splitText time', () => {
  // Segmenting a long string at once grows faster than the string: 100,000 Thai characters took 15 s.
  itGrowsLinearly((t) => splitText(t, 4096, 'th'))
})
