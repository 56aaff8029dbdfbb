import { describe, expect, it } from 'vitest'
import { formatNumber, formatVnd } from '../../renderer/lib/format'
import { parseRoute } from '../../renderer/lib/routes'

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ')

describe('money', () => {
  it('reads as Vietnamese dong in vi-VN', () => {
    expect(nbsp(formatVnd(1_234_567, 'vi'))).toBe('1.234.567 ₫')
    expect(nbsp(formatVnd(0, 'vi'))).toBe('0 ₫')
    expect(nbsp(formatVnd(-50_000, 'vi'))).toBe('-50.000 ₫')
    expect(nbsp(formatVnd(1234.6, 'vi'))).toBe('1.235 ₫')
  })

  it('reads as dong in English too, and never shows NaN', () => {
    expect(formatVnd(1_234_567, 'en')).toBe('₫1,234,567')
    expect(formatVnd(Number.NaN, 'vi')).toBe('—')
    expect(formatNumber(12345.5, 'vi')).toBe('12.345,5')
  })
})

describe('routes', () => {
  it('map hashes to surfaces and views', () => {
    expect(parseRoute('#/popup')).toEqual({ surface: 'popup' })
    expect(parseRoute('#/usage')).toEqual({ surface: 'main', view: 'usage' })
    expect(parseRoute('#/settings?x=1')).toEqual({ surface: 'main', view: 'settings' })
    expect(parseRoute('')).toEqual({ surface: 'main', view: 'voice' })
    expect(parseRoute('#/__proto__')).toEqual({ surface: 'main', view: 'voice' })
  })
})
