// The recent requests table as a CSV file: same columns, same order, same rows as on screen.
import { UTF8_BOM, csvField, toCsv } from '../../lib/csv'
import { csvColumns, type TableColumn } from './table-column'

/** `loa-usage-2026-11-22.csv`, by the local calendar day the user exports on. */
export function usageCsvName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `loa-usage-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.csv`
}

/**
 * `note`, when given, is a line above the header: what the file leaves out belongs where the reader looks
 * first, not after the last of 200 rows.
 */
export function tableCsv<Row>(
  columns: readonly TableColumn<Row>[],
  rows: readonly Row[],
  note?: string,
): string {
  const csv = toCsv(csvColumns(columns), rows)
  return note === undefined ? csv : `${UTF8_BOM}${csvField(note)}\r\n${csv.slice(UTF8_BOM.length)}`
}
