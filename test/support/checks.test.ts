// The clock check against the real demo service's Date header: this machine's clock moved by a known amount
// (the check's `now`), the skew it reports is that amount, to the Date header's whole second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { CLOCK_SKEW_LIMIT_MS, runChecks } from '../../main/support/checks'

let demo: DemoServer
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 3 })
})
afterAll(async () => {
  await demo.close()
})

const keychain = { backend: 'test', usable: true, problem: null }

async function clockWith(shiftMs: number, language: 'en' | 'vi' = 'en') {
  const checks = await runChecks({
    baseUrl: demo.baseUrl,
    key: demo.keys.ordinary,
    keychain,
    language,
    now: () => Date.now() + shiftMs,
  })
  return checks.find((c) => c.id === 'clock')
}

describe('the clock check', () => {
  it('fails for a clock five minutes ahead, saying by how much and what to do', async () => {
    const clock = await clockWith(5 * 60_000)
    expect(clock?.ok).toBe(false)
    // The Date header has whole seconds: the skew read is 300 s, or 301 s across a second's edge.
    expect(clock?.detail).toMatch(/^this clock is 30[01] s ahead of the gateway's\.$/)
    expect(clock?.hint).toContain('NTP')
  })

  it('fails for a clock behind by more than the limit, in Vietnamese too', async () => {
    const clock = await clockWith(-(CLOCK_SKEW_LIMIT_MS + 10_000), 'vi')
    expect(clock?.ok).toBe(false)
    // Behind, the header's dropped fraction of a second takes from the lag: 70 s, or 69 s.
    expect(clock?.detail).toMatch(/chậm (69|70) giây/)
    expect(clock?.hint).toContain('NTP')
  })

  it('passes for this machine’s own clock, which the demo shares', async () => {
    expect((await clockWith(0))?.ok).toBe(true)
  })
})
