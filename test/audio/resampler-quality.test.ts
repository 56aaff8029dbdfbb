// Known sines through every rate pair Loa meets, measured: these are quality properties, not timings.
import { describe, expect, it } from 'vitest'
import { createResampler } from '../../main/audio/resampler'
import { oursConvert } from './support/convert'
import {
  aliasRejectionDb,
  aliasingTones,
  frequencies,
  passbandFigures,
  speechBandTones,
} from './support/quality'
import {
  alignedSnrDb,
  crossCorrelationLag,
  multitone,
  seededRandom,
  type ToneComponent,
} from './support/signal'

const DOWNSAMPLING = [
  [48000, 16000],
  [44100, 16000],
] as const
const UPSAMPLING = [
  [24000, 48000],
  [24000, 44100],
  [16000, 48000],
] as const
const GENERIC = [
  [22050, 16000],
  [32000, 24000],
  [16000, 24000],
] as const
const ALL_PAIRS = [...DOWNSAMPLING, ...UPSAMPLING, ...GENERIC]

describe('alias rejection', () => {
  it.each(DOWNSAMPLING)(
    '%i Hz -> %i Hz keeps every tone from 9 kHz up at least 100 dB down',
    (input, output) => {
      const tones = aliasingTones(input, output)
      expect(tones[0]).toBe(9000)
      const worst = aliasRejectionDb(
        oursConvert({ inputRateHz: input, outputRateHz: output }),
        input,
        output,
        tones,
      )
      expect(worst.db).toBeGreaterThanOrEqual(100)
    },
  )

  it('rejects tones that would alias into the band of a generic pair too (22050 Hz -> 16000 Hz)', () => {
    const convert = oursConvert({ inputRateHz: 22050, outputRateHz: 16000 })
    const worst = aliasRejectionDb(convert, 22050, 16000, frequencies(9000, 11000, 250))
    expect(worst.db).toBeGreaterThanOrEqual(100)
  })

  it('lets a tone just inside the transition band through partly, as a low-pass must', () => {
    const convert = oursConvert({ inputRateHz: 48000, outputRateHz: 16000 })
    // 8 kHz is the cutoff, where half the amplitude (-6 dB) survives; 8.1 kHz (aliased to 7.9 kHz) is
    // just past it, far from the 100 dB of the stopband.
    const nearCutoff = aliasRejectionDb(convert, 48000, 16000, [8100])
    expect(nearCutoff.db).toBeGreaterThan(6)
    expect(nearCutoff.db).toBeLessThan(20)
  })
})

describe('image rejection and passband', () => {
  it.each(UPSAMPLING)(
    '%i Hz -> %i Hz keeps images of 0-7 kHz tones at least 100 dB down',
    (input, output) => {
      const convert = oursConvert({ inputRateHz: input, outputRateHz: output })
      const figures = passbandFigures(convert, input, output, speechBandTones())
      expect(figures.worstRejection.db).toBeGreaterThanOrEqual(100)
    },
  )

  it.each(ALL_PAIRS)('%i Hz -> %i Hz is flat within 0.05 dB up to 7 kHz', (input, output) => {
    const convert = oursConvert({ inputRateHz: input, outputRateHz: output })
    const figures = passbandFigures(convert, input, output, speechBandTones(250))
    expect(figures.maxDeviationDb).toBeLessThanOrEqual(0.05)
  })

  it('stays flat up to 10 kHz when going from 24 kHz to 48 kHz', () => {
    const convert = oursConvert({ inputRateHz: 24000, outputRateHz: 48000 })
    const figures = passbandFigures(convert, 24000, 48000, frequencies(7000, 10000, 500))
    expect(figures.maxDeviationDb).toBeLessThanOrEqual(0.05)
    expect(figures.worstRejection.db).toBeGreaterThanOrEqual(100)
  })
})

describe('delay', () => {
  it.each(ALL_PAIRS)('%i Hz -> %i Hz declares a delay of at most 3 ms', (input, output) => {
    const resampler = createResampler({ inputRateHz: input, outputRateHz: output })
    expect(Number.isInteger(resampler.delaySamples)).toBe(true)
    expect(resampler.delayMs).toBeLessThanOrEqual(3)
    expect(resampler.delayMs).toBeCloseTo((resampler.delaySamples / output) * 1000, 12)
  })

  it.each(ALL_PAIRS)(
    '%i Hz -> %i Hz: cross-correlation finds the declared delay, and the aligned output matches the ideal',
    (input, output) => {
      const random = seededRandom(input + output)
      const components: ToneComponent[] = Array.from({ length: 24 }, () => ({
        frequencyHz: 50 + random() * 6850,
        amplitude: 0.02 + random() * 0.03,
        phase: random() * 2 * Math.PI,
      }))
      const seconds = 0.3
      const signal = Float32Array.from(multitone(components, input, Math.round(seconds * input)))
      // The same sum of sines evaluated at the output rate is the exact answer.
      const ideal = multitone(components, output, Math.round(seconds * output))
      const resampler = createResampler({ inputRateHz: input, outputRateHz: output })
      const resampled = resampler.process(signal)

      const lag = crossCorrelationLag(resampled, ideal, 400)
      expect(lag).toBe(resampler.delaySamples)
      // Away from the abrupt start and end of the test signal, the error is more than 100 dB down.
      const margin = Math.round(0.03 * output)
      const snrDb = alignedSnrDb(resampled, ideal, lag, margin, resampled.length - lag - margin)
      expect(snrDb).toBeGreaterThanOrEqual(100)
      expect(
        alignedSnrDb(resampled, ideal, lag + 1, margin, resampled.length - lag - margin - 1),
      ).toBeLessThan(40)
    },
  )
})

describe('rates that need no conversion', () => {
  it('passes audio through unchanged with no delay', () => {
    const resampler = createResampler({ inputRateHz: 24000, outputRateHz: 24000 })
    const input = Float32Array.from({ length: 1000 }, (_, n) => Math.sin(n / 7) * 0.8)
    expect(resampler.delaySamples).toBe(0)
    expect(resampler.process(input)).toEqual(input)
    expect(resampler.flush()).toHaveLength(0)
  })
})
