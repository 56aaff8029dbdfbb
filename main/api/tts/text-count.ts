// What the service bills for a speech request's `input`, and what that costs.
//
// Billing rule followed (spec tts-api.md, "Billing"): characters are "Unicode characters after NFC
// normalisation", counted here as Unicode code points of the NFC text. Composed and combining Vietnamese
// count the same, since NFC composes every Vietnamese letter into one code point, and the common emoji is
// one code point, which is the spec's "an emoji counts 1". An emoji sequence counts its code points: a
// ZWJ family (👨‍👩‍👧‍👦) is 7, a flag 2. Why code points and not graphemes: a code-point count is never below
// a grapheme count, so whichever way the service reads a family, text we find within a model's limit is
// within it there too; counting the family as 1 could let a request over the limit out.

/** Wallet amounts keep two decimals: per-character charges are often a fraction of a dong. */
const VND_DECIMALS_FACTOR = 100
export const CHARS_PER_PRICE_UNIT = 1_000_000

/** Code points of `text`: UTF-16 units, less the low half of each surrogate pair. Linear, no allocation. */
export function codePointCount(text: string): number {
  let n = text.length
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const before = text.charCodeAt(i - 1)
      if (before >= 0xd800 && before <= 0xdbff) n--
    }
  }
  return n
}

/** Billable characters of `text`: Unicode code points after NFC normalisation. */
export function billableChars(text: string): number {
  return codePointCount(text.normalize('NFC'))
}

/** Anything that knows a model's price per 1,000,000 characters (null when the service has not said). */
export interface PricedModel {
  unitPriceVndPer1M: number | null
}

/**
 * Estimated charge in VND: billable characters (code points after NFC, see above) / 1,000,000 × the
 * model's unit price, rounded to two decimals as the wallet keeps it. Characters still inside a monthly
 * free allowance (Classic's 4M) cost nothing. Returns null when the unit price is unknown, rather than a
 * guess.
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
