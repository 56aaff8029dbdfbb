// A column of a usage table: what the cell shows, what it sorts by, and what the CSV export writes. The
// export is built from the same list, so its columns are always the table's, in the table's order.
import type { CsvColumn, CsvValue } from '../../lib/csv'
import type { SortDir, SortValue } from './sort'

export interface TableColumn<Row> {
  id: string
  label: string
  /** Numbers align right and sort largest first on the first click. */
  numeric: boolean
  sortValue(row: Row): SortValue
  text(row: Row): string
  /** When set, the cell is a `<time>` with this machine-readable value. */
  datetime?(row: Row): string | null
  /** A second, quieter line under the cell's text: what the file has in columns of its own. */
  detail?(row: Row): string | null
  /** The text may break over lines (times, model names), so the table fits a narrow window. */
  wrap?: boolean
  /** In the CSV file only: the screen shows it as another column's detail line. */
  csvOnly?: boolean
  /** The CSV header when it must say more than the label (a unit). */
  csvHeader?: string
  csv(row: Row): CsvValue
}

export function firstSortDir(column: Pick<TableColumn<unknown>, 'numeric'>): SortDir {
  return column.numeric ? 'desc' : 'asc'
}

export function csvColumns<Row>(columns: readonly TableColumn<Row>[]): CsvColumn<Row>[] {
  return columns.map((c) => ({ header: c.csvHeader ?? c.label, value: (row) => c.csv(row) }))
}

/** VND in a CSV: whole dong as a plain integer, the amount the table shows. */
export function csvVnd(amount: number): number | null {
  return Number.isFinite(amount) ? Math.round(amount) : null
}
