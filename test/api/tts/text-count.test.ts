// Billable characters as the spec counts them: NFC, then one per character as users see it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billableChars, estimateCostVnd } from '../../../main/api/tts/text-count'

const TIENG_VIET = 'Tiếng Việt'
const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' })
const segmented = (text: string) => [...segmenter.segment(text.normalize('NFC'))].length

describe('billableChars', () => {
  it('counts "Tiếng Việt" the same composed (NFC) and combining (NFD)', () => {
    const nfd = TIENG_VIET.normalize('NFD')
    expect(nfd.length).toBeGreaterThan(TIENG_VIET.normalize('NFC').length)
    expect(billableChars(TIENG_VIET.normalize('NFC'))).toBe(10)
    expect(billableChars(nfd)).toBe(10)
  })

  it('counts an emoji 1, including a ZWJ family, a flag, a skin tone and a keycap', () => {
    const family = '👨‍👩‍👧‍👦'
    expect([...family]).toHaveLength(7)
    expect(billableChars(family)).toBe(1)
    expect(billableChars('🇻🇳')).toBe(1)
    expect(billableChars('👍🏽')).toBe(1)
    expect(billableChars('1️⃣')).toBe(1)
    expect(billableChars(`Chào ${family}🇻🇳!`)).toBe(8)
  })

  it('counts each CJK ideograph, kana and Hangul syllable once', () => {
    expect(billableChars('你好世界')).toBe(4)
    expect(billableChars('こんにちは')).toBe(5)
    expect(billableChars('안녕하세요')).toBe(5)
    expect(billableChars('𠀋')).toBe(1)
  })

  it('counts a Hangul syllable written as conjoining jamo once, and CR LF once', () => {
    expect(billableChars('\u1112\u1161\u11AB')).toBe(1)
    expect(billableChars('a\r\nb')).toBe(3)
  })

  it('counts nothing for empty text', () => {
    expect(billableChars('')).toBe(0)
  })

  it('agrees with grapheme segmentation where plain letters meet the characters that join them', () => {
    // Code points at the edges of the plain ranges and the marks, joiners and pairs that join graphemes.
    const edges = [0x20, 0x7e, 0xa0, 0x2ff, 0x300, 0x36f, 0x370, 0x482, 0x483, 0x489, 0x48a, 0x1dff, 0x1e00,
      0x1ec7, 0x1fff, 0x200c, 0x200d, 0x2010, 0x3029, 0x302a, 0x3099, 0x309b, 0x9fff, 0xfe0f, 0x1f3fb, 0x1f1fb,
      0x1f1f3, 0x1100, 0x1161, 0x11ab, 0x0d, 0x0a, 0x600, 0x915, 0x94d, 0xe0067] // prettier-ignore
    const char = fc.oneof(
      fc.constantFrom(...edges).map((c) => String.fromCodePoint(c)),
      fc.integer({ min: 0x20, max: 0x9fff }).map((c) => String.fromCodePoint(c)),
    )
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const s = chars.join('')
        expect(billableChars(s)).toBe(segmented(s))
      }),
      { numRuns: 2000 },
    )
  })

  it('agrees with grapheme segmentation of the NFC text on any text', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 })
    const mixed = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        text,
        fc.constantFrom(TIENG_VIET.normalize('NFD'), '👨‍👩‍👧', '\r\n', '\u1100\u1161'),
      ),
    )
    fc.assert(fc.property(mixed, (parts) => {
      const s = parts.join('')
      expect(billableChars(s)).toBe(segmented(s))
    })) // prettier-ignore
  })
})

describe('estimateCostVnd', () => {
  it('is characters / 1,000,000 × unit price, rounded to two decimals', () => {
    // 10 characters at 412,500 VND per 1M = 4.125 VND, kept as 4.13 in the wallet.
    expect(estimateCostVnd(TIENG_VIET.normalize('NFD'), 412_500)).toBe(4.13)
    expect(estimateCostVnd('a'.repeat(1_000_000), { unitPriceVndPer1M: 110_000 })).toBe(110_000)
  })

  it('is 0 on the free model and unknown (null) without a price', () => {
    expect(estimateCostVnd('Xin chào', { unitPriceVndPer1M: 0 })).toBe(0)
    expect(estimateCostVnd('Xin chào', null)).toBeNull()
  })

  it('bills only the characters beyond a monthly free allowance', () => {
    expect(estimateCostVnd('a'.repeat(3000), 1_000_000, 1000)).toBe(2000)
    expect(estimateCostVnd('a'.repeat(3000), 1_000_000, 5000)).toBe(0)
  })
})
