// Splitting long text for the speech endpoint: the limits hold, nothing is lost, nothing is cut apart.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitText } from '../../../main/api/tts/chunker'
import { billableChars } from '../../../main/api/tts/text-count'

const graphemes = (text: string) =>
  [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment)

/** Text in pieces users write: Vietnamese in both normal forms, emoji, CJK, spaces, sentence ends. */
const piece = fc.oneof(
  fc.constantFrom('Tiếng Việt', 'Tiếng Việt'.normalize('NFD'), 'người', 'Hà Nội', 'đẹp', '👨‍👩‍👧‍👦', '🇻🇳', '👍🏽', '你好', 'Ơ', 'supercalifragilistic'),
  fc.constantFrom(' ', '  ', '\n', '\n\n', '. ', '! ', '? ', '… ', ', ', '\r\n'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
) // prettier-ignore
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''))
const limit = fc.integer({ min: 1, max: 40 })

describe('splitText properties', () => {
  it('never makes a chunk over the limit', () => {
    fc.assert(
      fc.property(text, limit, (t, max) => {
        for (const c of splitText(t, max)) expect(billableChars(c)).toBeLessThanOrEqual(max)
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

  it('never separates a combining mark or emoji part from its base: chunk edges are grapheme edges', () => {
    fc.assert(
      fc.property(text, limit, (t, max) => {
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

  it('counts an emoji as one character and never cuts inside it', () => {
    expect(splitText('👨‍👩‍👧‍👦🇻🇳👍🏽', 2)).toEqual(['👨‍👩‍👧‍👦🇻🇳', '👍🏽'])
  })

  it('refuses a limit below one character', () => {
    expect(() => splitText('abc', 0)).toThrow(RangeError)
  })
})
