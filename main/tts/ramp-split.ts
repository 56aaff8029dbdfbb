// Splits a text for reading aloud so the first audio comes quickly: the first chunk is short, the next
// ones grow, and the rest go at the model's limit. The service bills per character, not per request, so
// a short first chunk costs nothing extra; it only means fewer characters to synthesize before playback.
import { splitTextWithLimits, splitTextWithLimitsYielding } from '../api/tts/chunker'

/** Each step's chunk is this many times the one before, until the model's limit. */
const GROWTH = 4

/**
 * Chunks of at most `firstChars`, then `firstChars × 4`, … up to `maxChars`; they rejoin to `text`
 * exactly and break where `splitText` would (sentences, else words, else graphemes, and inside only a
 * grapheme over the step's limit). The text is segmented once however many steps there are, so the time
 * grows with the text's length alone.
 */
export function splitRamped(
  text: string,
  maxChars: number,
  firstChars: number | null,
  locale?: string,
): string[] {
  return splitTextWithLimits(text, rampedLimits(maxChars, firstChars), locale)
}

/** `splitRamped`'s chunks, giving the event loop back every few milliseconds along the way. */
export function splitRampedYielding(
  text: string,
  maxChars: number,
  firstChars: number | null,
  locale?: string,
): Promise<string[]> {
  return splitTextWithLimitsYielding(text, rampedLimits(maxChars, firstChars), locale)
}

function rampedLimits(maxChars: number, firstChars: number | null): (index: number) => number {
  const first = firstChars === null ? maxChars : Math.min(firstChars, maxChars)
  return (index) => Math.min(first * GROWTH ** index, maxChars)
}
