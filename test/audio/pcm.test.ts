import { describe, expect, it } from 'vitest'
import {
  base64Pcm16ToFloat,
  base64ToInt16,
  bytesToInt16,
  floatToBase64Pcm16,
  floatToInt16,
  floatToInt16Sample,
  int16ToBase64,
  int16ToBytes,
  int16ToFloat,
} from '../../main/audio/pcm'

describe('Float32 <-> Int16', () => {
  it('rounds to the nearest step and clips to the Int16 range', () => {
    const input = Float32Array.of(
      0,
      0.49 / 32768,
      0.51 / 32768,
      -0.51 / 32768,
      1,
      -1,
      1.5,
      -1.5,
      32767 / 32768,
    )
    expect([...floatToInt16(input)]).toEqual([0, 0, 1, -1, 32767, -32768, 32767, -32768, 32767])
  })

  it('maps NaN to silence and infinities to full scale', () => {
    expect([...floatToInt16(Float32Array.of(Number.NaN, Infinity, -Infinity))]).toEqual([0, 32767, -32768])
    expect(floatToInt16Sample(Number.NaN)).toBeNaN()
  })

  it('scales Int16 by 1/32768, so every Int16 value survives the round trip', () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768)
    const floats = int16ToFloat(all)
    expect(floats[0]).toBe(-1)
    expect(floats[65535]).toBe(32767 / 32768)
    expect(floatToInt16(floats)).toEqual(all)
  })

  it('writes into a caller buffer, and refuses one that is too small', () => {
    const target = new Int16Array(4)
    expect(floatToInt16(Float32Array.of(0.5, -0.5), target)).toBe(target)
    expect([...target]).toEqual([16384, -16384, 0, 0])
    expect(() => floatToInt16(Float32Array.of(0.5, -0.5), new Int16Array(1))).toThrow(RangeError)
    expect(() => int16ToFloat(Int16Array.of(1, 2), new Float32Array(1))).toThrow(RangeError)
  })

  it('handles empty input', () => {
    expect(floatToInt16(new Float32Array(0))).toHaveLength(0)
    expect(int16ToFloat(new Int16Array(0))).toHaveLength(0)
  })
})

describe('PCM16 bytes and base64', () => {
  it('encodes little-endian', () => {
    const samples = Int16Array.of(1, -2, 256)
    expect([...int16ToBytes(samples)]).toEqual([0x01, 0x00, 0xfe, 0xff, 0x00, 0x01])
    expect(int16ToBase64(samples)).toBe('AQD+/wAB')
    expect([...base64ToInt16('AQD+/wAB')]).toEqual([1, -2, 256])
  })

  it('encodes only the samples a subarray view covers', () => {
    const samples = Int16Array.of(9, 1, -2, 256, 9)
    expect(int16ToBase64(samples.subarray(1, 4))).toBe('AQD+/wAB')
  })

  it('ignores a trailing odd byte, and decodes empty input to no samples', () => {
    // Bytes 01 00 02: one whole sample and half of another.
    expect([...base64ToInt16(Buffer.from([1, 0, 2]).toString('base64'))]).toEqual([1])
    expect(base64ToInt16('')).toHaveLength(0)
    expect(int16ToBase64(new Int16Array(0))).toBe('')
    expect([...bytesToInt16(Uint8Array.of(1, 0, 2))]).toEqual([1])
  })

  it('round-trips random audio through base64', () => {
    const samples = Int16Array.from({ length: 4801 }, (_, i) => ((i * 7919) % 65536) - 32768)
    expect(base64ToInt16(int16ToBase64(samples))).toEqual(samples)
    const floats = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10) * 0.9)
    const decoded = base64Pcm16ToFloat(floatToBase64Pcm16(floats))
    for (let i = 0; i < floats.length; i++)
      expect(Math.abs(decoded[i]! - floats[i]!)).toBeLessThanOrEqual(0.5 / 32768)
  })

  it('decodes into memory of its own, safe to transfer to another thread', () => {
    const first = base64ToInt16(int16ToBase64(Int16Array.of(1, 2, 3)))
    const second = base64ToInt16(int16ToBase64(Int16Array.of(4, 5, 6)))
    expect(first.byteOffset).toBe(0)
    expect(first.buffer.byteLength).toBeLessThan(16)
    const moved = structuredClone(first, { transfer: [first.buffer] })
    expect([...moved]).toEqual([1, 2, 3])
    expect([...second]).toEqual([4, 5, 6])
  })

  it('reads bytes at an odd offset by copying, and at an even offset as a view', () => {
    const backing = Uint8Array.of(0xaa, 0x01, 0x00, 0xfe, 0xff, 0xbb)
    const unaligned = backing.subarray(1, 5)
    expect([...bytesToInt16(unaligned)]).toEqual([1, -2])
    const aligned = backing.subarray(2, 6)
    const view = bytesToInt16(aligned)
    expect([...view]).toEqual([-512, -17409])
    backing[2] = 0x05
    expect(view[0]).toBe(-512 + 5)
  })
})
