// Which profiles a network bench run measures: all by default, or those LOA_BENCH_PROFILES names.
import { describe, expect, it } from 'vitest'
import { PROFILES, chosenProfiles } from '../../../bench/netem/profiles'

describe('chosen profiles', () => {
  it('are all of them unless some are named, and keep the table’s order', () => {
    expect(chosenProfiles(undefined)).toBe(PROFILES)
    expect(chosenProfiles(' ')).toBe(PROFILES)
    expect(chosenProfiles('wifi, 4g').map((p) => p.name)).toEqual(['wifi', '4g'])
    expect(chosenProfiles('slow,good').map((p) => p.name)).toEqual(['good', 'slow'])
  })

  it('refuses a name it does not have, listing those it has', () => {
    expect(() => chosenProfiles('5g')).toThrow(/No network profile 5g \(have good, wifi, 4g, bad, slow\)/)
  })
})
