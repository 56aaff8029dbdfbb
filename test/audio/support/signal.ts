// Signal generation and analysis for measuring resamplers: tones, least-squares tone fits, an FFT.

export function tone(
  frequencyHz: number,
  rateHz: number,
  length: number,
  amplitude = 0.5,
  phase = 0,
): Float32Array {
  const samples = new Float32Array(length)
  const step = (2 * Math.PI * frequencyHz) / rateHz
  for (let n = 0; n < length; n++) samples[n] = amplitude * Math.sin(step * n + phase)
  return samples
}

export interface ToneComponent {
  frequencyHz: number
  amplitude: number
  phase: number
}

/** A sum of sines evaluated at n / rateHz: its ideal resampling at any rate is known exactly. */
export function multitone(
  components: readonly ToneComponent[],
  rateHz: number,
  length: number,
): Float64Array {
  const samples = new Float64Array(length)
  for (const { frequencyHz, amplitude, phase } of components) {
    const step = (2 * Math.PI * frequencyHz) / rateHz
    for (let n = 0; n < length; n++) samples[n]! += amplitude * Math.sin(step * n + phase)
  }
  return samples
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so measurements repeat exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function rms(samples: ArrayLike<number>, start = 0, end = samples.length): number {
  let sum = 0
  for (let n = start; n < end; n++) sum += samples[n]! ** 2
  return Math.sqrt(sum / Math.max(1, end - start))
}

export interface ToneFit {
  /** Peak amplitude of the best-fitting sinusoid at the given frequency. */
  amplitude: number
  /** RMS of what the sinusoid does not explain. */
  residualRms: number
}

/** Exact least-squares fit of a·cos + b·sin at `frequencyHz` over samples [start, end). */
export function fitTone(
  samples: ArrayLike<number>,
  frequencyHz: number,
  rateHz: number,
  start: number,
  end: number,
): ToneFit {
  const step = (2 * Math.PI * frequencyHz) / rateHz
  let cc = 0
  let ss = 0
  let cs = 0
  let yc = 0
  let ys = 0
  for (let n = start; n < end; n++) {
    const c = Math.cos(step * n)
    const s = Math.sin(step * n)
    const y = samples[n]!
    cc += c * c
    ss += s * s
    cs += c * s
    yc += y * c
    ys += y * s
  }
  const determinant = cc * ss - cs * cs
  const a = (yc * ss - ys * cs) / determinant
  const b = (ys * cc - yc * cs) / determinant
  let residual = 0
  for (let n = start; n < end; n++) {
    const e = samples[n]! - a * Math.cos(step * n) - b * Math.sin(step * n)
    residual += e * e
  }
  return { amplitude: Math.hypot(a, b), residualRms: Math.sqrt(residual / (end - start)) }
}

export const decibels = (ratio: number): number => 20 * Math.log10(ratio)

export interface Spectrum {
  re: Float64Array
  im: Float64Array
}

/** In-place iterative radix-2 FFT; `inverse` includes the 1/N scale. */
export function fft(spectrum: Spectrum, inverse = false): void {
  const { re, im } = spectrum
  const size = re.length
  if ((size & (size - 1)) !== 0) throw new RangeError(`FFT size ${size} is not a power of two`)
  for (let i = 1, j = 0; i < size; i++) {
    let bit = size >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [re[j]!, re[i]!]
      ;[im[i], im[j]] = [im[j]!, im[i]!]
    }
  }
  for (let length = 2; length <= size; length <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / length
    const stepRe = Math.cos(angle)
    const stepIm = Math.sin(angle)
    const half = length >> 1
    for (let start = 0; start < size; start += length) {
      let wRe = 1
      let wIm = 0
      for (let k = 0; k < half; k++) {
        const a = start + k
        const b = a + half
        const tRe = re[b]! * wRe - im[b]! * wIm
        const tIm = re[b]! * wIm + im[b]! * wRe
        re[b] = re[a]! - tRe
        im[b] = im[a]! - tIm
        re[a] = re[a]! + tRe
        im[a] = im[a]! + tIm
        const nextRe = wRe * stepRe - wIm * stepIm
        wIm = wRe * stepIm + wIm * stepRe
        wRe = nextRe
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < size; i++) {
      re[i] = re[i]! / size
      im[i] = im[i]! / size
    }
  }
}

/** Spectrum of a real signal zero-padded to `size`. */
export function spectrumOf(samples: ArrayLike<number>, size: number): Spectrum {
  const re = new Float64Array(size)
  const im = new Float64Array(size)
  for (let n = 0; n < Math.min(size, samples.length); n++) re[n] = samples[n]!
  const spectrum = { re, im }
  fft(spectrum)
  return spectrum
}

export function nextPowerOfTwo(value: number): number {
  let size = 1
  while (size < value) size <<= 1
  return size
}

/** The lag in [0, maxLag] at which `signal` best matches `reference` (time-domain cross-correlation). */
export function crossCorrelationLag(
  signal: ArrayLike<number>,
  reference: ArrayLike<number>,
  maxLag: number,
): number {
  let bestLag = 0
  let bestScore = Number.NEGATIVE_INFINITY
  for (let lag = 0; lag <= maxLag; lag++) {
    let score = 0
    const end = Math.min(reference.length, signal.length - lag)
    for (let n = 0; n < end; n++) score += signal[n + lag]! * reference[n]!
    if (score > bestScore) {
      bestScore = score
      bestLag = lag
    }
  }
  return bestLag
}

/** Reference energy over error energy of `signal` delayed by `lag`, over reference samples [start, end). */
export function alignedSnrDb(
  signal: ArrayLike<number>,
  reference: ArrayLike<number>,
  lag: number,
  start: number,
  end: number,
): number {
  let referenceEnergy = 0
  let errorEnergy = 0
  for (let n = start; n < end; n++) {
    referenceEnergy += reference[n]! ** 2
    errorEnergy += (signal[n + lag]! - reference[n]!) ** 2
  }
  return 10 * Math.log10(referenceEnergy / errorEnergy)
}
