// Base64 <-> PCM16: bytes in = samples out, for any length and any buffer alignment.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { base64ToInt16, bytesToInt16, int16ToBase64, samplesToMs } from '../../main/audio/pcm'

/** The reference: read each little-endian sample with Buffer. */
function referenceSamples(bytes: Uint8Array): number[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return Array.from({ length: bytes.length >> 1 }, (_, i) => b.readInt16LE(i * 2))
}

describe('PCM16 base64', () => {
  test('decodes exactly the bytes given, dropping only a trailing odd byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4099 }), (bytes) => {
        const samples = base64ToInt16(Buffer.from(bytes).toString('base64'))
        expect(samples.length).toBe(bytes.length >> 1)
        expect(Array.from(samples)).toEqual(referenceSamples(bytes))
        expect(
          Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).equals(
            Buffer.from(bytes.subarray(0, samples.length * 2)),
          ),
        ).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  test('round-trips any samples exactly', () => {
    fc.assert(
      fc.property(fc.int16Array({ maxLength: 4096 }), (samples) => {
        expect(base64ToInt16(int16ToBase64(samples))).toEqual(samples)
      }),
      { numRuns: 300 },
    )
  })

  test('reads bytes at an odd offset of a shared buffer, and encodes a view of part of a buffer', () => {
    const host = new Uint8Array([9, 0x01, 0x00, 0xff, 0x7f, 0x00, 0x80, 9])
    expect(Array.from(bytesToInt16(host.subarray(1, 7)))).toEqual([1, 32767, -32768])
    const wide = new Int16Array([5, -2, 300, 7])
    expect(int16ToBase64(wide.subarray(1, 3))).toBe(Buffer.from([0xfe, 0xff, 0x2c, 0x01]).toString('base64'))
  })

  test('odd and empty inputs', () => {
    expect(Array.from(base64ToInt16(Buffer.from([0x34, 0x12, 0x99]).toString('base64')))).toEqual([0x1234])
    expect(base64ToInt16('')).toEqual(new Int16Array(0))
    expect(base64ToInt16('%%%')).toEqual(new Int16Array(0))
    expect(int16ToBase64(new Int16Array(0))).toBe('')
  })

  test('ms of audio are whole and rounded down', () => {
    expect(samplesToMs(24_000, 24_000)).toBe(1000)
    expect(samplesToMs(23, 24_000)).toBe(0)
    expect(samplesToMs(481, 24_000)).toBe(20)
    expect(samplesToMs(100, 0)).toBe(0)
  })
})
