// Whether a text function's time grows in proportion to its input: the time on a text ten times longer
// over the time on the shorter one. A ratio, not a wall-clock limit, so a slow or busy machine passes
// as long as the growth is linear; the fastest of several calls drops pauses for GC or other work.
import { expect, it } from 'vitest'

/** Thai with no spaces and no full stops: one "word" and one "sentence" to a naive segmentation. */
export const THAI_UNSPACED = 'สวัสดีครับวันนี้อากาศดีมากเราไปเที่ยวทะเลกันเถอะ'
/** Thai as usually written: spaces between phrases, still no full stops. */
export const THAI_SPACED = 'สวัสดีครับ วันนี้อากาศดีมาก เราไปเที่ยวทะเลกันเถอะ '
/** Emoji of one code point and sequences: a ZWJ family, a flag, a skin tone, a keycap. */
export const EMOJI = '😀👨‍👩‍👧‍👦🇻🇳👍🏽🌸1️⃣'

/** `unit` repeated to exactly `codePoints` code points. */
export function repeatTo(unit: string, codePoints: number): string {
  const points = [...unit]
  const out: string[] = []
  for (let i = 0; i < codePoints; i++) out.push(points[i % points.length] as string)
  return out.join('')
}

/**
 * The fastest of calls to `f` repeated for `budgetMs` and at least `minCalls` times: the fastest call is
 * the one no GC pause or other process slowed down.
 */
function fastestMs(f: () => unknown, minCalls: number, budgetMs: number): number {
  let best = Infinity
  const start = performance.now()
  for (let calls = 0; calls < minCalls || performance.now() - start < budgetMs; calls++) {
    const t = performance.now()
    f()
    best = Math.min(best, performance.now() - t)
  }
  return best
}

/** Time of a call on `large` over time of a call on `small`, after one call of each to warm up. */
export function timeRatio(f: (text: string) => unknown, small: string, large: string): number {
  f(small)
  f(large)
  return fastestMs(() => f(large), 5, 200) / fastestMs(() => f(small), 5, 100)
}

/** The three texts above, each at 10,000 and 100,000 code points: `f` must take about ten times as long. */
export function itGrowsLinearly(f: (text: string) => unknown): void {
  it.each([
    ['Thai without spaces', THAI_UNSPACED],
    ['Thai with spaces', THAI_SPACED],
    ['emoji with ZWJ families', EMOJI],
  ])('grows in proportion to the text: %s, 10,000 against 100,000 characters', (_, unit) => {
    expect(timeRatio(f, repeatTo(unit, 10_000), repeatTo(unit, 100_000))).toBeLessThan(30)
  })
}
