import { describe, expect, it } from 'vitest'
import { PlaybackBuffer } from '../../../renderer/audio/playback-buffer'
import type { PlaybackReport } from '../../../renderer/audio/port-messages'

const QUANTUM = 128
/** At 1 kHz a sample is a millisecond, so counts in ms are exact sample counts. */
const RATE_HZ = 1_000

/** Samples whose values say where they came from: item base + index. */
function ramp(length: number, base: number): Float32Array {
  return Float32Array.from({ length }, (_, i) => base + i)
}

function renderQuanta(buffer: PlaybackBuffer, count: number): Float32Array {
  const out = new Float32Array(count * QUANTUM)
  for (let q = 0; q < count; q++) buffer.render(out.subarray(q * QUANTUM, (q + 1) * QUANTUM))
  return out
}

/** Renders until the buffer has nothing left; returns the non-silent samples in order. */
function drain(buffer: PlaybackBuffer, maxQuanta = 10_000): number[] {
  const heard: number[] = []
  const quantum = new Float32Array(QUANTUM)
  for (let q = 0; q < maxQuanta && (buffer.queuedSamples > 0 || buffer.playing); q++) {
    buffer.render(quantum)
    for (const s of quantum) if (s !== 0) heard.push(s)
  }
  return heard
}

const ofType = <T extends PlaybackReport['type']>(reports: PlaybackReport[], type: T) =>
  reports.filter((r): r is Extract<PlaybackReport, { type: T }> => r.type === type)

describe('PlaybackBuffer', () => {
  it('holds the first samples of an item until the prefill is there', () => {
    const b = new PlaybackBuffer({ rateHz: 48_000, prefillMs: 20, prefillWaitMs: 20 })
    b.push('a', ramp(960, 1))
    const out = renderQuanta(b, 1)
    expect(Array.from(out)).toEqual(Array.from(ramp(QUANTUM, 1)))
    expect(b.takeReports()).toEqual([{ type: 'started', itemId: 'a' }])
  })

  it('starts with what there is when no more arrives within the wait', () => {
    const b = new PlaybackBuffer({ rateHz: 48_000, prefillMs: 20, prefillWaitMs: 20 })
    b.push('a', ramp(480, 1))
    // 960 samples of waiting is 7.5 quanta: the first 8 stay silent, the 9th plays.
    const waiting = renderQuanta(b, 8)
    expect(waiting.every((s) => s === 0)).toBe(true)
    expect(b.takeReports()).toEqual([])
    const playing = renderQuanta(b, 1)
    expect(Array.from(playing)).toEqual(Array.from(ramp(QUANTUM, 1)))
    expect(b.takeReports()).toEqual([{ type: 'started', itemId: 'a' }])
  })

  it('reports an underrun when the item goes on after running dry, and prefills again', () => {
    const b = new PlaybackBuffer({ rateHz: RATE_HZ, prefillMs: 20, prefillWaitMs: 40 })
    b.push('a', ramp(200, 1))
    expect(drain(b)).toEqual(Array.from(ramp(200, 1)))
    const before = b.takeReports()
    // Running dry alone is not an underrun: it may be the item's end.
    expect(ofType(before, 'underrun')).toEqual([])
    expect(ofType(before, 'played').at(-1)).toEqual({ type: 'played', itemId: 'a', ms: 200 })

    b.push('a', ramp(10, 1_000))
    expect(b.takeReports()).toEqual([{ type: 'underrun', itemId: 'a' }])
    // 10 ms is under the 20 ms prefill: silence until the wait (40 ms) is over.
    expect(renderQuanta(b, 1).every((s) => s === 0)).toBe(true)
    b.push('a', ramp(10, 2_000))
    const resumed = renderQuanta(b, 1)
    expect(Array.from(resumed.subarray(0, 20))).toEqual([...ramp(10, 1_000), ...ramp(10, 2_000)])
    expect(ofType(b.takeReports(), 'played').at(-1)).toEqual({ type: 'played', itemId: 'a', ms: 220 })
  })

  it('silences the next quantum after a flush mid-item and reports played and dropped', () => {
    const b = new PlaybackBuffer({ rateHz: 48_000 })
    b.push('a', ramp(48_000, 1))
    renderQuanta(b, 10)
    b.takeReports()
    b.flush()
    const after = renderQuanta(b, 1)
    expect(after.every((s) => s === 0)).toBe(true)
    expect(b.takeReports()).toEqual([
      {
        type: 'flushed',
        itemId: 'a',
        playedMs: Math.floor((10 * QUANTUM * 1000) / 48_000),
        droppedMs: Math.floor(((48_000 - 10 * QUANTUM) * 1000) / 48_000),
        frames: 0,
      },
    ])
    expect(b.queuedSamples).toBe(0)
  })

  it('counts played samples exactly across chunk boundaries', () => {
    const b = new PlaybackBuffer({ rateHz: RATE_HZ, reportEveryMs: 20 })
    const sizes = [100, 37, 999, 1, 128, 255]
    let base = 1
    const sent: number[] = []
    for (const n of sizes) {
      const chunk = ramp(n, base)
      sent.push(...chunk)
      b.push('a', chunk)
      base += n
    }
    expect(drain(b)).toEqual(sent)
    const played = ofType(b.takeReports(), 'played')
    expect(played.at(-1)?.ms).toBe(sent.length)
    // Reported as it plays: never backwards, never past what was sent.
    const ms = played.map((p) => p.ms)
    expect(ms).toEqual([...ms].sort((x, y) => x - y))
  })

  it('reports what was played every 20 ms, within one quantum', () => {
    const b = new PlaybackBuffer({ rateHz: 48_000, reportEveryMs: 20 })
    b.push('a', ramp(48_000, 1))
    drain(b)
    const played = ofType(b.takeReports(), 'played').map((p) => p.ms)
    expect(played).toHaveLength(50)
    played.forEach((ms, k) => {
      const due = (k + 1) * 20
      expect(ms - due).toBeGreaterThanOrEqual(0)
      expect(ms - due).toBeLessThan((QUANTUM * 1000) / 48_000)
    })
  })

  it('keeps audio that arrives faster than real time, in order', () => {
    const b = new PlaybackBuffer({ rateHz: 24_000 })
    const sent: number[] = []
    // Five seconds of voice delivered before a single quantum is rendered.
    for (let c = 0; c < 50; c++) {
      const chunk = ramp(2_400, c * 10_000 + 1)
      sent.push(...chunk)
      b.push('a', chunk)
    }
    expect(b.queuedSamples).toBe(120_000)
    expect(drain(b)).toEqual(sent)
  })

  it('plays two items back to back and reports each one', () => {
    // Reports only at item changes and the end, not by the clock.
    const b = new PlaybackBuffer({ rateHz: RATE_HZ, reportEveryMs: 60_000 })
    b.push('a', ramp(150, 1))
    b.push('b', ramp(90, 1_000))
    expect(drain(b)).toEqual([...ramp(150, 1), ...ramp(90, 1_000)])
    expect(b.takeReports()).toEqual([
      { type: 'started', itemId: 'a' },
      { type: 'played', itemId: 'a', ms: 150 },
      { type: 'started', itemId: 'b' },
      { type: 'played', itemId: 'b', ms: 90 },
    ])
  })

  it('drops late audio of items cut by a local flush until main flushes too', () => {
    const b = new PlaybackBuffer({ rateHz: RATE_HZ })
    b.push('a', ramp(500, 1))
    renderQuanta(b, 1)
    b.flush(true)
    b.push('a', ramp(100, 1_000))
    expect(b.queuedSamples).toBe(0)
    renderQuanta(b, 1)
    expect(ofType(b.takeReports(), 'flushed')).toEqual([
      { type: 'flushed', itemId: 'a', playedMs: QUANTUM, droppedMs: 500 - QUANTUM, frames: 0 },
    ])
    // Main's flush finds the player already silent: nothing more to report.
    b.flush()
    renderQuanta(b, 1)
    expect(b.takeReports()).toEqual([])
    b.push('b', ramp(100, 1))
    expect(b.queuedSamples).toBe(100)
  })

  it('names the queued item when a flush comes before it started', () => {
    const b = new PlaybackBuffer({ rateHz: 48_000 })
    b.push('a', ramp(480, 1))
    b.flush()
    renderQuanta(b, 1)
    expect(b.takeReports()).toEqual([{ type: 'flushed', itemId: 'a', playedMs: 0, droppedMs: 10, frames: 0 }])
  })
})
