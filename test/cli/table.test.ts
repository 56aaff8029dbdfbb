// Terminal tables: columns line up by display width (Vietnamese in either normal form, CJK, emoji), and
// text from the service cannot smuggle control characters into the terminal.
import { describe, expect, it } from 'vitest'
import { formatVnd, formatVndExact } from '../../main/cli/format'
import { displayWidth, renderTable } from '../../main/cli/table'

describe('displayWidth', () => {
  it('counts Vietnamese letters once whether composed or decomposed', () => {
    const composed = 'Đặng Minh Linh'
    const decomposed = composed.normalize('NFD')
    expect(decomposed.length).toBeGreaterThan(composed.length)
    expect(displayWidth(composed)).toBe(14)
    expect(displayWidth(decomposed)).toBe(14)
  })

  it('counts wide characters as two cells', () => {
    expect(displayWidth('模型')).toBe(4)
    expect(displayWidth('ok🎉')).toBe(4)
  })
})

describe('renderTable', () => {
  it('aligns columns by display width and right-aligns numbers', () => {
    const text = renderTable(
      [{ header: 'Tên' }, { header: 'Chi phí', align: 'right' }],
      [
        ['Phan Bảo Trang'.normalize('NFD'), '1.620 ₫'],
        ['模型', '12.345.678 ₫'],
      ],
      { footer: ['Tổng', '12.347.298 ₫'] },
    )
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(6)
    // Every line ends at the same display column: the right-aligned money column lines up.
    const widths = lines.map(displayWidth)
    expect(new Set(widths).size).toBe(1)
    expect(lines[2]).toBe('Phan Bảo Trang       1.620 ₫')
    expect(lines[3]!.startsWith('模型            ')).toBe(true)
  })

  it('replaces control characters from the service with spaces', () => {
    const text = renderTable([{ header: 'Model' }], [['evil\u001b[2Jname\r\u0085x']])
    // Only the newlines that end the lines are left of the control characters.
    expect(text.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u)
    expect(text).toContain('evil [2Jname  x')
  })
})

describe('VND formatting', () => {
  it('groups with dots and puts the dong sign after a space', () => {
    expect(formatVnd(1234567)).toBe('1.234.567 ₫')
    expect(formatVnd(1918848.5)).toBe('1.918.849 ₫')
    expect(formatVnd(0)).toBe('0 ₫')
    expect(formatVndExact(40.81)).toBe('40,81 ₫')
    expect(formatVndExact(1234.5)).toBe('1.234,5 ₫')
    expect(formatVnd(Number.NaN)).toBe('—')
  })
})
