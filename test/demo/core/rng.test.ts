// Seeded randomness: the same seed and stream give the same numbers; another seed or stream does not.
import { describe, expect, it } from 'vitest'
import { createRng, randomString } from '../../../main/demo/core/rng'

describe('seeded rng', () => {
  it('repeats for the same seed and stream', () => {
    const a = createRng(7, 'x')
    const b = createRng(7, 'x')
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b))
  })

  it('differs across seeds, including seeds whose digits differ in the low bits', () => {
    for (const [s1, s2] of [
      [1, 3],
      [0, 1],
      [2, 6],
      [10, 11],
    ] as const) {
      expect(randomString(createRng(s1, 'key:ordinary'), 12)).not.toBe(
        randomString(createRng(s2, 'key:ordinary'), 12),
      )
    }
  })

  it('differs across streams of one seed and stays in [0, 1)', () => {
    const a = createRng(1, 'a')
    const b = createRng(1, 'b')
    expect(a()).not.toBe(b())
    for (let i = 0; i < 1000; i++) {
      const x = a()
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThan(1)
    }
  })
})
