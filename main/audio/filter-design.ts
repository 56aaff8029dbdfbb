import { besselI0, kaiserBeta, kaiserOrder, kaiserWindowAt } from './kaiser'

/**
 * Design of the anti-alias / anti-image low-pass filter for a rational L/M resampler.
 *
 * The filter runs (conceptually) at L times the input rate. Its band edges follow from the lower of the
 * two Nyquist rates: the passband ends at 7/8 of it and the stopband starts as far above it, so that
 * anything the stopband lets through aliases (or images) only onto frequencies above the passband edge.
 * At 16 kHz that is a 7 kHz passband and a 9 kHz stopband edge: a 9 kHz tone aliases to 7 kHz.
 * The sinc cutoff sits mid-transition, on the Nyquist rate itself.
 */

export const DEFAULT_ATTENUATION_DB = 110
const PASSBAND_FRACTION_OF_NYQUIST = 0.875
/** Bounds the phase table (L × taps per phase); rates with a huge L/M are better served by a two-stage design. */
export const MAX_UP_FACTOR = 4096

export interface FilterSpec {
  inputRateHz: number
  outputRateHz: number
  /** Edge of the flat band; defaults to 7/8 of the lower Nyquist rate. */
  passbandHz?: number
  /** Stopband attenuation the Kaiser design aims at. */
  attenuationDb?: number
}

export interface ResamplingFilter {
  /** Interpolation factor L. */
  upFactor: number
  /** Decimation factor M. */
  downFactor: number
  passbandHz: number
  stopbandHz: number
  attenuationDb: number
  /** Linear-phase prototype at L × input rate, scaled to a DC gain of L. */
  taps: Float64Array
  /** Group delay in output samples; a whole number because the length is chosen so. */
  delaySamples: number
}

export function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b]
  return a
}

export function designResamplingFilter(spec: FilterSpec): ResamplingFilter {
  const { inputRateHz, outputRateHz } = spec
  for (const rate of [inputRateHz, outputRateHz]) {
    if (!Number.isSafeInteger(rate) || rate <= 0) {
      throw new RangeError(`Sample rates must be positive integers in Hz, got ${rate}`)
    }
  }
  const divisor = greatestCommonDivisor(inputRateHz, outputRateHz)
  const upFactor = outputRateHz / divisor
  const downFactor = inputRateHz / divisor
  if (upFactor > MAX_UP_FACTOR) {
    throw new RangeError(
      `${inputRateHz} Hz -> ${outputRateHz} Hz needs L = ${upFactor}, above ${MAX_UP_FACTOR}`,
    )
  }
  const attenuationDb = spec.attenuationDb ?? DEFAULT_ATTENUATION_DB
  const nyquistHz = Math.min(inputRateHz, outputRateHz) / 2
  const passbandHz = spec.passbandHz ?? PASSBAND_FRACTION_OF_NYQUIST * nyquistHz
  if (!(passbandHz > 0 && passbandHz < nyquistHz)) {
    throw new RangeError(`passbandHz must lie between 0 and ${nyquistHz}, got ${passbandHz}`)
  }
  const stopbandHz = 2 * nyquistHz - passbandHz

  if (upFactor === 1 && downFactor === 1) {
    return {
      upFactor,
      downFactor,
      passbandHz,
      stopbandHz,
      attenuationDb,
      taps: Float64Array.of(1),
      delaySamples: 0,
    }
  }

  const prototypeRateHz = upFactor * inputRateHz
  const minOrder = kaiserOrder(attenuationDb, (stopbandHz - passbandHz) / prototypeRateHz)
  // An order that is a multiple of 2M puts the centre tap on an output sample: the delay is whole.
  const orderStep = 2 * downFactor
  const order = Math.ceil(minOrder / orderStep) * orderStep
  const length = order + 1
  const centre = order / 2
  const cutoff = nyquistHz / prototypeRateHz
  const beta = kaiserBeta(attenuationDb)
  const i0Beta = besselI0(beta)

  const taps = new Float64Array(length)
  let sum = 0
  for (let n = 0; n < length; n++) {
    const x = 2 * cutoff * (n - centre)
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x)
    taps[n] = 2 * cutoff * sinc * kaiserWindowAt(n, length, beta, i0Beta)
    sum += taps[n]!
  }
  const scale = upFactor / sum
  for (let n = 0; n < length; n++) taps[n]! *= scale

  return {
    upFactor,
    downFactor,
    passbandHz,
    stopbandHz,
    attenuationDb,
    taps,
    delaySamples: centre / downFactor,
  }
}
