// Where a recording of a looped reference was spliced: the service's copy of a press is cut into short
// segments, each is found in the reference (the fake microphone loops its file), and the offset between
// the two (the lag) is followed from segment to segment. Heard whole and in order, the lag stays put; it
// jumps forward over missing audio, back over audio heard twice, and forward then back where a stretch
// was heard after the audio that follows it. Only segments with speech in them can be placed: silence
// matches anything, so a silent segment takes the lag of the one before; and a segment placed far from the
// last lag moves it only if the segments after it agree.
import { resample } from '../../../main/audio/resampler'

/** 0.25 ms steps: fine enough for splices of a few ms, cheap enough to search a whole loop. */
const RATE_HZ = 4_000
/** Long enough that a segment's speech is its own (40 ms ones still matched a neighbour's now and then). */
export const SEGMENT_MS = 60
const SEGMENT = (SEGMENT_MS * RATE_HZ) / 1000
/** Below this normalized correlation a segment is not taken as placed (clean speech places at 0.9 and up). */
const PLACED = 0.8
/** A segment's RMS below this is silence, and is not placed. */
const SILENCE_RMS = 0.01
/** The lag is searched near the last one first: a splice of a few hundred ms is found there. */
const NEAR_MS = 400
/**
 * Voiced speech repeats every pitch period, so a segment also matches a period either side of its true
 * place almost as well: near the last lag, a match this close to the best is taken for the nearest one.
 */
const PITCH_SLACK = 0.03
const NEAR = (NEAR_MS * RATE_HZ) / 1000
/** How many voiced segments after a far placement decide whether it stands. */
const CONFIRM_SEGMENTS = 3
/** The lag wobbles by up to a pitch period (voiced speech matches a period either side almost as well). */
const WOBBLE = (12 * RATE_HZ) / 1000
/**
 * The fake microphone's own splice where its file wraps can fall inside a segment, which then places a
 * pitch period or so off; the next segments settle the lag. Jumps this soon after one across the loop are
 * the loop's too.
 */
const LOOP_SETTLE = (120 * RATE_HZ) / 1000
/** Lag changes this small are the codec's and resamplers' wobble, not a splice. */
export const JUMP_TOLERANCE_MS = 1

export interface Jump {
  /** Where in the service's copy the segment after the jump starts. */
  atMs: number
  /** The lag's change: > 0 audio skipped, < 0 audio heard again or earlier audio heard late. */
  byMs: number
  /** Where in the reference it lands, from the start of the file. */
  refMs: number
  /**
   * Between the two segments the reference wrapped round: the fake microphone's own splice, where its
   * file's end meets its start, falls here, not the client's.
   */
  acrossLoop: boolean
}

export interface SpliceReport {
  /** Segments with speech, and how many of them were found in the reference. */
  voiced: number
  placed: number
  jumps: Jump[]
  /** Reference audio inside the span heard that no segment covered. */
  gapMs: number
  /** Reference audio covered more than once. */
  duplicateMs: number
  /** Reference audio heard after audio that follows it, and not heard before. */
  reorderedMs: number
}

interface Placement {
  /** Segment start in the service's copy, in samples at RATE_HZ. */
  at: number
  /** Where it starts in the reference, unrolled over its loops. */
  refAt: number
  /** Found in the reference; otherwise silent, and placed by the lag before it. */
  placed: boolean
}

export function spliceReport(
  reference: Float32Array,
  referenceRateHz: number,
  received: Float32Array,
  receivedRateHz: number,
): SpliceReport {
  const ref = resample(reference, { inputRateHz: referenceRateHz, outputRateHz: RATE_HZ })
  const got = resample(received, { inputRateHz: receivedRateHz, outputRateHz: RATE_HZ })
  const finder = new LoopFinder(ref)
  const placements: Placement[] = []
  let voiced = 0
  let placed = 0
  let lag: number | null = null
  const segmentAt = (at: number): Float32Array => got.subarray(at, at + SEGMENT)
  /**
   * A lag far from the last one is taken only if the voiced segments after it agree: a handover's fault
   * moves all the audio after it, while a lone segment that happens to resemble speech elsewhere in the
   * reference (processed, coded speech places at 0.5-0.9) does not.
   */
  const borneOut = (candidate: number, last: number, at: number): boolean => {
    let forCandidate = 0
    let forLast = 0
    for (
      let next = at + SEGMENT, seen = 0;
      next + SEGMENT <= got.length && seen < CONFIRM_SEGMENTS;
      next += SEGMENT
    ) {
      const segment = segmentAt(next)
      if (rms(segment) < SILENCE_RMS) continue
      seen++
      if (finder.scoreNear(segment, next, candidate) > finder.scoreNear(segment, next, last)) forCandidate++
      else forLast++
    }
    return forCandidate > forLast
  }
  for (let at = 0; at + SEGMENT <= got.length; at += SEGMENT) {
    const segment = segmentAt(at)
    let found: number | null = rms(segment) >= SILENCE_RMS ? finder.place(segment, at, lag) : null
    if (rms(segment) >= SILENCE_RMS) voiced++
    if (found !== null && lag !== null && Math.abs(found - lag) > NEAR && !borneOut(found, lag, at))
      found = null
    if (found !== null) {
      placed++
      lag = found
    }
    if (lag !== null) placements.push({ at, refAt: at + lag, placed: found !== null })
  }
  return { voiced, placed, ...splices(placements, ref.length) }
}

function splices(placements: Placement[], loop: number): Omit<SpliceReport, 'voiced' | 'placed'> {
  const toMs = (n: number): number => (n * 1000) / RATE_HZ
  const jumps: Jump[] = []
  const covered = new Map<number, number>()
  let duplicate = 0
  let reordered = 0
  let furthest = -Infinity
  let previous: Placement | null = null
  let lastPlaced: Placement | null = null
  let loopJumpAt: number | null = null
  for (const p of placements) {
    if (previous) {
      const by = p.refAt - p.at - (previous.refAt - previous.at)
      const from = lastPlaced ?? previous
      const wrapped = Math.floor(p.refAt / loop) !== Math.floor(from.refAt / loop)
      const acrossLoop = wrapped || (loopJumpAt !== null && p.at - loopJumpAt <= LOOP_SETTLE)
      if (Math.abs(toMs(by)) > JUMP_TOLERANCE_MS) {
        jumps.push({ atMs: toMs(p.at), byMs: toMs(by), refMs: toMs(mod(p.refAt, loop)), acrossLoop })
        if (wrapped) loopJumpAt = p.at
      }
    }
    for (let i = p.refAt; i < p.refAt + SEGMENT; i++) {
      const n = covered.get(i) ?? 0
      if (n > 0) duplicate++
      else if (i < furthest) reordered++
      covered.set(i, n + 1)
    }
    furthest = Math.max(furthest, p.refAt + SEGMENT)
    previous = p
    if (p.placed) lastPlaced = p
  }
  let gap = 0
  if (covered.size > 0) {
    const positions = [...covered.keys()]
    const last = Math.max(...positions)
    for (let i = Math.min(...positions); i <= last; i++) if (!covered.has(i)) gap++
  }
  return { jumps, gapMs: toMs(gap), duplicateMs: toMs(duplicate), reorderedMs: toMs(reordered) }
}

/** Normalized cross-correlation against the looped reference, with its energies summed ahead. */
class LoopFinder {
  readonly #ref: Float32Array
  readonly #length: number
  /** Prefix sums of the squared reference, over two loops so a window may wrap. */
  readonly #energy: Float64Array

  constructor(ref: Float32Array) {
    this.#length = ref.length
    this.#ref = new Float32Array(ref.length * 2)
    this.#ref.set(ref)
    this.#ref.set(ref, ref.length)
    this.#energy = new Float64Array(this.#ref.length + 1)
    for (let i = 0; i < this.#ref.length; i++)
      this.#energy[i + 1] = (this.#energy[i] as number) + (this.#ref[i] as number) ** 2
  }

  /** How well `segment` matches the reference within a pitch period of `lag`. */
  scoreNear(segment: Float32Array, at: number, lag: number): number {
    const energy = segment.reduce((e, v) => e + v * v, 0)
    return this.#best(segment, energy, at + lag - WOBBLE, at + lag + WOBBLE).score
  }

  /** The lag (reference position less `at`, unrolled near `lastLag`) that places `segment`, or null. */
  place(segment: Float32Array, at: number, lastLag: number | null): number | null {
    const energy = segment.reduce((e, v) => e + v * v, 0)
    if (lastLag !== null) {
      const refAt = at + lastLag
      const best = this.#best(segment, energy, refAt - NEAR, refAt + NEAR, refAt)
      if (best.score >= PLACED) return best.refAt - at
    }
    const best = this.#best(segment, energy, 0, this.#length - 1)
    if (best.score < PLACED) return null
    if (lastLag === null) return best.refAt - at
    // Unrolled to the loop nearest the last lag, so a splice reads as a small jump, not a whole loop.
    const lag = best.refAt - at
    const loops = Math.round((lastLag - lag) / this.#length)
    return lag + loops * this.#length
  }

  /** The best match from `from` to `to`; with `expected`, the nearest to it of the near-best ones. */
  #best(
    segment: Float32Array,
    energy: number,
    from: number,
    to: number,
    expected?: number,
  ): { refAt: number; score: number } {
    const scores = new Float64Array(to - from + 1).fill(-1)
    for (let refAt = from; refAt <= to; refAt++) {
      const start = mod(refAt, this.#length)
      const refEnergy = (this.#energy[start + segment.length] as number) - (this.#energy[start] as number)
      if (refEnergy <= 0) continue
      let dot = 0
      for (let i = 0; i < segment.length; i++)
        dot += (this.#ref[start + i] as number) * (segment[i] as number)
      scores[refAt - from] = dot / Math.sqrt(refEnergy * energy)
    }
    let best = 0
    for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i
    if (expected !== undefined) {
      const floor = Math.max(PLACED, (scores[best] as number) - PITCH_SLACK)
      const distance = (i: number): number => Math.abs(from + i - expected)
      for (let i = 0; i < scores.length; i++)
        if ((scores[i] as number) >= floor && distance(i) < distance(best)) best = i
    }
    return { refAt: from + best, score: scores[best] as number }
  }
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m
}

function rms(x: Float32Array): number {
  let e = 0
  for (const v of x) e += v * v
  return Math.sqrt(e / Math.max(1, x.length))
}

/** One line for a test's log: the figures and every jump. */
export function describeSplices(r: SpliceReport): string {
  const jumps = r.jumps.map(
    (j) =>
      `${j.atMs.toFixed(0)} ms ${j.byMs > 0 ? '+' : ''}${j.byMs.toFixed(2)} ` +
      `(ref ${j.refMs.toFixed(0)} ms${j.acrossLoop ? ', loop' : ''})`,
  )
  return (
    `placed ${r.placed}/${r.voiced}, gap ${r.gapMs.toFixed(1)} ms, duplicate ${r.duplicateMs.toFixed(1)} ms, ` +
    `reordered ${r.reorderedMs.toFixed(1)} ms, jumps [${jumps.join(', ')}]`
  )
}
