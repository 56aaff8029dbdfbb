// The speech endpoint's input limit as the service states it when a request is over it (tts-api.md
// "Group-specific rules" 5: "Input over the model's limit gives 400 stating that model's real limit, and
// no charge"). The spec does not show the wording, so the limit is read as the largest number in the
// message below what was sent; a refusal that says the input is too long but names no usable number
// halves the request instead. Either way the refused request cost nothing, so splitting it and going on
// charges no character twice.
import { GatewayError } from '../gateway-error'

/**
 * The group's figures where a model's own is unknown (multi-vendor models whose record states none): a
 * conservative size that every group takes. Billing is per character, so a smaller request costs nothing
 * more; a 400 that states a smaller limit shrinks it further.
 */
export const UNKNOWN_INPUT_LIMIT_CHARS = 1_000

const TOO_LONG_CODE = /too_long|too_large|max(imum)?_?(length|chars|characters)|limit/i
const TOO_LONG_TEXT = /too long|too large|at most|maximum|exceed|limit|max\b/i
/** Whole numbers, with thousands separated by commas, dots, spaces or thin spaces: `5,000`, `5.000`. */
const NUMBER = /\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+/g

/** Whether a refusal is about the input's length (a 400 with a code or words that say so). */
export function isInputTooLong(err: unknown): boolean {
  // A short wallet is a 400 too, and its words may well name a limit: it is never about length.
  if (!(err instanceof GatewayError) || err.details.status !== 400 || err.kind !== 'invalid_input')
    return false
  if (err.details.code !== null && TOO_LONG_CODE.test(err.details.code)) return true
  return TOO_LONG_TEXT.test(err.message)
}

/**
 * The characters a request may hold, learned from a refusal of one of `sentChars`: the limit the service
 * stated, else half of what was sent; null when the refusal is not about length or nothing smaller fits.
 */
export function learnedInputLimit(err: unknown, sentChars: number): number | null {
  if (!isInputTooLong(err) || sentChars <= 1) return null
  const message = err instanceof Error ? err.message : ''
  const stated = (message.match(NUMBER) ?? [])
    .map((n) => Number(n.replace(/[^\d]/g, '')))
    .filter((n) => Number.isSafeInteger(n) && n >= 1 && n < sentChars)
  return stated.length > 0 ? Math.max(...stated) : Math.floor(sentChars / 2)
}
