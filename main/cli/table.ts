// Plain-text tables for a terminal. Columns are aligned by display width, not by string length:
// Vietnamese names may arrive decomposed (a base letter plus combining marks) and CJK or emoji take two cells.

export interface Column {
  header: string
  /** Numbers and money read best right-aligned. Default left. */
  align?: 'left' | 'right'
}

const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u
const EMOJI = /\p{Extended_Pictographic}/u
// Text from the service goes to the user's terminal: control characters could move the cursor or recolour it.
const CONTROL = /\p{Cc}/gu

/** How many terminal cells `text` takes. */
export function displayWidth(text: string): number {
  let width = 0
  for (const char of text.normalize('NFC')) {
    const cp = char.codePointAt(0) as number
    if (ZERO_WIDTH.test(char)) continue
    width += isWide(cp) || EMOJI.test(char) ? 2 : 1
  }
  return width
}

/** East Asian Wide and Fullwidth blocks (Unicode UAX #11), the ones a terminal draws two cells wide. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  )
}

/** One line, safe to print: control characters become spaces, the text is NFC. */
export function cleanCell(text: string): string {
  return text.replace(CONTROL, ' ').normalize('NFC')
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return align === 'right' ? fill + text : text + fill
}

const GAP = '  '

export interface TableOptions {
  /** Put before every line, e.g. two spaces under a heading. */
  indent?: string
  /** A last row (totals), set off from the others by a rule. */
  footer?: readonly string[]
}

/** Header, a rule, the rows, then an optional footer; every line ends with a newline, without trailing spaces. */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  opts: TableOptions = {},
): string {
  const indent = opts.indent ?? ''
  const clean = (row: readonly string[]) => columns.map((_, i) => cleanCell(row[i] ?? ''))
  const headers = columns.map((c) => cleanCell(c.header))
  const body = rows.map(clean)
  const footer = opts.footer ? clean(opts.footer) : null
  const all = footer ? [headers, ...body, footer] : [headers, ...body]
  const widths = columns.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] as string))))
  const line = (row: readonly string[]) =>
    (
      indent + row.map((text, i) => pad(text, widths[i] as number, columns[i]?.align ?? 'left')).join(GAP)
    ).trimEnd()
  const rule = indent + widths.map((w) => '─'.repeat(w)).join(GAP)
  const lines = [line(headers), rule, ...body.map(line)]
  if (footer) lines.push(rule, line(footer))
  return lines.map((l) => `${l}\n`).join('')
}

/** `label  value` pairs with the labels padded to one width. */
export function renderFields(fields: readonly (readonly [string, string])[], indent = ''): string {
  const width = Math.max(0, ...fields.map(([label]) => displayWidth(label)))
  return fields
    .map(
      ([label, value]) =>
        `${indent}${pad(cleanCell(label), width, 'left')}  ${cleanCell(value)}`.trimEnd() + '\n',
    )
    .join('')
}
