// Thai text is segmented into graphemes by hand (chunker.ts, THAI_TEXT), not by Intl.Segmenter: the two
// must agree on every text, marks after controls and at window edges included.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { graphemeEdges, splitText } from '../../../main/api/tts/chunker'

/** Consonants, leading and following vowels, every mark, controls, ASCII and Thai signs. */
const UNITS = [...'กขคฮอเแโใไะาำิีึืฺุูั็่้๊๋์ํ๎ฯๆ฿๏๚๛', ' ', '\n', '\t', 'a', '.', '!'] // prettier-ignore
const thai = fc.array(fc.constantFrom(...UNITS), { maxLength: 1400 }).map((u) => u.join(''))

const intlEdges = (text: string) => [
  ...[...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)].map((s) => s.index),
  text.length,
]

describe('Thai graphemes', () => {
  it('are the ones Intl.Segmenter finds, in any text of Thai, ASCII, tabs and line feeds', () => {
    fc.assert(
      fc.property(thai, (text) => {
        expect(graphemeEdges(text)).toEqual(text === '' ? [0] : intlEdges(text))
      }),
      { numRuns: 400 },
    )
  })

  it('stay whole across the split: a mark is cut from its letter only in a grapheme over the limit', () => {
    fc.assert(
      fc.property(thai, fc.integer({ min: 3, max: 40 }), (text, max) => {
        const chunks = splitText(text, max)
        expect(chunks.join('')).toBe(text)
        const segments = new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)
        let at = 0
        for (const c of chunks) {
          at += c.length
          const around = segments.containing(at)
          if (around && around.index < at) expect([...around.segment].length).toBeGreaterThan(max)
        }
      }),
      { numRuns: 300 },
    )
  })
})
