import { describe, expect, it } from 'vitest'
import { resampleLinear } from '../../../renderer/audio/linear-resample'
import { parseMainMessage } from '../../../renderer/audio/port-messages'

describe('parseMainMessage', () => {
  it('reads playback, flush and pong', () => {
    const samples = new Float32Array([0.1, 0.2])
    expect(parseMainMessage({ type: 'playback', rateHz: 48_000, samples, itemId: 'i1' })).toEqual({
      type: 'playback',
      rateHz: 48_000,
      samples,
      itemId: 'i1',
    })
    expect(parseMainMessage({ type: 'flush' })).toEqual({ type: 'flush' })
    expect(parseMainMessage({ type: 'pong', id: 3 })).toEqual({ type: 'pong', id: 3 })
  })

  it('ignores what is malformed', () => {
    expect(parseMainMessage(null)).toBeNull()
    expect(parseMainMessage('flush')).toBeNull()
    expect(parseMainMessage({ type: 'playback', rateHz: 48_000, samples: [0.1], itemId: 'i1' })).toBeNull()
    expect(
      parseMainMessage({ type: 'playback', rateHz: 0, samples: new Float32Array(1), itemId: 'i' }),
    ).toBeNull()
    expect(parseMainMessage({ type: 'capture' })).toBeNull()
  })
})

describe('resampleLinear', () => {
  it('leaves audio at the right rate alone', () => {
    const x = new Float32Array([1, 2, 3])
    expect(resampleLinear(x, 48_000, 48_000)).toBe(x)
  })

  it('doubles the rate by interpolating between samples', () => {
    const out = resampleLinear(new Float32Array([0, 1, 0, -1]), 24_000, 48_000)
    expect(Array.from(out)).toEqual([0, 0.5, 1, 0.5, 0, -0.5, -1, -1])
  })

  it('keeps the duration', () => {
    expect(resampleLinear(new Float32Array(240), 24_000, 44_100)).toHaveLength(441)
  })
})
