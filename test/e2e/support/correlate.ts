// How alike two recordings are, whatever their offset: the best normalized cross-correlation of a window
// of `received` against `reference` played in a loop (the fake microphone loops its file). Both are
// brought to a low common rate first so the search stays cheap; speech keeps its shape there.
import { resample } from '../../../main/audio/resampler'

const COMPARE_RATE_HZ = 4_000

export function loopCorrelation(
  reference: Float32Array,
  referenceRateHz: number,
  received: Float32Array,
  receivedRateHz: number,
  windowSec = 1,
): number {
  const ref = resample(reference, { inputRateHz: referenceRateHz, outputRateHz: COMPARE_RATE_HZ })
  const got = resample(received, { inputRateHz: receivedRateHz, outputRateHz: COMPARE_RATE_HZ })
  const n = Math.min(Math.round(windowSec * COMPARE_RATE_HZ), got.length, ref.length)
  // The loudest window of what was received: silence correlates with nothing.
  const start = loudestWindow(got, n)
  const win = got.subarray(start, start + n)
  const winEnergy = energy(win)
  if (winEnergy === 0) return 0
  let best = 0
  for (let lag = 0; lag < ref.length; lag++) {
    let dot = 0
    let refEnergy = 0
    for (let i = 0; i < n; i++) {
      const r = ref[(lag + i) % ref.length] as number
      dot += r * (win[i] as number)
      refEnergy += r * r
    }
    if (refEnergy === 0) continue
    best = Math.max(best, dot / Math.sqrt(refEnergy * winEnergy))
  }
  return best
}

function loudestWindow(x: Float32Array, n: number): number {
  const step = Math.max(1, Math.floor(n / 8))
  let bestAt = 0
  let bestEnergy = -1
  for (let at = 0; at + n <= x.length; at += step) {
    const e = energy(x.subarray(at, at + n))
    if (e > bestEnergy) {
      bestEnergy = e
      bestAt = at
    }
  }
  return bestAt
}

function energy(x: Float32Array): number {
  let e = 0
  for (const v of x) e += v * v
  return e
}
