import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodePortMessage, encodePortMessage } from '../../preload/port-codec'

describe('audio port frames', () => {
  it('carry typed arrays as bytes and the rest as JSON', () => {
    const samples = new Float32Array([0, 0.5, -1, 1e-7, 0.25])
    const msg = { type: 'capture', rateHz: 44100, samples, nested: { pcm: new Int16Array([1, -2, 32767]) } }
    const frame = encodePortMessage(msg)
    // Five float32s are 20 bytes: the JSON does not spell them out.
    expect(new TextDecoder().decode(frame)).not.toContain('0.25')
    expect(decodePortMessage(frame)).toEqual(msg)
  })

  it('round-trip any message (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          type: fc.string(),
          id: fc.integer(),
          a: fc.float32Array({ noNaN: true }),
          b: fc.int16Array(),
          c: fc.uint8Array(),
        }),
        (msg) => {
          expect(decodePortMessage(encodePortMessage(msg))).toEqual(msg)
        },
      ),
    )
  })

  it('decode from a Node Buffer that shares its memory pool', () => {
    const frame = encodePortMessage({ s: new Float32Array([0.25, -0.5]) })
    const pool = Buffer.alloc(frame.length + 100, 0xff)
    const buf = pool.subarray(37, 37 + frame.length)
    buf.set(frame)
    expect(decodePortMessage(buf)).toEqual({ s: new Float32Array([0.25, -0.5]) })
  })

  it('keep subarray views to their own bytes', () => {
    const big = new Float32Array([9, 1, 2, 3, 9])
    const out = decodePortMessage(encodePortMessage({ s: big.subarray(1, 4) })) as { s: Float32Array }
    expect([...out.s]).toEqual([1, 2, 3])
  })

  it('reject truncated or lying frames with an error, never a crash elsewhere', () => {
    const good = encodePortMessage({ s: new Float32Array(8) })
    expect(() => decodePortMessage(good.slice(0, 2))).toThrow()
    expect(() => decodePortMessage(good.slice(0, good.length - 4))).toThrow(/out of range/)
    const lying = new Uint8Array(good)
    new DataView(lying.buffer).setUint32(0, 1_000_000, true)
    expect(() => decodePortMessage(lying)).toThrow(/overruns/)
  })
})
