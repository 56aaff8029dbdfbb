// Splitting with a short first chunk: nothing lost, each step's limit kept, no grapheme cut apart, and
// the same answer as splitText when there is no ramp. splitText is watched (not replaced) to show that
// the generators reach the case where a step's window is not enough and the whole rest is split instead.
import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Chunker from '../../main/api/tts/chunker'
import { splitText } from '../../main/api/tts/chunker'
import { billableChars } from '../../main/api/tts/text-count'
import { splitRamped } from '../../main/tts/ramp-split'

vi.mock('../../main/api/tts/chunker', async (importOriginal) => {
  const actual = await importOriginal<typeof Chunker>()
  return { ...actual, splitText: vi.fn(actual.splitText) }
})

const split = vi.mocked(splitText)
// A block, not an expression: a function returned from beforeEach is run as its teardown.
beforeEach(() => {
  split.mockClear()
})

/** Offsets where the input's graphemes start, and its end: the only places a chunk may end. */
function graphemeEdges(text: string): Set<number> {
  const edges = new Set([text.length])
  for (const s of new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)) edges.add(s.index)
  return edges
}

/** Offsets in `text` where each chunk ends. */
function chunkEnds(chunks: readonly string[]): number[] {
  let at = 0
  return chunks.map((c) => (at += c.length))
}

/**
 * Steps where splitText was asked for a chunk of a ramp limit twice: first over a window of the rest,
 * then over the whole rest, because the window's head reached the window's end.
 */
function windowFallbacks(maxChars: number): number {
  const calls = split.mock.calls
  let n = 0
  for (let i = 1; i < calls.length; i++) {
    const [before, beforeLimit] = calls[i - 1] as Parameters<typeof splitText>
    const [now, limit] = calls[i] as Parameters<typeof splitText>
    if (limit < maxChars && limit === beforeLimit && now.length > before.length && now.startsWith(before)) n++
  }
  return n
}

/** The limit of chunk `index`: the first chunk's, times 4 per step, never above the model's. */
const stepLimit = (index: number, first: number, max: number) => Math.min(first * 4 ** index, max)

/** Text in pieces users write (as in chunker.test.ts): Vietnamese in both normal forms, emoji, CJK. */
const piece = fc.oneof(
  fc.constantFrom('Tiếng Việt', 'Tiếng Việt'.normalize('NFD'), 'người', 'Hà Nội', 'đẹp', '👨‍👩‍👧‍👦', '🇻🇳', '👍🏽', '你好', 'Ơ', 'supercalifragilistic'),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '. ', '! ', '? ', '… ', ', ', '\r\n'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
) // prettier-ignore
const text = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''))

/**
 * Graphemes far longer in code units than in billable characters: a family emoji (11 code units), a
 * base under a stack of combining marks, a thumb under a run of skin-tone modifiers, a ZWJ chain of
 * families (one grapheme). Runs of them fill a window with fewer graphemes than the limit allows.
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

  // No exception for a grapheme bigger than the limit: one grapheme bills as one character (text-count.ts)
  // and every limit is at least 1, so splitText can always fit one, and it never exceeds its limit.
  it('keeps chunk i within min(first × 4^i, max) billable characters', () => {
    fc.assert(
      fc.property(fc.oneof(text, denseText), ramp, (t, [max, first]) => {
        splitRamped(t, max, first).forEach((c, i) => {
          expect(billableChars(c)).toBeLessThanOrEqual(stepLimit(i, first, max))
        })
      }),
    )
  })

  it('ends chunks only on grapheme boundaries of the input', () => {
    fc.assert(
      fc.property(fc.oneof(text, denseText), ramp, (t, [max, first]) => {
        const edges = graphemeEdges(t)
        for (const end of chunkEnds(splitRamped(t, max, first))) expect(edges.has(end)).toBe(true)
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

  it('still rejoins and keeps graphemes whole when a run of heavy graphemes reaches the window end', () => {
    let fallbacks = 0
    fc.assert(
      fc.property(denseText, ramp, (t, [max, first]) => {
        split.mockClear()
        const chunks = splitRamped(t, max, first)
        fallbacks += windowFallbacks(max)
        expect(chunks.join('')).toBe(t)
        const edges = graphemeEdges(t)
        for (const end of chunkEnds(chunks)) expect(edges.has(end)).toBe(true)
      }),
      { numRuns: 300 },
    )
    // Without this the property above could pass without ever taking the fallback it is about.
    expect(fallbacks).toBeGreaterThan(0)
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

  it('keeps a grapheme longer than any window whole: a base under 10,000 combining marks', () => {
    const zalgo = 'a' + '\u0301'.repeat(10_000)
    const t = `Xin ${zalgo} chào bạn.`
    const chunks = splitRamped(t, 100, 2)
    expect(windowFallbacks(100)).toBeGreaterThan(0)
    expect(chunks.join('')).toBe(t)
    expect(chunks.some((c) => c.includes(zalgo))).toBe(true)
    chunks.forEach((c, i) => expect(billableChars(c)).toBeLessThanOrEqual(stepLimit(i, 2, 100)))
  })

  it('keeps a ZWJ chain longer than any window whole, wherever in it the window ends', () => {
    // One grapheme, 3 code units a link after the marks: with 0, 1 or 2 marks the window, whatever its
    // size, ends after a whole emoji in one text, after a joiner in another, and between the halves of a
    // surrogate pair in the third. A first chunk of 1 leaves no room for anything after the chain.
    for (let marks = 0; marks <= 2; marks++) {
      const chain = '👨' + '\u0301'.repeat(marks) + '\u200D👨'.repeat(300)
      const t = `${chain} xin chào`
      const chunks = splitRamped(t, 1000, 1)
      expect(chunks.join('')).toBe(t)
      expect(chunks[0], `${marks} marks`).toBe(chain)
    }
  })

  it('does not cut the family emoji that straddles the window end', () => {
    // Ten families are 110 code units, so a 10-character step's window ends inside the tenth.
    const t = '👨‍👩‍👧‍👦'.repeat(30)
    const chunks = splitRamped(t, 1000, 10)
    expect(windowFallbacks(1000)).toBeGreaterThan(0)
    expect(chunks).toEqual(['👨‍👩‍👧‍👦'.repeat(10), '👨‍👩‍👧‍👦'.repeat(20)])
  })

  it('gives no chunks for empty text', () => {
    expect(splitRamped('', 4096, 200)).toEqual([])
  })
})
