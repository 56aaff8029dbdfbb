// The recent requests table as a CSV file: same columns, same order, same rows as on screen.
import { toCsv } from '../../lib/csv'
import { csvColumns, type TableColumn } from './table-column'

/** `loa-usage-2026-11-22.csv`, by the local calendar day the user exports on. */
export function usageCsvName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `loa-usage-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.csv`
}

export function tableCsv<Row>(columns: readonly TableColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(csvColumns(columns), rows)
}
