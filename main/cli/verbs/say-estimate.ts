// What `loa say --dry-run` reports: what reading the text would cost and how many requests it would take,
// from the model and voice lists alone; no speech is requested.
import { billableChars, estimateCostVnd } from '../../api/tts/text-count'
import type { TtsRules } from '../../api/tts/tts-rules'
import { DASH, formatCount, formatVndExact } from '../format'
import { renderFields } from '../table'

/** `null` wherever the figure is not known. */
export interface SayEstimate {
  model: string
  voice: string | null
  /** Unicode code points after NFC, as the service bills them (text-count.ts). */
  characters: number
  /** At the model's unit price, before any monthly free allowance; null when the price is unknown. */
  costVnd: number | null
  /**
   * How many of the characters a monthly free allowance covers: 0 for a model without one, null for a
   * model with one, since the service does not say how much of it is left this month.
   */
  freeCharacters: number | null
  /** Requests the reading would send, one per chunk. */
  chunks: number
}

export function estimateReading(
  text: string,
  choice: { model: string; voice: string | null; chunks: number },
  rules: Pick<TtsRules, 'unitPriceVndPer1M' | 'freeCharsPerMonth'>,
): SayEstimate {
  return {
    model: choice.model,
    voice: choice.voice,
    characters: billableChars(text),
    costVnd: estimateCostVnd(text, rules),
    freeCharacters: rules.freeCharsPerMonth > 0 ? null : 0,
    chunks: choice.chunks,
  }
}

export function renderEstimate(e: SayEstimate, freeCharsPerMonth: number): string {
  const cost =
    e.costVnd === null ? `${DASH} (the service names no price)` : `about ${formatVndExact(e.costVnd)}`
  const free: [string, string][] =
    freeCharsPerMonth > 0
      ? [['Free', `${formatCount(freeCharsPerMonth)} characters a month; the cost above is before them`]]
      : []
  return (
    renderFields([
      ['Model', e.model],
      ['Voice', e.voice ?? 'the model’s default'],
      ['Characters', formatCount(e.characters)],
      ['Chunks', `${e.chunks} (one request each)`],
      ['Cost', cost],
      ...free,
    ]) + 'Nothing was sent (--dry-run).\n'
  )
}
