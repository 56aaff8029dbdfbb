import type { ResamplingFilter } from './filter-design'
import { DOT_COUNT_MULTIPLE } from './simd-dot'

/**
 * The prototype filter split into its L phases, laid out for the inner loop.
 *
 * Output sample m sits at prototype time t = m·M. Its newest input sample is n = floor(t / L) and its
 * phase is p = t mod L, so y[m] = Σ_k h[p + k·L] · x[n − k]. Each phase's taps are stored oldest-first
 * (`taps[p·K + j]` multiplies x[n − (K − 1) + j]) so that the dot product walks both arrays forwards.
 */
export interface PolyphaseTable {
  upFactor: number
  downFactor: number
  tapsPerPhase: number
  taps: Float64Array
  /** Phase of the output after one at phase p: (p + M) mod L. */
  nextPhase: Int32Array
  /** Input samples to step after an output at phase p: floor((p + M) / L). */
  inputAdvance: Int32Array
}

export function buildPolyphaseTable(filter: ResamplingFilter): PolyphaseTable {
  const { upFactor, downFactor, taps: prototype } = filter
  // At least one input step's worth of taps, so the history kept between calls always covers the next
  // output, rounded up for the SIMD kernel with zero taps on the oldest side.
  const minTaps = Math.max(Math.ceil(prototype.length / upFactor), Math.ceil(downFactor / upFactor))
  const tapsPerPhase = Math.ceil(minTaps / DOT_COUNT_MULTIPLE) * DOT_COUNT_MULTIPLE
  const taps = new Float64Array(upFactor * tapsPerPhase)
  const nextPhase = new Int32Array(upFactor)
  const inputAdvance = new Int32Array(upFactor)
  for (let phase = 0; phase < upFactor; phase++) {
    for (let k = 0; k < tapsPerPhase; k++) {
      const index = phase + k * upFactor
      taps[phase * tapsPerPhase + (tapsPerPhase - 1 - k)] = index < prototype.length ? prototype[index]! : 0
    }
    nextPhase[phase] = (phase + downFactor) % upFactor
    inputAdvance[phase] = Math.floor((phase + downFactor) / upFactor)
  }
  return { upFactor, downFactor, tapsPerPhase, taps, nextPhase, inputAdvance }
}
