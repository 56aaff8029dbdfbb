// Splitting with a short first chunk: nothing lost, each step's limit kept, no grapheme cut apart that
// fits its step whole, the same answer as splitText when there is no ramp, and time in proportion to the
// text however many steps the ramp takes.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitText } from '../../main/api/tts/chunker'
import { billableChars } from '../../main/api/tts/text-count'
import { splitRamped } from '../../main/tts/ramp-split'
import { itGrowsLinearly } from '../support/linear-time'

/** Offsets in the input where each chunk ends. */
function chunkEnds(chunks: readonly string[]): number[] {
  let at = 0
  return chunks.map((c) => (at += c.length))
}

/** The grapheme of `text` that offset `at` falls inside (not at its start), if any. */
function graphemeAround(text: string): (at: number) => string | undefined {
  const segments = new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)
  return (at) => {
    const s = segments.containing(at)
    return s && s.index < at ? s.segment : undefined
  }
}

/** Whether offset `at` (at least 1) falls between the halves of a surrogate pair. */
const betweenPairHalves = (text: string, at: number) =>
  /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text.slice(at - 1, at + 1))

/** A chunk may be over its limit only as a lone code point that NFC expands (U+0344 becomes two). */
const withinLimit = (chunk: string, maxChars: number) =>
  billableChars(chunk) <= maxChars || [...chunk].length === 1

/** The limit of chunk `index`: the first chunk's, times 4 per step, never above the model's. */
const stepLimit = (index: number, first: number, max: number) => Math.min(first * 4 ** index, max)

/** Text in pieces users write (as in chunker.test.ts): Vietnamese in both normal forms, emoji, CJK, Thai. */
const piece = fc.oneof(
  fc.constantFrom('Tiếng Việt', 'Tiếng Việt'.normalize('NFD'), 'người', 'Hà Nội', 'đẹp', '👨‍👩‍👧‍👦', '🇻🇳', '👍🏽', '你好', 'Ơ', 'supercalifragilistic', 'สวัสดีครับ'),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '. ', '! ', '? ', '… ', ', ', '\r\n'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
) // prettier-ignore
const text = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''))

/**
 * Long graphemes, often over a step's limit: a family emoji (7 code points), a base under a stack of
 * combining marks, a thumb under a run of skin-tone modifiers, a ZWJ chain of families (one grapheme).
 */
const heavyGrapheme = fc.oneof(
  fc.constant('👨‍👩‍👧‍👦'),
  fc.integer({ min: 1, max: 400 }).map((n) => 'a' + '\u0301\u0323'.repeat(n)),
  fc.integer({ min: 1, max: 120 }).map((n) => '👍' + '🏽'.repeat(n)),
  fc.integer({ min: 2, max: 30 }).map((n) => Array(n).fill('👨‍👩‍👧‍👦').join('\u200D')),
  fc.constant('ệ'.normalize('NFD')),
)
const heavyRun = fc.tuple(heavyGrapheme, fc.integer({ min: 1, max: 40 })).map(([g, n]) => g.repeat(n))
const denseText = fc.array(fc.oneof(heavyRun, piece), { minLength: 1, maxLength: 12 }).map((p) => p.join(''))

/** A model limit and a first-chunk size below it, so the ramp has steps to take. */
const ramp = fc
  .integer({ min: 2, max: 300 })
  .chain((max) => fc.tuple(fc.constant(max), fc.integer({ min: 1, max: max - 1 })))

describe('splitRamped properties', () => {
  it('gives back the input exactly when the chunks are joined, and no empty chunk', () => {
    fc.assert(
      fc.property(text, ramp, (t, [max, first]) => {
        const chunks = splitRamped(t, max, first)
        expect(chunks.join('')).toBe(t)
        expect(chunks.every((c) => c !== '')).toBe(true)
      }),
    )
  })

  it('keeps chunk i within min(first × 4^i, max) billable characters', () => {
    fc.assert(
      fc.property(fc.oneof(text, denseText), ramp, (t, [max, first]) => {
        splitRamped(t, max, first).forEach((c, i) => {
          expect(withinLimit(c, stepLimit(i, first, max)), `chunk ${i}`).toBe(true)
        })
      }),
    )
  })

  it("cuts a grapheme apart only when it is over the step's limit by itself, never a surrogate pair", () => {
    fc.assert(
      fc.property(fc.oneof(text, denseText), ramp, (t, [max, first]) => {
        const around = graphemeAround(t)
        chunkEnds(splitRamped(t, max, first)).forEach((end, i) => {
          const grapheme = around(end)
          if (grapheme !== undefined)
            expect(billableChars(grapheme)).toBeGreaterThan(stepLimit(i, first, max))
          expect(betweenPairHalves(t, end)).toBe(false)
        })
      }),
    )
  })

  it('is exactly splitText at the model limit when there is no ramp', () => {
    const noRamp = fc
      .integer({ min: 1, max: 300 })
      .chain((max) => fc.tuple(fc.constant(max), fc.option(fc.integer({ min: max, max: 5_000 }))))
    fc.assert(
      fc.property(fc.oneof(text, denseText), noRamp, (t, [max, first]) => {
        expect(splitRamped(t, max, first)).toEqual(splitText(t, max))
      }),
    )
  })
})

describe('splitRamped examples', () => {
  /** Vietnamese prose of `chars` billable characters, in sentences of about a hundred. */
  function prose(chars: number): string {
    let t = ''
    for (let i = 1; billableChars(t) < chars; i++) {
      t += `Câu ${i}: buổi sáng ở Huế, sương còn đọng trên mặt sông Hương và tiếng chuông chùa vọng lại. `
    }
    return [...t].slice(0, chars).join('')
  }

  it('ramps a 20,000-character text from 200 to the 4,096 limit, each chunk larger than the last', () => {
    const t = prose(20_000)
    const chars = splitRamped(t, 4096, 200).map(billableChars)
    chars.forEach((n, i) => expect(n).toBeLessThanOrEqual(stepLimit(i, 200, 4096)))
    expect(chars.slice(0, 4).every((n, i) => i === 0 || n > (chars[i - 1] as number))).toBe(true)
    expect(chars.reduce((a, b) => a + b, 0)).toBe(20_000)
    // The ramp costs a chunk or two over splitting at the limit alone, not one per step of 200.
    expect(chars.length).toBeLessThanOrEqual(splitText(t, 4096).length + 2)
  })

  it('cuts a base under 10,000 combining marks at code points, and keeps the words around it whole', () => {
    const zalgo = 'a' + '\u0301'.repeat(10_000)
    const t = `Xin ${zalgo} chào bạn.`
    const chunks = splitRamped(t, 100, 2)
    expect(chunks.join('')).toBe(t)
    chunks.forEach((c, i) => expect(billableChars(c)).toBeLessThanOrEqual(stepLimit(i, 2, 100)))
    // "Xi", "n ", then the marks 32, 100, 100, … at a time, and the marks' last part takes the words after.
    expect(chunks.slice(0, 2)).toEqual(['Xi', 'n '])
    expect(chunks.at(-1)).toMatch(/^\u0301+ chào bạn\.$/)
  })

  it('counts a family as 7 and fits whole families into each step', () => {
    const family = '👨‍👩‍👧‍👦'
    const chunks = splitRamped(family.repeat(30), 1000, 10)
    expect(chunks).toEqual([family, family.repeat(5), family.repeat(22), family.repeat(2)])
  })

  it('cuts a ZWJ chain of 300 families (one grapheme of 2,399 code points) at code points', () => {
    const chain = Array(300).fill('👨‍👩‍👧‍👦').join('\u200D')
    const t = `${chain} xin chào`
    const chunks = splitRamped(t, 1000, 1)
    expect(chunks.join('')).toBe(t)
    chunks.forEach((c, i) => expect(billableChars(c)).toBeLessThanOrEqual(stepLimit(i, 1, 1000)))
    expect(chunks.map(billableChars)).toEqual([1, 4, 16, 64, 256, 1000, 1000, 67])
  })

  it('gives no chunks for empty text', () => {
    expect(splitRamped('', 4096, 200)).toEqual([])
  })
})

describe('splitRamped time', () => {
  itGrowsLinearly((t) => splitRamped(t, 4096, 200, 'th'))
})
