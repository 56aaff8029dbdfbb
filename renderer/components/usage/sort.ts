// Sorting for the usage tables: one column at a time, either direction, missing values always last.

export type SortDir = 'asc' | 'desc'
export type SortValue = number | string | null

export interface SortState {
  column: string
  dir: SortDir
}

/** Returns a sorted copy. Text compares by the UI language's collation; equal rows keep their order. */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  dir: SortDir,
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
  const sign = dir === 'asc' ? 1 : -1
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        if (a.key === b.key) return a.index - b.index
        return a.key === null ? 1 : -1
      }
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key))
      return order === 0 ? a.index - b.index : sign * order
    })
    .map((entry) => entry.row)
}

/** Clicking the sorted column turns it around; another column starts in its own first direction. */
export function nextSort(current: SortState, column: string, firstDir: SortDir): SortState {
  if (current.column === column) return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
  return { column, dir: firstDir }
}
