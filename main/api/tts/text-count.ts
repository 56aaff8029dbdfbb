// What the service bills for a speech request's `input`, and what that costs.
//
// Billing rule followed (spec tts-api.md, "Billing"): characters are counted "as Unicode characters after
// NFC normalisation (composed and combining Vietnamese letters each count once; an emoji counts 1)". A
// code-point count cannot make a ZWJ family (7 code points) or a flag (2) count 1, so the explicit emoji
// clause decides: we count extended grapheme clusters of the NFC text, i.e. characters as users see them.
// For Vietnamese the two counts agree, since NFC composes every Vietnamese letter into one code point.

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' })

/**
 * Text made only of these code points has one grapheme per code point: none of them is a combining
 * mark, joiner, spacing mark, prepend, regional indicator, Hangul jamo or CR (the characters UAX #29
 * joins). Vietnamese after NFC is all inside, and counting it this way is far faster than segmenting.
 */
const ONE_CODE_POINT_GRAPHEMES =
  /^[\t\n\x20-\x7E\u00A0-\u02FF\u0370-\u03FF\u0400-\u0482\u048A-\u04FF\u1E00-\u1FFF\u2010-\u2027\u2030-\u205E\u3000-\u3029\u3030-\u3098\u309B-\u9FFF]*$/

/** Wallet amounts keep two decimals: per-character charges are often a fraction of a dong. */
const VND_DECIMALS_FACTOR = 100
const CHARS_PER_PRICE_UNIT = 1_000_000

/** Billable characters of `text`: grapheme clusters after NFC normalisation. */
export function billableChars(text: string): number {
  const nfc = text.normalize('NFC')
  if (ONE_CODE_POINT_GRAPHEMES.test(nfc)) return nfc.length
  let n = 0
  for (const _ of graphemes.segment(nfc)) n++
  return n
}

/** Anything that knows a model's price per 1,000,000 characters (null when the service has not said). */
export interface PricedModel {
  unitPriceVndPer1M: number | null
}

/**
 * Estimated charge in VND: characters / 1,000,000 × the model's unit price, rounded to two decimals as
 * the wallet keeps it. Characters still inside a monthly free allowance (Classic's 4M) cost nothing.
 * Returns null when the unit price is unknown, rather than a guess.
 */
export function estimateCostVnd(
  text: string,
  price: PricedModel | number | null,
  freeCharsLeft = 0,
): number | null {
  const unit = typeof price === 'object' && price !== null ? price.unitPriceVndPer1M : price
  if (unit === null) return null
  const billed = Math.max(0, billableChars(text) - Math.max(0, freeCharsLeft))
  return Math.round((billed / CHARS_PER_PRICE_UNIT) * unit * VND_DECIMALS_FACTOR) / VND_DECIMALS_FACTOR
}
