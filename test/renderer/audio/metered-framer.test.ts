import { describe, expect, it } from 'vitest'
import { MeteredFramer, frameSamples, levelFromRms } from '../../../renderer/audio/metered-framer'
import { FRAMES_PER_UPDATE, LevelFeed } from '../../../renderer/audio/level-feed'
import { pcm16Sample } from '../../../renderer/audio/pcm16'

const QUANTUM = 128

function feed(framer: MeteredFramer, input: Float32Array): Int16Array[] {
  const frames: Int16Array[] = []
  for (let at = 0; at < input.length; at += QUANTUM) {
    for (const f of framer.push(input.subarray(at, at + QUANTUM))) frames.push(f.samples)
  }
  return frames
}

describe('MeteredFramer', () => {
  it.each([
    [44_100, 441],
    [48_000, 480],
    [16_000, 160],
  ])('cuts %i Hz quanta into exact 10 ms frames of %i samples', (rateHz, size) => {
    expect(frameSamples(rateHz)).toBe(size)
    const framer = new MeteredFramer(rateHz)
    const input = Float32Array.from({ length: 100 * QUANTUM }, (_, i) => (i % 1000) / 1000)
    const frames = feed(framer, input)
    expect(frames).toHaveLength(Math.floor(input.length / size))
    for (const f of frames) expect(f.length).toBe(size)
    // Every sample once, in order, as PCM16, nothing lost at a quantum boundary.
    const joined = new Int16Array(frames.length * size)
    frames.forEach((f, k) => joined.set(f, k * size))
    expect(joined).toEqual(Int16Array.from(input.subarray(0, joined.length), pcm16Sample))
    expect(joined.some((s) => s > 16_000)).toBe(true)
  })

  it('hands out a fresh array per frame, so its buffer can be transferred', () => {
    const framer = new MeteredFramer(48_000)
    const frames = feed(framer, new Float32Array(QUANTUM * 8).fill(0.25))
    expect(frames.length).toBeGreaterThan(1)
    expect(new Set(frames.map((f) => f.buffer)).size).toBe(frames.length)
    for (const f of frames) expect(f.byteLength).toBe(f.buffer.byteLength)
  })

  it('measures the level of a known sine', () => {
    const rateHz = 48_000
    const amplitude = 0.5
    // 1 kHz: exactly ten periods per 10 ms frame, so the frame's RMS is amplitude / √2.
    const input = Float32Array.from(
      { length: 40 * QUANTUM },
      (_, i) => amplitude * Math.sin((2 * Math.PI * 1_000 * i) / rateHz),
    )
    const framer = new MeteredFramer(rateHz)
    const levels: number[] = []
    for (let at = 0; at < input.length; at += QUANTUM) {
      for (const f of framer.push(input.subarray(at, at + QUANTUM))) levels.push(f.level)
    }
    // -9.03 dBFS on a -60..0 scale.
    const expected = (60 + 20 * Math.log10(amplitude / Math.SQRT2)) / 60
    expect(levels.length).toBeGreaterThan(5)
    for (const level of levels) expect(level).toBeCloseTo(expected, 4)
  })

  it('maps silence to 0, full scale to 1 and clamps below the floor', () => {
    expect(levelFromRms(0)).toBe(0)
    expect(levelFromRms(1)).toBe(1)
    expect(levelFromRms(2)).toBe(1)
    expect(levelFromRms(0.0001)).toBe(0) // -80 dBFS
    expect(levelFromRms(0.01)).toBeCloseTo(1 / 3, 6) // -40 dBFS
  })
})

describe('LevelFeed', () => {
  it('updates the meter at most 30 times a second, with the loudest frame since the last update', () => {
    const feed = new LevelFeed()
    const levels = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) / 100) // one second of frames
    const updates = levels.map((l) => feed.push(l)).filter((u): u is number => u !== null)
    expect(updates.length).toBeLessThanOrEqual(30)
    expect(updates.length).toBeGreaterThanOrEqual(20)
    const size = FRAMES_PER_UPDATE
    expect(updates[0]).toBe(Math.max(...levels.slice(0, size)))
    expect(updates[1]).toBe(Math.max(...levels.slice(size, 2 * size)))
  })
})
