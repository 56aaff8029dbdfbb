// The microphone's Int16 form on the audio port: the page's encoder (renderer/audio/pcm16.ts) against main's
// decoder (int16ToFloat, what AudioPorts hands the resampler), sample by sample.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { floatToInt16Sample, int16ToFloat } from '../../main/audio/pcm'
import { MeteredFramer } from '../../renderer/audio/metered-framer'
import { pcm16Sample } from '../../renderer/audio/pcm16'

const LSB = 1 / 32768
const STEPS = 1 << 22

/** Samples spread evenly over [-scale, scale] as well as fast-check's edge-heavy doubles. */
function samples(scale: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -STEPS, max: STEPS }).map((i) => (i / STEPS) * scale),
    fc.double({ min: -scale, max: scale, noNaN: true }),
  )
}

function roundTrip(x: number): number {
  return int16ToFloat(Int16Array.of(pcm16Sample(x)))[0] as number
}

describe('the microphone as PCM16', () => {
  it('comes back within one LSB of any sample in full scale (property)', () => {
    fc.assert(
      fc.property(samples(1), (x) => {
        expect(Math.abs(roundTrip(x) - x)).toBeLessThanOrEqual(LSB)
      }),
      { numRuns: 5_000 },
    )
  })

  it('comes back within half an LSB below the clip, on a dense sweep', () => {
    let worst = 0
    for (let i = -200_000; i <= 200_000; i++) {
      const x = (i / 200_000) * (32767 / 32768)
      worst = Math.max(worst, Math.abs(roundTrip(x) - x))
    }
    expect(worst).toBeLessThanOrEqual(LSB / 2)
    // A sweep that never lands between steps would prove nothing.
    expect(worst).toBeGreaterThan(LSB / 4)
    // Full scale clips to the top step: the one place it is a whole LSB off.
    expect(roundTrip(1) - 1).toBe(-LSB)
  })

  it('clips out-of-range samples to full scale instead of wrapping', () => {
    expect([1.5, 2, 1e9, Infinity].map(pcm16Sample)).toEqual([32767, 32767, 32767, 32767])
    expect([-1.5, -2, -1e9, -Infinity].map(pcm16Sample)).toEqual([-32768, -32768, -32768, -32768])
    expect(pcm16Sample(-1)).toBe(-32768)
    // A frame with a spike keeps its sign and its neighbours.
    expect([...Int16Array.from([0.5, 3, -3, -0.5], pcm16Sample)]).toEqual([16384, 32767, -32768, -16384])
  })

  it('keeps silence exact, and turns NaN into silence', () => {
    expect(pcm16Sample(0)).toBe(0)
    expect(roundTrip(-0)).toBe(0)
    expect(pcm16Sample(Number.NaN)).toBe(0)
    const framer = new MeteredFramer(48_000)
    const frames = framer.push(new Float32Array(480)).concat(framer.push(new Float32Array(480)))
    expect(frames).toHaveLength(2)
    for (const f of frames) {
      expect(f.samples.every((s) => s === 0)).toBe(true)
      expect(int16ToFloat(f.samples).every((s) => s === 0)).toBe(true)
      expect(f.level).toBe(0)
    }
  })

  it('rounds as main does, so the page and main agree on every sample', () => {
    fc.assert(
      fc.property(fc.oneof(samples(4), fc.constant(Number.NaN)), (x) => {
        // As stored: main's leaves NaN to the Int16Array, which keeps it as 0.
        expect(Int16Array.of(pcm16Sample(x))).toEqual(Int16Array.of(floatToInt16Sample(x)))
      }),
      { numRuns: 5_000 },
    )
  })
})
