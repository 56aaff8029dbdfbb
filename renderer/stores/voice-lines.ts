// The conversation's lines in reading order, as main numbers them.
import type { VoiceLine } from '../../preload/contract'

/** Puts the line in its place by `order`, replacing the one with the same item. */
export function upsertLine(lines: readonly VoiceLine[], line: VoiceLine): VoiceLine[] {
  const rest = lines.filter((l) => l.itemId !== line.itemId)
  const at = rest.findIndex((l) => l.order > line.order)
  return at === -1 ? [...rest, line] : [...rest.slice(0, at), line, ...rest.slice(at)]
}
