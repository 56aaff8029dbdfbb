// Billable characters as the spec counts them: Unicode code points after NFC normalisation.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billableChars, codePointCount, estimateCostVnd } from '../../../main/api/tts/text-count'
import { itGrowsLinearly } from '../../support/linear-time'

const TIENG_VIET = 'Tiếng Việt'

describe('billableChars', () => {
  it('counts "Tiếng Việt" the same composed (NFC) and combining (NFD)', () => {
    const nfd = TIENG_VIET.normalize('NFD')
    expect(nfd.length).toBeGreaterThan(TIENG_VIET.normalize('NFC').length)
    expect(billableChars(TIENG_VIET.normalize('NFC'))).toBe(10)
    expect(billableChars(nfd)).toBe(10)
  })

  it('counts a one-code-point emoji 1, and an emoji sequence by its code points', () => {
    expect(billableChars('👍')).toBe(1)
    expect(billableChars('🌸')).toBe(1)
    // Man, ZWJ, woman, ZWJ, girl, ZWJ, boy.
    expect(billableChars('👨‍👩‍👧‍👦')).toBe(7)
    expect(billableChars('🇻🇳')).toBe(2)
    expect(billableChars('👍🏽')).toBe(2)
    expect(billableChars('1️⃣')).toBe(3)
    expect(billableChars('Chào 👨‍👩‍👧‍👦🇻🇳!')).toBe(15)
  })

  it('counts each CJK ideograph, kana and Hangul syllable once, astral ones too', () => {
    expect(billableChars('你好世界')).toBe(4)
    expect(billableChars('こんにちは')).toBe(5)
    expect(billableChars('안녕하세요')).toBe(5)
    expect(billableChars('𠀋')).toBe(1)
  })

  it('counts what NFC makes of the text: conjoining jamo compose to one, U+0344 becomes two', () => {
    expect(billableChars('\u1112\u1161\u11AB')).toBe(1)
    expect(billableChars('\u0344')).toBe(2)
    expect(billableChars('a\r\nb')).toBe(4)
  })

  it('counts nothing for empty text, and a lone surrogate as one', () => {
    expect(billableChars('')).toBe(0)
    expect(billableChars('\uD83D')).toBe(1)
    expect(billableChars('\uDC4Da')).toBe(2)
  })

  it('is the number of code points of the NFC text on any text', () => {
    const mixed = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom(TIENG_VIET.normalize('NFD'), '👨‍👩‍👧', '\r\n', '\u1100\u1161', '\uD83D', '\uDC4D'),
      ),
    )
    fc.assert(
      fc.property(mixed, (parts) => {
        const s = parts.join('')
        expect(billableChars(s)).toBe([...s.normalize('NFC')].length)
        expect(codePointCount(s)).toBe([...s].length)
      }),
    )
  })
})

describe('billableChars time', () => {
  itGrowsLinearly(billableChars)
})

describe('estimateCostVnd', () => {
  it('is characters / 1,000,000 × unit price, rounded to two decimals', () => {
    // 10 characters at 412,500 VND per 1M = 4.125 VND, kept as 4.13 in the wallet.
    expect(estimateCostVnd(TIENG_VIET.normalize('NFD'), 412_500)).toBe(4.13)
    expect(estimateCostVnd('a'.repeat(1_000_000), { unitPriceVndPer1M: 110_000 })).toBe(110_000)
  })

  it('prices a ZWJ family as its 7 code points', () => {
    expect(estimateCostVnd('👨‍👩‍👧‍👦', 1_000_000)).toBe(7)
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
