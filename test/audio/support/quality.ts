// Resampler quality figures, defined once for the tests and the benchmark alike.
import { decibels, fft, fitTone, nextPowerOfTwo, rms, spectrumOf, tone } from './signal'

/** A whole conversion: streaming output for `input`, including its filter delay and drained tail. */
export type Convert = (input: Float32Array) => Float32Array

export const SPEECH_BAND_HZ = 7000
const TONE_SECONDS = 0.25
const TONE_AMPLITUDE = 0.5
/** Tones are measured away from start-up and tail transients, whatever a converter's delay. */
const WINDOW_START_FRACTION = 0.25
const WINDOW_END_FRACTION = 0.8

export function frequencies(fromHz: number, toHz: number, stepHz: number): number[] {
  const list: number[] = []
  for (let f = fromHz; f <= toHz + 1e-9; f += stepHz) list.push(f)
  return list
}

/** Stopband tones for a downsampler: from where aliases would land at the speech band edge up to Nyquist. */
export function aliasingTones(inputRateHz: number, outputRateHz: number, stepHz = 250): number[] {
  return frequencies(outputRateHz - SPEECH_BAND_HZ, inputRateHz / 2 - 100, stepHz)
}

export function speechBandTones(stepHz = 100): number[] {
  return frequencies(stepHz, SPEECH_BAND_HZ, stepHz)
}

interface ToneRun {
  output: Float32Array
  start: number
  end: number
}

function runTone(convert: Convert, frequencyHz: number, inputRateHz: number, outputRateHz: number): ToneRun {
  const input = tone(frequencyHz, inputRateHz, Math.round(TONE_SECONDS * inputRateHz), TONE_AMPLITUDE)
  const output = convert(input)
  const expectedLength = Math.floor((input.length * outputRateHz) / inputRateHz)
  return {
    output,
    start: Math.floor(WINDOW_START_FRACTION * expectedLength),
    end: Math.floor(WINDOW_END_FRACTION * expectedLength),
  }
}

export interface WorstCase {
  db: number
  atHz: number
}

/** Input tone level over output level, for tones that should vanish entirely; the worst tone. */
export function aliasRejectionDb(
  convert: Convert,
  inputRateHz: number,
  outputRateHz: number,
  tones: readonly number[],
): WorstCase {
  let worst: WorstCase = { db: Number.POSITIVE_INFINITY, atHz: Number.NaN }
  for (const frequencyHz of tones) {
    const { output, start, end } = runTone(convert, frequencyHz, inputRateHz, outputRateHz)
    const db = decibels(TONE_AMPLITUDE / Math.SQRT2 / rms(output, start, end))
    if (db < worst.db) worst = { db, atHz: frequencyHz }
  }
  return worst
}

export interface PassbandFigures {
  /** Largest |gain| in dB over the tones: flatness and overall gain in one figure. */
  maxDeviationDb: number
  /** Wanted tone over everything else in the output (images, aliases, noise); the worst tone. */
  worstRejection: WorstCase
}

export function passbandFigures(
  convert: Convert,
  inputRateHz: number,
  outputRateHz: number,
  tones: readonly number[],
): PassbandFigures {
  let maxDeviationDb = 0
  let worstRejection: WorstCase = { db: Number.POSITIVE_INFINITY, atHz: Number.NaN }
  for (const frequencyHz of tones) {
    const { output, start, end } = runTone(convert, frequencyHz, inputRateHz, outputRateHz)
    const fit = fitTone(output, frequencyHz, outputRateHz, start, end)
    maxDeviationDb = Math.max(maxDeviationDb, Math.abs(decibels(fit.amplitude / TONE_AMPLITUDE)))
    const db = decibels(fit.amplitude / Math.SQRT2 / fit.residualRms)
    if (db < worstRejection.db) worstRejection = { db, atHz: frequencyHz }
  }
  return { maxDeviationDb, worstRejection }
}

export interface ReferenceComparison {
  /** Reference energy over difference energy, both limited to [0, bandHz]. */
  snrDb: number
  /** How far `signal` lags `reference`, in samples (fractional, found by maximising the SNR). */
  delaySamples: number
}

/**
 * Aligns `signal` to `reference` (whole-sample cross-correlation, then a fractional shift applied in the
 * frequency domain) and compares them within the band. Fractional alignment keeps the comparison fair to
 * converters whose delay is not a whole number of output samples.
 */
export function compareWithReference(
  signal: ArrayLike<number>,
  reference: ArrayLike<number>,
  rateHz: number,
  bandHz: number,
  maxLagSamples: number,
): ReferenceComparison {
  const size = nextPowerOfTwo(2 * (Math.max(signal.length, reference.length) + maxLagSamples))
  const ours = spectrumOf(signal, size)
  const ref = spectrumOf(reference, size)
  const topBin = Math.floor((bandHz * size) / rateHz)

  const cross = { re: new Float64Array(size), im: new Float64Array(size) }
  for (let k = 0; k <= topBin; k++) {
    const re = ours.re[k]! * ref.re[k]! + ours.im[k]! * ref.im[k]!
    const im = ours.im[k]! * ref.re[k]! - ours.re[k]! * ref.im[k]!
    cross.re[k] = re
    cross.im[k] = im
    if (k > 0) {
      cross.re[size - k] = re
      cross.im[size - k] = -im
    }
  }
  fft(cross, true)
  let bestLag = 0
  for (let lag = -maxLagSamples; lag <= maxLagSamples; lag++) {
    if (cross.re[(lag + size) % size]! > cross.re[(bestLag + size) % size]!) bestLag = lag
  }

  let referenceEnergy = 0
  for (let k = 0; k <= topBin; k++) referenceEnergy += (k === 0 ? 1 : 2) * (ref.re[k]! ** 2 + ref.im[k]! ** 2)
  const snrAt = (delay: number): number => {
    let errorEnergy = 0
    for (let k = 0; k <= topBin; k++) {
      const angle = (2 * Math.PI * k * delay) / size
      const c = Math.cos(angle)
      const s = Math.sin(angle)
      const re = ours.re[k]! * c - ours.im[k]! * s - ref.re[k]!
      const im = ours.re[k]! * s + ours.im[k]! * c - ref.im[k]!
      errorEnergy += (k === 0 ? 1 : 2) * (re * re + im * im)
    }
    return 10 * Math.log10(referenceEnergy / errorEnergy)
  }
  // Golden-section search for the best fractional delay within a sample of the correlation peak.
  const ratio = (Math.sqrt(5) - 1) / 2
  let low = bestLag - 1
  let high = bestLag + 1
  let a = high - ratio * (high - low)
  let b = low + ratio * (high - low)
  let snrA = snrAt(a)
  let snrB = snrAt(b)
  for (let i = 0; i < 40; i++) {
    if (snrA > snrB) {
      high = b
      b = a
      snrB = snrA
      a = high - ratio * (high - low)
      snrA = snrAt(a)
    } else {
      low = a
      a = b
      snrA = snrB
      b = low + ratio * (high - low)
      snrB = snrAt(b)
    }
  }
  const delaySamples = (low + high) / 2
  const atWholeLag = snrAt(bestLag)
  const atBest = snrAt(delaySamples)
  return atWholeLag >= atBest ? { snrDb: atWholeLag, delaySamples: bestLag } : { snrDb: atBest, delaySamples }
}
