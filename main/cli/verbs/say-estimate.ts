// What `loa say --dry-run` reports: what reading the text would cost and how many requests it would take,
// from the model and voice lists alone; no speech is requested.
import { billableChars, estimateCostVnd } from '../../api/tts/text-count'
import type { TtsRules } from '../../api/tts/tts-rules'
import type { Language } from '../../../preload/contract'
import { formatCount, formatVndExact } from '../format'
import { fill } from '../language'
import { SAY_WORDS as W } from '../output-words'
import { renderFields } from '../table'

/** `null` wherever the figure is not known. */
export interface SayEstimate {
  model: string
  voice: string | null
  /** Unicode code points after NFC, as the service bills them (text-count.ts). */
  characters: number
  /**
   * At the model's unit price, less what the monthly free allowance covers where that is known (else the
   * price beyond the allowance); null when the price is unknown.
   */
  costVnd: number | null
  /**
   * How many of the characters a monthly free allowance covers: 0 for a model without one; null when
   * this month's use of it cannot be read from the usage history.
   */
  freeCharacters: number | null
  /** Requests the reading would send, one per chunk. */
  chunks: number
}

/** `freeLeft`: what is left of the model's monthly allowance (0 without one, null when unknown). */
export function estimateReading(
  text: string,
  choice: { model: string; voice: string | null; chunks: number },
  rules: Pick<TtsRules, 'unitPriceVndPer1M'>,
  freeLeft: number | null,
): SayEstimate {
  const characters = billableChars(text)
  return {
    model: choice.model,
    voice: choice.voice,
    characters,
    costVnd: estimateCostVnd(text, rules, freeLeft ?? 0),
    freeCharacters: freeLeft === null ? null : Math.min(freeLeft, characters),
    chunks: choice.chunks,
  }
}

export function renderEstimate(e: SayEstimate, freeCharsPerMonth: number, language: Language = 'en'): string {
  const w = (key: keyof typeof W) => W[key][language]
  const cost = e.costVnd === null ? w('noPrice') : fill(w('about'), { cost: formatVndExact(e.costVnd) })
  const free: [string, string][] =
    freeCharsPerMonth === 0
      ? []
      : e.freeCharacters === null
        ? [[w('free'), fill(w('freeUseUnknown'), { n: formatCount(freeCharsPerMonth) })]]
        : [[w('free'), fill(w('freeOfThese'), { n: formatCount(e.freeCharacters) })]]
  return (
    renderFields([
      [w('model'), e.model],
      [w('voice'), e.voice ?? w('defaultVoice')],
      [w('characters'), formatCount(e.characters)],
      [w('chunks'), fill(w('oneRequestEach'), { n: String(e.chunks) })],
      [w('cost'), cost],
      ...free,
    ]) + `${w('nothingSent')}\n`
  )
}
