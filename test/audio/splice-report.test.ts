// The splice analysis the WebRTC browser test judges the service's copy of a press by: recordings cut
// from a looped reference at known places must be reported as exactly those splices.
import { describe, expect, it } from 'vitest'
import { spliceReport } from '../e2e/support/splice'
import { concat } from './support/convert'

const RATE_HZ = 16_000
const ms = (n: number): number => (n * RATE_HZ) / 1000

/** 2 s of noise in syllables (100 ms on, 50 ms off), the same every run: every voiced part is unique. */
function reference(): Float32Array {
  const out = new Float32Array(ms(2_000))
  let seed = 7
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    const voiced = i % ms(150) < ms(100)
    out[i] = voiced ? (seed / 2_147_483_648 - 0.5) * 0.5 : 0
  }
  return out
}

/** The reference looped, from `fromMs`, `lengthMs` long. */
function take(ref: Float32Array, fromMs: number, lengthMs: number): Float32Array {
  return Float32Array.from({ length: ms(lengthMs) }, (_, i) => ref[(ms(fromMs) + i) % ref.length] as number)
}

describe('spliceReport', () => {
  const ref = reference()

  it('finds nothing in a whole recording, across the loop', () => {
    const r = spliceReport(ref, RATE_HZ, take(ref, 1_300, 1_500), RATE_HZ)
    expect(r.placed).toBeGreaterThan(20)
    expect(r.jumps).toEqual([])
    expect(r.gapMs).toBe(0)
    expect(r.duplicateMs).toBe(0)
    expect(r.reorderedMs).toBe(0)
  })

  it('reports a stretch heard after the audio that follows it', () => {
    // 600-680 heard after 680-800: the handover's fault.
    const got = concat(take(ref, 0, 600), take(ref, 680, 120), take(ref, 600, 80), take(ref, 800, 600))
    const r = spliceReport(ref, RATE_HZ, got, RATE_HZ)
    expect(r.reorderedMs).toBe(80)
    expect(r.jumps.map((j) => Math.round(j.byMs))).toEqual([80, -200, 120])
  })

  it('reports missing audio as a gap and audio heard twice as a duplicate', () => {
    const gap = spliceReport(ref, RATE_HZ, concat(take(ref, 0, 600), take(ref, 660, 600)), RATE_HZ)
    expect(gap.jumps.map((j) => Math.round(j.byMs))).toEqual([60])
    expect(gap.gapMs).toBeCloseTo(60, 0)
    expect(gap.reorderedMs).toBe(0)
    const twice = spliceReport(ref, RATE_HZ, concat(take(ref, 0, 600), take(ref, 520, 600)), RATE_HZ)
    expect(twice.jumps.map((j) => Math.round(j.byMs))).toEqual([-80])
    expect(twice.duplicateMs).toBeCloseTo(80, 0)
    expect(twice.reorderedMs).toBe(0)
  })

  it('reports a far splice the audio after it bears out, and not a lone segment that resembles speech elsewhere', () => {
    const skipped = spliceReport(ref, RATE_HZ, concat(take(ref, 0, 600), take(ref, 1_600, 900)), RATE_HZ)
    expect(skipped.jumps.map((j) => Math.round(j.byMs))).toEqual([1_000])
    const early = concat(take(ref, 0, 600), take(ref, 1_200, 300), take(ref, 600, 600), take(ref, 1_500, 300))
    const reordered = spliceReport(ref, RATE_HZ, early, RATE_HZ)
    expect(reordered.jumps.map((j) => Math.round(j.byMs))).toEqual([600, -900, 300])
    expect(reordered.reorderedMs).toBe(600)
    // One segment's worth of audio from 1 s on, where 600-660 belongs: as a processed voice matches
    // another syllable now and then. The audio after it carries on from 660, so it is not a splice.
    const lone = concat(take(ref, 0, 600), take(ref, 1_600, 60), take(ref, 660, 600))
    const r = spliceReport(ref, RATE_HZ, lone, RATE_HZ)
    expect(r.jumps).toEqual([])
    expect(r.reorderedMs).toBe(0)
  })

  it("takes the lag's settling just after the loop for the fake microphone's splice, and no later jump", () => {
    // The wrap lands inside a segment: it places 20 ms on, the next segments 17 ms further.
    const wrap = concat(take(ref, 1_400, 600), take(ref, 20, 60), take(ref, 97, 600))
    const r = spliceReport(ref, RATE_HZ, wrap, RATE_HZ)
    expect(r.jumps.map((j) => [Math.round(j.byMs), j.acrossLoop])).toEqual([
      [20, true],
      [17, true],
    ])
    // The same 17 ms skip a second after the wrap is the client's.
    const later = concat(take(ref, 1_400, 600), take(ref, 20, 1_000), take(ref, 1_037, 300))
    const skipped = spliceReport(ref, RATE_HZ, later, RATE_HZ)
    expect(skipped.jumps.map((j) => [Math.round(j.byMs), j.acrossLoop])).toEqual([
      [20, true],
      [17, false],
    ])
  })
})
