// The rig's schedule, by numbers: the delay it adds, how many packets it loses for a seed, the time a
// bandwidth cap takes, TCP's in-order retransmission hold and the outage windows.
import { describe, expect, it } from 'vitest'
import { profile, retransmissionTimeoutMs, type NetworkProfile } from '../../../bench/netem/profiles'
import { LinkShaper } from '../../../bench/netem/shaper'

const flat = (over: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'test',
  rttMs: 100,
  jitterMs: 0,
  loss: 0,
  bitsPerSec: null,
  ...over,
})

describe('LinkShaper', () => {
  it('adds half the round trip, within the jitter, averaging half the round trip', () => {
    const p = profile('4g')
    const s = new LinkShaper({ ...p, loss: 0, bitsPerSec: null }, { protocol: 'udp', seed: 3 })
    const delays = Array.from(
      { length: 10_000 },
      (_, i) => (s.schedule(100, i * 1_000) as number) - i * 1_000,
    )
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(p.rttMs / 2 - p.jitterMs)
    expect(Math.max(...delays)).toBeLessThanOrEqual(p.rttMs / 2 + p.jitterMs)
    const mean = delays.reduce((a, b) => a + b, 0) / delays.length
    // Uniform jitter of ±40 ms: the standard error of the mean over 10,000 is 0.23 ms.
    expect(Math.abs(mean - p.rttMs / 2)).toBeLessThan(1)
  })

  it('loses the profile’s share of UDP packets, the same ones for the same seed', () => {
    const run = (seed: number) => {
      const s = new LinkShaper(profile('bad'), { protocol: 'udp', seed })
      return Array.from({ length: 20_000 }, (_, i) => s.schedule(200, i * 20) === null)
    }
    const lost = run(7).filter(Boolean).length
    // 5 % of 20,000 is 1,000; four standard deviations is 123.
    expect(lost).toBeGreaterThan(1_000 - 123)
    expect(lost).toBeLessThan(1_000 + 123)
    expect(run(7)).toEqual(run(7))
    expect(run(8)).not.toEqual(run(7))
  })

  it('over TCP holds a lost segment for a retransmission timeout and delivers everything in order', () => {
    const p = flat({ loss: 0.3 })
    const s = new LinkShaper(p, { protocol: 'tcp', seed: 5 })
    const rto = retransmissionTimeoutMs(p)
    const sentAt = Array.from({ length: 1_000 }, (_, i) => i * 1_000)
    const out = sentAt.map((t) => s.schedule(1_000, t) as number)
    const held = out.filter((t, i) => t - (sentAt[i] as number) === 50 + rto).length
    const straight = out.filter((t, i) => t - (sentAt[i] as number) === 50).length
    expect(held).toBe(s.lost)
    expect(held + straight).toBe(1_000)
    expect(held).toBeGreaterThan(200)

    // Back to back, a held segment holds up those behind it.
    const b = new LinkShaper(p, { protocol: 'tcp', seed: 5 })
    const burst = Array.from({ length: 1_000 }, () => b.schedule(1_000, 0) as number)
    expect(burst).toEqual([...burst].sort((x, y) => x - y))
  })

  it('a bandwidth cap serialises packets: 10 Mbit through 2 Mbit/s takes 5 s', () => {
    const s = new LinkShaper(flat({ bitsPerSec: 2_000_000 }), { protocol: 'udp', seed: 1 })
    let last = 0
    for (let i = 0; i < 1_000; i++) last = s.schedule(1_250, 0) as number
    expect(last).toBe(5_000 + 50)
  })

  it('loses UDP packets sent into an outage, and releases TCP at the first retransmission after it', () => {
    const outages = [{ atMs: 1_000, durationMs: 5_000, kind: 'blackhole' as const }]
    const udp = new LinkShaper(flat({}), { protocol: 'udp', seed: 1, outages })
    const fate = Array.from({ length: 100 }, (_, i) => udp.schedule(100, i * 100))
    expect(fate.filter((t) => t === null)).toHaveLength(50)
    expect(fate.findIndex((t) => t === null)).toBe(10)

    const tcp = new LinkShaper(flat({}), { protocol: 'tcp', seed: 1, outages })
    const rto = retransmissionTimeoutMs(flat({}))
    // 200 ms, then 400, 800, 1600, 3200: the fifth retransmission, 6.2 s after the outage began.
    expect(rto).toBe(200)
    expect(tcp.schedule(100, 2_000)).toBe(1_000 + 6_200 + 50)
    expect(tcp.schedule(100, 6_000)).toBe(6_050 + 1_200)
  })
})
