// WSOLA time-stretching, tested with signals whose answers are known: a pure tone must keep its
// frequency and level at every speed, a gliding, pulsing voice-like tone must join without clicks, and
// the channels of one recording must be cut at the same places.
import { describe, expect, it } from 'vitest'
import { stretchBuffer, stretchChannels, timeStretch } from '../../renderer/audio/time-stretch'
import { fakeBuffer, fakeContext } from './reader-fake-audio'

const RATE_HZ = 24_000
/** The analysis window: lengths may be off by up to one. */
const WINDOW = 0.025 * RATE_HZ
const RATES = [0.75, 1.25, 1.5, 2]

function tone(hz: number, sec: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(sec * RATE_HZ) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE_HZ),
  )
}

/**
 * Eight harmonics over a pitch gliding 110 → 240 Hz, pulsed four times a second like syllables, over a
 * quiet tone of no relation to the pitch, so that no cut matches everything at once.
 */
function voiceLike(sec: number): Float32Array {
  const out = new Float32Array(Math.round(sec * RATE_HZ))
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE_HZ
    phase += (2 * Math.PI * (110 + (130 * t) / sec)) / RATE_HZ
    let v = 0
    for (let h = 1; h <= 8; h++) v += Math.sin(h * phase) / h
    out[i] = 0.3 * v * (0.55 - 0.45 * Math.cos(2 * Math.PI * 4 * t)) + 0.08 * Math.sin(2 * Math.PI * 1234 * t)
  }
  return out
}

/** Frequency from the rising zero crossings between `from` and `to`, placed between samples. */
function frequencyHz(x: Float32Array, from: number, to: number): number {
  const crossings: number[] = []
  for (let i = from; i < to - 1; i++) {
    const a = x[i] as number
    const b = x[i + 1] as number
    if (a < 0 && b >= 0) crossings.push(i + a / (a - b))
  }
  const first = crossings[0] as number
  const last = crossings[crossings.length - 1] as number
  return ((crossings.length - 1) * RATE_HZ) / (last - first)
}

function maxJump(x: Float32Array): number {
  let max = 0
  for (let i = 1; i < x.length; i++) max = Math.max(max, Math.abs((x[i] as number) - (x[i - 1] as number)))
  return max
}

/** The largest second difference: a cut between well-matched waveforms hardly jumps, but it bends. */
function maxBend(x: Float32Array): number {
  let max = 0
  for (let i = 1; i < x.length - 1; i++)
    max = Math.max(max, Math.abs((x[i + 1] as number) - 2 * (x[i] as number) + (x[i - 1] as number)))
  return max
}

/** The smallest peak over 10 ms blocks: a join where frames cancel shows as a dip. */
function lowestPeak(x: Float32Array, from: number, to: number): number {
  const block = 0.01 * RATE_HZ
  let lowest = Infinity
  for (let at = from; at + block <= to; at += block) {
    let peak = 0
    for (let i = at; i < at + block; i++) peak = Math.max(peak, Math.abs(x[i] as number))
    lowest = Math.min(lowest, peak)
  }
  return lowest
}

describe('timeStretch', () => {
  it.each(RATES)('keeps a 220 Hz tone at 220 Hz and at its level at %s×', (rate) => {
    const input = tone(220, 2)
    const out = timeStretch(input, rate, RATE_HZ)
    expect(Math.abs(out.length - input.length / rate)).toBeLessThanOrEqual(WINDOW)
    const margin = Math.round(0.05 * RATE_HZ)
    expect(frequencyHz(out, margin, out.length - margin)).toBeGreaterThan(220 * 0.98)
    expect(frequencyHz(out, margin, out.length - margin)).toBeLessThan(220 * 1.02)
    expect(lowestPeak(out, 0, out.length)).toBeGreaterThan(0.5 * 0.95)
    expect(maxJump(out)).toBeLessThan(maxJump(input) * 1.05)
  })

  it.each(RATES)('joins a gliding, pulsing voice without clicks at %s×', (rate) => {
    const input = voiceLike(1.5)
    const out = timeStretch(input, rate, RATE_HZ)
    expect(Math.abs(out.length - input.length / rate)).toBeLessThanOrEqual(WINDOW)
    expect(maxJump(out)).toBeLessThan(maxJump(input) * 1.25)
    expect(maxBend(out)).toBeLessThan(maxBend(input) * 1.25)
  })

  it('keeps the first and last samples, so consecutive chunks still meet', () => {
    const input = voiceLike(1)
    const out = timeStretch(input, 1.5, RATE_HZ)
    expect(out.subarray(0, 100)).toEqual(input.subarray(0, 100))
    expect(out.subarray(-100)).toEqual(input.subarray(-100))
  })

  it('gives back the very input at 1×', () => {
    const input = voiceLike(0.5)
    expect(timeStretch(input, 1, RATE_HZ)).toBe(input)
  })

  it('keeps silence silent', () => {
    const out = timeStretch(new Float32Array(RATE_HZ), 1.5, RATE_HZ)
    expect(Math.abs(out.length - RATE_HZ / 1.5)).toBeLessThanOrEqual(WINDOW)
    expect(out.every((v) => v === 0)).toBe(true)
  })

  it.each(RATES)('takes input shorter than a window at %s×', (rate) => {
    const input = tone(220, 0.004)
    const out = timeStretch(input, rate, RATE_HZ)
    expect(out.length).toBe(Math.round(input.length / rate))
    expect(out.every((v) => Math.abs(v) <= 0.5)).toBe(true)
    expect(timeStretch(new Float32Array(0), rate, RATE_HZ)).toHaveLength(0)
  })
})

describe('channels', () => {
  it('cuts every channel where their mix says, so they stay aligned', () => {
    const left = voiceLike(1)
    const right = tone(330, 1)
    const [l, r] = stretchChannels([left, right], 1.5, RATE_HZ) as [Float32Array, Float32Array]
    const mix = left.map((v, i) => v + (right[i] as number))
    const mixed = timeStretch(mix, 1.5, RATE_HZ)
    expect(l).toHaveLength(mixed.length)
    expect(r).toHaveLength(mixed.length)
    // Overlap-add is linear: with the same cuts, the stretched channels add up to the stretched mix.
    let error = 0
    for (let i = 0; i < mixed.length; i++) error = Math.max(error, Math.abs(l[i]! + r[i]! - mixed[i]!))
    expect(error).toBeLessThan(1e-5)
    // Stretched alone, the left channel would have been cut elsewhere.
    const alone = timeStretch(left, 1.5, RATE_HZ)
    let apart = 0
    for (let i = 0; i < Math.min(alone.length, l.length); i++)
      apart = Math.max(apart, Math.abs(alone[i]! - l[i]!))
    expect(apart).toBeGreaterThan(0.01)
  })

  it('makes a stretched AudioBuffer through the context', () => {
    const ctx = fakeContext()
    const left = voiceLike(1)
    const right = tone(330, 1)
    const buffer = fakeBuffer([left, right], RATE_HZ)
    const out = stretchBuffer(ctx, buffer, 2)
    expect(out.numberOfChannels).toBe(2)
    expect(out.sampleRate).toBe(RATE_HZ)
    expect(Math.abs(out.duration - 0.5)).toBeLessThanOrEqual(WINDOW / RATE_HZ)
    const [l, r] = stretchChannels([left, right], 2, RATE_HZ)
    expect(out.getChannelData(0)).toEqual(l)
    expect(out.getChannelData(1)).toEqual(r)
    expect(stretchBuffer(ctx, buffer, 1)).toBe(buffer)
  })
})
