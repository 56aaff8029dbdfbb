// Times in the zone the screen shows them in. The service writes UTC; the table shows the computer's own
// zone (Vietnam time for most users), and the CSV export must hold the same wall-clock times, saying which
// zone they are in, or a spreadsheet's 07:05 is the screen's 14:05.

/** The zone the renderer shows times in: the computer's. */
export function shownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** "GMT+7" at the moment given (a zone with summer time has two). */
export function zoneOffset(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(at)
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>()

/** `2026-11-22 14:05:33` in `zone`: the form spreadsheets read as a date and time. Null when unreadable. */
export function wallTime(iso: string | null, zone: string): string | null {
  if (iso === null) return null
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return null
  let f = wallFormatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    wallFormatters.set(zone, f)
  }
  const part = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`
}
