import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { floatToInt16, int16ToFloat } from '../../main/audio/pcm'
import { createResampler, resample, type Resampler } from '../../main/audio/resampler'
import { concat } from './support/convert'
import { alignedSnrDb, multitone, seededRandom } from './support/signal'

const PAIRS = [
  [48000, 16000],
  [44100, 16000],
  [24000, 48000],
  [24000, 44100],
  [16000, 48000],
  [22050, 16000],
  [16000, 16000],
] as const

function noise(length: number, seed: number, amplitude = 0.5): Float32Array {
  const random = seededRandom(seed)
  return Float32Array.from({ length }, () => (random() * 2 - 1) * amplitude)
}

/** Splits `input` at the given cut points (sorted, deduplicated, within bounds), keeping frames whole. */
function chunksOf<T extends Float32Array | Int16Array>(input: T, cutFrames: number[], channels = 1): T[] {
  const frames = input.length / channels
  const cuts = [...new Set(cutFrames.map((cut) => Math.min(cut, frames)))].sort((a, b) => a - b)
  const chunks: T[] = []
  let start = 0
  for (const cut of [...cuts, frames]) {
    chunks.push(input.subarray(start * channels, cut * channels) as T)
    start = cut
  }
  return chunks
}

function expectSameBits(actual: Float32Array, expected: Float32Array): void {
  expect(actual.length).toBe(expected.length)
  const actualBits = new Uint32Array(actual.buffer, actual.byteOffset, actual.length)
  const expectedBits = new Uint32Array(expected.buffer, expected.byteOffset, expected.length)
  const firstDifference = actualBits.findIndex((bits, index) => bits !== expectedBits[index])
  expect(firstDifference).toBe(-1)
}

function oneShot(resampler: Resampler, input: Float32Array | Int16Array): Float32Array {
  return concat(resampler.process(input), resampler.flush())
}

describe('chunked output is bit-identical to one-shot output', () => {
  it('for any chunking of any signal, on every rate pair', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAIRS),
        fc.integer({ min: 0, max: 6000 }),
        fc.array(fc.integer({ min: 0, max: 6000 }), { maxLength: 12 }),
        fc.integer(),
        ([inputRateHz, outputRateHz], length, cuts, seed) => {
          const input = noise(length, seed)
          const expected = oneShot(createResampler({ inputRateHz, outputRateHz }), input)
          const streaming = createResampler({ inputRateHz, outputRateHz })
          const parts = chunksOf(input, cuts).map((chunk) => streaming.process(chunk))
          expectSameBits(concat(...parts, streaming.flush()), expected)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('when writing into a reused caller buffer, as Int16, with interleaved stereo', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAIRS),
        fc.integer({ min: 0, max: 3000 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 8 }),
        fc.integer(),
        ([inputRateHz, outputRateHz], frames, cuts, seed) => {
          const options = { inputRateHz, outputRateHz, channels: 2 }
          const input = floatToInt16(noise(frames * 2, seed))
          const reference = createResampler(options)
          const expected = floatToInt16(oneShot(reference, input))

          const streaming = createResampler(options)
          const buffer = new Int16Array(streaming.maxOutputLength(6000) + streaming.delaySamples * 2)
          const collected: number[] = []
          for (const chunk of chunksOf(input, cuts, 2)) {
            const written = streaming.processInto(chunk, buffer)
            collected.push(...buffer.subarray(0, written))
          }
          collected.push(...buffer.subarray(0, streaming.flushInto(buffer)))
          const actual = Int16Array.from(collected)
          // Int16 output rounds the Float64 sum directly; the Float32 path rounds it first. They may
          // differ by one step when a value lands right at a rounding boundary, nowhere else.
          expect(actual.length).toBe(expected.length)
          let maxStep = 0
          for (let i = 0; i < actual.length; i++)
            maxStep = Math.max(maxStep, Math.abs(actual[i]! - expected[i]!))
          expect(maxStep).toBeLessThanOrEqual(1)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('lengths', () => {
  it.each(PAIRS)(
    '%i Hz -> %i Hz: process returns outputLength samples; with flush, ceil(n·out/in) + delay',
    (inputRateHz, outputRateHz) => {
      const resampler = createResampler({ inputRateHz, outputRateHz })
      const random = seededRandom(inputRateHz)
      let fed = 0
      let produced = 0
      for (let call = 0; call < 40; call++) {
        const length = Math.floor(random() * 1500)
        const predicted = resampler.outputLength(length)
        expect(predicted).toBeLessThanOrEqual(resampler.maxOutputLength(length))
        const output = resampler.process(noise(length, call))
        expect(output.length).toBe(predicted)
        fed += length
        produced += output.length
      }
      expect(produced).toBe(Math.ceil((fed * outputRateHz) / inputRateHz))
      expect(resampler.flush()).toHaveLength(resampler.delaySamples)
    },
  )

  it('resample() removes the delay: the output lines up with the input, ceil(n·out/in) long', () => {
    const components = [
      { frequencyHz: 440, amplitude: 0.3, phase: 0.1 },
      { frequencyHz: 3100, amplitude: 0.2, phase: 1.3 },
      { frequencyHz: 6200, amplitude: 0.1, phase: 2.2 },
    ]
    const input = Float32Array.from(multitone(components, 44100, 4410))
    const output = resample(input, { inputRateHz: 44100, outputRateHz: 16000 })
    expect(output).toHaveLength(1600)
    const ideal = multitone(components, 16000, 1600)
    expect(alignedSnrDb(output, ideal, 0, 100, 1500)).toBeGreaterThan(100)
  })
})

describe('input and output sample formats', () => {
  it('treats Int16 input as the same audio as its Float32 conversion (/32768)', () => {
    const ints = floatToInt16(noise(5000, 7, 0.9))
    const fromInts = oneShot(createResampler({ inputRateHz: 48000, outputRateHz: 16000 }), ints)
    const fromFloats = oneShot(
      createResampler({ inputRateHz: 48000, outputRateHz: 16000 }),
      int16ToFloat(ints),
    )
    expectSameBits(fromInts, fromFloats)
  })

  it('rounds and clips Int16 output where the filter overshoots full scale', () => {
    // A full-scale square wave rings past ±1 after low-pass filtering (Gibbs).
    const square = Float32Array.from({ length: 4800 }, (_, n) => (Math.floor(n / 60) % 2 === 0 ? 1 : -1))
    const resampler = createResampler({ inputRateHz: 48000, outputRateHz: 16000 })
    const floats = resampler.process(square)
    expect(Math.max(...floats)).toBeGreaterThan(1)
    expect(Math.min(...floats)).toBeLessThan(-1)
    resampler.reset()
    const ints = new Int16Array(resampler.outputLength(square.length))
    resampler.processInto(square, ints)
    expect(Math.max(...ints)).toBe(32767)
    expect(Math.min(...ints)).toBe(-32768)
    for (let i = 0; i < ints.length; i++) {
      const exact = Math.min(32767, Math.max(-32768, floats[i]! * 32768))
      expect(Math.abs(ints[i]! - exact)).toBeLessThanOrEqual(0.51)
    }
  })
})

describe('flush and reset', () => {
  it('flush drains exactly the delay, then starts a new stream', () => {
    const input = noise(2000, 3)
    const resampler = createResampler({ inputRateHz: 24000, outputRateHz: 44100 })
    const first = oneShot(resampler, input)
    const tail = first.subarray(first.length - resampler.delaySamples)
    expect(tail.some((value) => value !== 0)).toBe(true)
    // After a flush the same input gives the same output again: no state carried over.
    expectSameBits(oneShot(resampler, input), first)
  })

  it('flush with nothing fed yields nothing', () => {
    const resampler = createResampler({ inputRateHz: 48000, outputRateHz: 16000 })
    expect(resampler.flush()).toHaveLength(0)
    resampler.process(new Float32Array(0))
    expect(resampler.flush()).toHaveLength(0)
  })

  it('reset mid-stream forgets everything fed before it', () => {
    const resampler = createResampler({ inputRateHz: 44100, outputRateHz: 16000 })
    resampler.process(noise(3001, 11))
    resampler.reset()
    const input = noise(4000, 12)
    expectSameBits(
      oneShot(resampler, input),
      oneShot(createResampler({ inputRateHz: 44100, outputRateHz: 16000 }), input),
    )
  })
})

describe('channels', () => {
  it('resamples each interleaved channel exactly as it would alone', () => {
    const channels = 3
    const mono = [noise(3000, 1), noise(3000, 2), noise(3000, 3)]
    const interleaved = new Float32Array(3000 * channels)
    mono.forEach((samples, channel) =>
      samples.forEach((value, n) => (interleaved[n * channels + channel] = value)),
    )
    const options = { inputRateHz: 44100, outputRateHz: 16000 }
    // One large chunk makes the per-channel histories grow and move in memory on the way.
    const streaming = createResampler({ ...options, channels })
    const together = concat(
      streaming.process(interleaved.subarray(0, 30)),
      streaming.process(interleaved.subarray(30)),
      streaming.flush(),
    )
    mono.forEach((samples, channel) => {
      const alone = oneShot(createResampler(options), samples)
      const extracted = together.filter((_, index) => index % channels === channel)
      expectSameBits(extracted, alone)
    })
  })
})

describe('invalid use', () => {
  it('rejects rates that are not positive integers, or whose ratio needs too many phases', () => {
    expect(() => createResampler({ inputRateHz: 44100.5, outputRateHz: 16000 })).toThrow(RangeError)
    expect(() => createResampler({ inputRateHz: 0, outputRateHz: 16000 })).toThrow(RangeError)
    expect(() => createResampler({ inputRateHz: 44101, outputRateHz: 48000 })).toThrow(/needs L = 48000/)
  })

  it('rejects a bad channel count or a length that is not whole frames', () => {
    expect(() => createResampler({ inputRateHz: 48000, outputRateHz: 16000, channels: 0 })).toThrow(
      RangeError,
    )
    const stereo = createResampler({ inputRateHz: 48000, outputRateHz: 16000, channels: 2 })
    expect(() => stereo.process(new Float32Array(3))).toThrow(/whole number of 2-channel frames/)
  })

  it('refuses an output buffer that is too small, and leaves the stream as it was', () => {
    const input = noise(960, 5)
    const resampler = createResampler({ inputRateHz: 48000, outputRateHz: 16000 })
    expect(() => resampler.processInto(input, new Float32Array(319))).toThrow(RangeError)
    expectSameBits(
      oneShot(resampler, input),
      oneShot(createResampler({ inputRateHz: 48000, outputRateHz: 16000 }), input),
    )
    resampler.process(input)
    expect(() => resampler.flushInto(new Float32Array(resampler.delaySamples - 1))).toThrow(RangeError)
  })
})
