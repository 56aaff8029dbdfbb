import { describe, expect, it } from 'vitest'
import { UTF8_BOM, csvField, toCsv, type CsvColumn } from '../../renderer/lib/csv'
import { tableCsv, usageCsvName } from '../../renderer/components/usage/export-csv'
import { recordColumns } from '../../renderer/components/usage/record-columns'
import type { UsageRecord } from '../../renderer/components/usage/shapes'
import { translate } from '../../renderer/lib/i18n/translate'
import { recordTimes } from '../../main/api/management/usage-times'

/** A small RFC 4180 reader, to check that what was written reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

describe('csv fields', () => {
  it('leave plain text and numbers alone', () => {
    expect(csvField('gpt-4.1-mini')).toBe('gpt-4.1-mini')
    expect(csvField(1234567)).toBe('1234567')
    expect(csvField(-50)).toBe('-50')
    expect(csvField(0.25)).toBe('0.25')
    expect(csvField(null)).toBe('')
    expect(csvField(Number.NaN)).toBe('')
  })

  it('quote commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "xin chào"')).toBe('"say ""xin chào"""')
    expect(csvField('line one\nline two')).toBe('"line one\nline two"')
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"')
  })

  it('keep Vietnamese text byte for byte', () => {
    expect(csvField('Đặng Minh Linh')).toBe('Đặng Minh Linh')
    expect(csvField('Tiền nạp, khuyến mãi')).toBe('"Tiền nạp, khuyến mãi"')
  })

  it('defuse text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('@sum')).toBe("'@sum")
  })
})

describe('toCsv', () => {
  const columns: CsvColumn<{ name: string; costVnd: number }>[] = [
    { header: 'Tên, đầy đủ', value: (r) => r.name },
    { header: 'Chi phí (VND)', value: (r) => r.costVnd },
  ]

  it('starts with a UTF-8 BOM and ends every line with CRLF', () => {
    const csv = toCsv(columns, [{ name: 'Bảo "Bình"', costVnd: 1500 }])
    expect(csv.startsWith(UTF8_BOM)).toBe(true)
    expect(csv.slice(1)).toBe('"Tên, đầy đủ",Chi phí (VND)\r\n"Bảo ""Bình""",1500\r\n')
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('reads back as the same fields, multi-line ones included', () => {
    const rows = [
      { name: 'một\nhai', costVnd: 1 },
      { name: ',', costVnd: 2 },
      { name: '"', costVnd: 3 },
    ]
    const parsed = parseCsv(toCsv(columns, rows).slice(1))
    expect(parsed).toEqual([
      ['Tên, đầy đủ', 'Chi phí (VND)'],
      ['một\nhai', '1'],
      [',', '2'],
      ['"', '3'],
    ])
  })

  it('writes a header only when there are no rows', () => {
    expect(toCsv(columns, [])).toBe(`${UTF8_BOM}"Tên, đầy đủ",Chi phí (VND)\r\n`)
  })
})

describe('the requests export', () => {
  const wire = {
    id: 'usg_1',
    date: '2026-11-22T04:53:54.112Z',
    completedAt: '2026-11-22T04:58:59.802Z',
    model: 'gemini-2.5-flash',
    inputTokens: 2469,
    outputTokens: 402,
    totalTokens: 2871,
    cacheHitTokens: 0,
    reasoningTokens: 7,
    costVND: 40.81,
    costBeforeDiscount: 48.5,
    discountPercent: 15,
    keySource: 'PRIMARY',
  }
  // As main sends them: each record with its times read.
  const record: UsageRecord = { ...wire, ...recordTimes(wire) }
  const oldWire = {
    ...wire,
    id: 'usg_0',
    date: '2026-08-10T09:00:00.000Z',
    completedAt: null,
    keySource: 'LEGACY',
  }
  const old: UsageRecord = { ...oldWire, ...recordTimes(oldWire) }

  it('has every column in the table order, VND as whole dong and times in the zone shown, named', () => {
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
      translate('vi', key, params)
    const columns = recordColumns('vi', t, 'Asia/Ho_Chi_Minh', new Date('2026-11-22T05:00:00Z'))
    const [header, first, second] = parseCsv(tableCsv(columns, [record, old]).slice(1))
    expect(header).toEqual(columns.map((c) => c.csvHeader ?? c.label))
    expect(header).toEqual([
      'Gửi lúc (giờ Asia/Ho_Chi_Minh, GMT+7)',
      'Hoàn tất (giờ Asia/Ho_Chi_Minh, GMT+7)',
      'Thời gian (giây)',
      'Mô hình',
      'Token',
      'Token vào',
      'Token ra',
      'Token cache',
      'Token suy luận',
      'Giá gốc (VND)',
      'Giảm giá (%)',
      'Chi phí (VND)',
      'Trạng thái',
      'Nguồn khóa',
    ])
    // 04:53:54 UTC is 11:53:54 in Vietnam, as the table shows it.
    expect(first).toEqual([
      '2026-11-22 11:53:54',
      '2026-11-22 11:58:59',
      '305.69',
      'gemini-2.5-flash',
      String(record.totalTokens),
      '2469',
      '402',
      '0',
      '7',
      '49',
      '15',
      '41',
      'Đã tính phí',
      'Khóa chính',
    ])
    // From before 2026-08-16: `date` is the finish, the sending time and so the duration are not known;
    // an unknown key source as sent.
    expect(second!.slice(0, 3)).toEqual(['', '2026-08-10 16:00:00', ''])
    expect(second![13]).toBe('LEGACY')
  })

  it('says above the header what the file leaves out', () => {
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
      translate('en', key, params)
    const columns = recordColumns('en', t, 'UTC')
    const csv = tableCsv(columns, [record], 'Only the newest 1 requests: the last 7 days hold 3.')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [note, header, row] = parseCsv(csv.slice(1))
    expect(note).toEqual(['Only the newest 1 requests: the last 7 days hold 3.'])
    // ICU versions differ on UTC's own offset: "GMT" or "GMT+0".
    expect(header![0]).toMatch(/^Sent \(UTC time, GMT(\+0)?\)$/)
    expect(row![0]).toBe('2026-11-22 04:53:54')
  })

  it('is named for the local day', () => {
    expect(usageCsvName(new Date(2026, 0, 5, 23, 59))).toBe('loa-usage-2026-01-05.csv')
    expect(usageCsvName(new Date(2026, 10, 22))).toBe('loa-usage-2026-11-22.csv')
  })
})
