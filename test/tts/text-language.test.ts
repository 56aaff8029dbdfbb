// Which language a text is in, as far as its letters tell.
import { describe, expect, it } from 'vitest'
import { hasVietnamese, textLanguage } from '../../main/tts/text-language'

describe('textLanguage', () => {
  it('tells Vietnamese by its letters, composed or combining', () => {
    expect(textLanguage('Xin chào các bạn')).toBe('vi')
    expect(textLanguage('Xin chào các bạn'.normalize('NFD'))).toBe('vi')
    expect(textLanguage('Đi đâu đấy')).toBe('vi')
  })

  it('names the scripts that have one language here, and Latin text as English', () => {
    expect(textLanguage('สวัสดีครับ')).toBe('th')
    expect(textLanguage('안녕하세요')).toBe('ko')
    expect(textLanguage('こんにちは、世界')).toBe('ja')
    expect(textLanguage('你好世界')).toBe('zh')
    expect(textLanguage('Привет')).toBe('ru')
    expect(textLanguage('Good morning')).toBe('en')
    expect(textLanguage('123 … 🎉')).toBeNull()
  })

  it('reads only the start of a long text', () => {
    expect(textLanguage('Hello. '.repeat(2_000) + 'Xin chào')).toBe('en')
    expect(hasVietnamese('Xin chào ' + 'x'.repeat(100_000))).toBe(true)
  })
})
