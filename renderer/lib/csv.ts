// CSV as RFC 4180 describes it (CRLF line ends, fields with commas, quotes or line breaks quoted, quotes
// doubled), with a UTF-8 byte order mark in front: without it Excel reads the file in the system code page
// and Vietnamese text comes out garbled.

export const UTF8_BOM = '\uFEFF'

export type CsvValue = string | number | null

export interface CsvColumn<Row> {
  header: string
  value(row: Row): CsvValue
}

const NEEDS_QUOTES = /[",\r\n]/

/**
 * Text that a spreadsheet would read as a formula. Values come from the service (model names), so a
 * leading `=`, `+`, `-`, `@` or control character is defused with an apostrophe, as OWASP advises for
 * CSV injection. Numbers are written as numbers and never touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvField(value: CsvValue): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A header line, then one line per row, columns in the order given. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','))
  return UTF8_BOM + lines.join('\r\n') + '\r\n'
}
