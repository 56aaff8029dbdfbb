// The adaptive jitter buffer on arrival patterns made by the network rig's own schedule: 20 ms frames sent
// in real time over the `good` and `4g` profiles, played through the page's real player logic.
import { describe, expect, it } from 'vitest'
import { simulatePlayout, type Arrival } from '../../../bench/netem/playout-sim'
import { profile } from '../../../bench/netem/profiles'
import { LinkShaper } from '../../../bench/netem/shaper'
import { PlaybackBuffer } from '../../../renderer/audio/playback-buffer'
import { PlayoutTarget } from '../../../renderer/audio/playout-target'

const RATE_HZ = 48_000
const FRAME_MS = 20
const FRAME = (RATE_HZ * FRAME_MS) / 1000

/** `items` answers of `seconds` each, one every `seconds + 2`, in 20 ms frames through the shaper. */
function arrivals(name: string, items: number, seconds: number, loss?: number): Arrival[] {
  const p = profile(name)
  const shaper = new LinkShaper({ ...p, loss: loss ?? p.loss }, { protocol: 'tcp', seed: 11 })
  const out: Arrival[] = []
  for (let item = 0; item < items; item++) {
    const startMs = item * (seconds + 2) * 1000
    for (let f = 0; f < (seconds * 1000) / FRAME_MS; f++) {
      // A PCM16 frame as base64 in a JSON event: about 1,300 bytes.
      const atMs = shaper.schedule(1_300, startMs + f * FRAME_MS) as number
      out.push({ atMs, itemId: `item-${item}`, samples: FRAME })
    }
  }
  return out
}

const adaptive = () => new PlaybackBuffer({ rateHz: RATE_HZ, adaptive: true })
const fixed = (ms: number) => new PlaybackBuffer({ rateHz: RATE_HZ, prefillMs: ms, prefillWaitMs: ms })

describe('adaptive playout', () => {
  it('on a steady link adds no more than one frame, with no underruns', () => {
    const result = simulatePlayout(arrivals('good', 5, 4), adaptive())
    expect(result.underruns).toBe(0)
    expect(result.startDelaysMs).toHaveLength(5)
    expect(Math.max(...result.startDelaysMs)).toBeLessThanOrEqual(FRAME_MS)
    expect(result.audioMs).toBe(5 * 4 * 1000)
  })

  it('on 4g jitter grows after the first answer, then plays with no underruns adding under 120 ms', () => {
    const pattern = arrivals('4g', 6, 4, 0)
    const result = simulatePlayout(pattern, adaptive())
    const later = result.startDelaysMs.slice(1)
    expect(Math.max(...later)).toBeLessThanOrEqual(120)
    expect(Math.max(...later)).toBeGreaterThan(FRAME_MS)
    // The first answer teaches it; the rest play through.
    const afterFirst = simulatePlayout(
      pattern.filter((a) => a.itemId !== 'item-0'),
      withLearned(pattern.filter((a) => a.itemId === 'item-0')),
    )
    expect(afterFirst.underruns).toBe(0)
    // The one-frame buffer of before runs dry on the same arrivals.
    expect(simulatePlayout(pattern, fixed(FRAME_MS)).underruns).toBeGreaterThan(10)
  })

  it('a barge-in reports the samples heard, not those received, while the hold has grown', () => {
    const b = adaptive()
    const pattern = arrivals('4g', 2, 2, 0)
    simulatePlayout(
      pattern.filter((a) => a.itemId === 'item-0'),
      b,
    )
    expect(b.holdSamples).toBeGreaterThan(FRAME)
    // The second answer: every frame received at once, then 60 quanta (160 ms) rendered and the user barges in.
    for (const a of pattern.filter((a) => a.itemId === 'item-1'))
      b.push(a.itemId, new Float32Array(a.samples).fill(0.5))
    b.takeReports()
    const out = new Float32Array(128)
    let heard = 0
    for (let q = 0; q < 60; q++) {
      b.render(out)
      heard += out.filter((s) => s !== 0).length
    }
    expect(heard).toBeGreaterThan(0)
    expect(heard).toBeLessThan(60 * 128)
    b.flush()
    b.render(out)
    const flushed = b.takeReports().find((r) => r.type === 'flushed')
    expect(flushed).toMatchObject({ itemId: 'item-1', playedMs: Math.floor((heard * 1000) / RATE_HZ) })
  })

  it('comes back down once arrivals are steady again', () => {
    const t = new PlayoutTarget({ rateHz: 1_000, floorMs: 20, shrinkMsPerSec: 10 })
    t.startItem(0)
    t.arrived(100, 20) // 80 ms late
    expect(t.samples).toBe(80)
    // Seven seconds of frames on time: 10 ms a second off, down to 20 and no lower.
    for (let ms = 120; ms <= 7_000; ms += 20) t.arrived(ms, ms)
    expect(t.samples).toBe(20)
  })
})

/** A player that has already heard `first` through. */
function withLearned(first: Arrival[]): PlaybackBuffer {
  const b = adaptive()
  simulatePlayout(first, b)
  return b
}
