// Changes the speed of speech without changing its pitch, by WSOLA (waveform-similarity overlap-add,
// Verhelst & Roelands, ICASSP 1993): the output is laid down in Hann-windowed frames at a fixed hop, and
// each frame is read from near where the speed puts it in the input, at the offset whose start looks most
// like the natural continuation of the frame before. Frames then join in phase, so a voice neither
// warbles nor clicks, where plain overlap-add of frames at fixed places would cancel and beat.
import { resampleLinear } from './linear-resample'

/** Long enough to hold a couple of periods of a low voice, short enough not to smear its syllables. */
const WINDOW_SEC = 0.025
/** How far a frame may move from its place to find its match: more than the longest pitch period. */
const SEEK_SEC = 0.012
/**
 * The search first runs on the signal averaged down to about this rate, and only its winner is refined
 * sample by sample: comparing every candidate at the full rate would make a minute of speech take
 * seconds to stretch.
 */
const COARSE_HZ = 6000

export type StretchContext = Pick<BaseAudioContext, 'createBuffer'>

/** Where each output frame (at `hop × k`) is read from, and how long the output is. */
interface Plan {
  hop: number
  reads: Int32Array
  length: number
}

/** Plays `samples` `rate` times as fast at the same pitch: the result lasts about length / rate. */
export function timeStretch(samples: Float32Array, rate: number, sampleRateHz: number): Float32Array {
  return stretchChannels([samples], rate, sampleRateHz)[0] ?? samples
}

/**
 * Stretches the channels of one recording alike: frames are placed by their mix, so a join falls on the
 * same sample in every channel and the channels stay aligned.
 */
export function stretchChannels(
  channels: readonly Float32Array[],
  rate: number,
  sampleRateHz: number,
): Float32Array[] {
  if (rate === 1 || !(rate > 0) || channels.length === 0) return [...channels]
  const plan = planFrames(mixOf(channels), rate, sampleRateHz)
  // Shorter than two frames there is nothing to overlap; a few tens of milliseconds resampled change
  // pitch too briefly to hear, and keep the length the caller counts on.
  if (!plan) return channels.map((c) => resampleLinear(c, sampleRateHz * rate, sampleRateHz))
  return channels.map((c) => render(c, plan))
}

/** A stretched copy of `buffer` made by `ctx`; at rate 1 the buffer itself. */
export function stretchBuffer(ctx: StretchContext, buffer: AudioBuffer, rate: number): AudioBuffer {
  if (rate === 1) return buffer
  const channels: Float32Array[] = []
  for (let c = 0; c < buffer.numberOfChannels; c++) channels.push(buffer.getChannelData(c))
  const stretched = stretchChannels(channels, rate, buffer.sampleRate)
  // An AudioBuffer cannot be empty.
  const length = Math.max(1, stretched[0]?.length ?? 0)
  const out = ctx.createBuffer(buffer.numberOfChannels, length, buffer.sampleRate)
  stretched.forEach((data, c) => out.getChannelData(c).set(data))
  return out
}

function mixOf(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0] as Float32Array
  const mix = new Float32Array(channels[0]?.length ?? 0)
  for (let i = 0; i < mix.length; i++) {
    let sum = 0
    for (const channel of channels) sum += channel[i] as number
    mix[i] = sum
  }
  return mix
}

/**
 * Frame k is written at output `hop × k`, read near input `k × (length − window) / last`: the first frame
 * reads the input's start and the last one reads up to its end, so a chunk's first and last samples are
 * kept and consecutive chunks still meet. The last frame runs on to the input's end unwindowed.
 */
function planFrames(mix: Float32Array, rate: number, sampleRateHz: number): Plan | null {
  const hop = Math.max(1, Math.round((WINDOW_SEC * sampleRateHz) / 2))
  const window = 2 * hop
  const last = Math.round((mix.length / rate - window) / hop)
  if (last < 1 || mix.length < window) return null
  const seek = Math.round(SEEK_SEC * sampleRateHz)
  const step = Math.max(1, Math.round(sampleRateHz / COARSE_HZ))
  const coarse = boxDecimate(mix, step)
  const latest = mix.length - window
  const reads = new Int32Array(last + 1)
  for (let k = 1; k <= last; k++) {
    const nominal = Math.round((k * latest) / last)
    const from = Math.max(0, nominal - seek)
    const to = Math.min(latest, nominal + seek)
    reads[k] = bestMatch(mix, coarse, step, (reads[k - 1] as number) + hop, hop, nominal, from, to)
  }
  return { hop, reads, length: last * hop + mix.length - (reads[last] as number) }
}

/** Sums of `step` samples each: a rough low-pass and decimation in one, so the coarse search sees few aliases. */
function boxDecimate(x: Float32Array, step: number): Float32Array {
  if (step === 1) return x
  const out = new Float32Array(Math.floor(x.length / step))
  for (let j = 0; j < out.length; j++) {
    let sum = 0
    for (let i = j * step; i < (j + 1) * step; i++) sum += x[i] as number
    out[j] = sum
  }
  return out
}

/**
 * The read position in [from, to] whose next `hop` samples best match those at `ref` (normalised
 * cross-correlation): first every `step` samples on the coarse signal, then sample by sample around the
 * winner. Where the reference is silent nothing can match, and the frame stays where the speed puts it.
 */
function bestMatch(
  x: Float32Array,
  coarse: Float32Array,
  step: number,
  ref: number,
  hop: number,
  nominal: number,
  from: number,
  to: number,
): number {
  if (dot(x, ref, x, ref, hop) < 1e-9) return nominal
  let center = nominal
  if (step > 1) {
    const n = Math.floor(hop / step)
    const refAt = Math.floor(ref / step)
    const lo = Math.ceil(from / step)
    const hi = Math.floor(to / step)
    let energy = dot(coarse, lo, coarse, lo, n)
    let best = -Infinity
    for (let c = lo; c <= hi; c++) {
      if (c > lo) energy += (coarse[c + n - 1] as number) ** 2 - (coarse[c - 1] as number) ** 2
      const score = dot(coarse, refAt, coarse, c, n) / Math.sqrt(Math.max(energy, 1e-12))
      if (score > best) {
        best = score
        // The coarse reference starts up to `step − 1` samples before `ref`; so does its match.
        center = c * step + (ref - refAt * step)
      }
    }
  }
  const lo = Math.max(from, center - step)
  let bestAt = Math.min(to, Math.max(from, center))
  let best = -Infinity
  let energy = dot(x, lo, x, lo, hop)
  for (let c = lo; c <= Math.min(to, center + step); c++) {
    if (c > lo) energy += (x[c + hop - 1] as number) ** 2 - (x[c - 1] as number) ** 2
    const score = dot(x, ref, x, c, hop) / Math.sqrt(Math.max(energy, 1e-12))
    if (score > best) {
      best = score
      bestAt = c
    }
  }
  return bestAt
}

/** Σ a[aAt + i] × b[bAt + i] for i < n, in four running sums so the additions need not wait on each other. */
function dot(a: Float32Array, aAt: number, b: Float32Array, bAt: number, n: number): number {
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let i = 0
  for (; i + 3 < n; i += 4) {
    s0 += (a[aAt + i] as number) * (b[bAt + i] as number)
    s1 += (a[aAt + i + 1] as number) * (b[bAt + i + 1] as number)
    s2 += (a[aAt + i + 2] as number) * (b[bAt + i + 2] as number)
    s3 += (a[aAt + i + 3] as number) * (b[bAt + i + 3] as number)
  }
  for (; i < n; i++) s0 += (a[aAt + i] as number) * (b[bAt + i] as number)
  return s0 + s1 + s2 + s3
}

/**
 * Overlap-adds the planned frames of one channel. Each join is a Hann cross-fade over one hop whose two
 * halves sum to exactly 1, so matching waveforms join at their own level; the first frame starts at full
 * weight and the last ends at it, so nothing fades in or out at a chunk's edges.
 */
function render(x: Float32Array, { hop, reads, length }: Plan): Float32Array {
  const out = new Float32Array(length)
  const rise = new Float32Array(hop)
  for (let i = 0; i < hop; i++) rise[i] = Math.sin((Math.PI * (i + 0.5)) / (2 * hop)) ** 2
  const last = reads.length - 1
  for (let k = 0; k <= last; k++) {
    const read = reads[k] as number
    const at = k * hop
    for (let i = 0; i < hop; i++)
      out[at + i] = (out[at + i] as number) + (k === 0 ? 1 : (rise[i] as number)) * (x[read + i] as number)
    if (k === last) {
      out.set(x.subarray(read + hop), at + hop)
    } else {
      for (let i = 0; i < hop; i++)
        out[at + hop + i] = (1 - (rise[i] as number)) * (x[read + hop + i] as number)
    }
  }
  return out
}
