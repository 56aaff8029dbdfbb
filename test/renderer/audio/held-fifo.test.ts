// The held track's buffer on the audio thread: from `hold` on, every capture frame is the track's (and
// marked so), played only after `release`, in order and whole, then once stopped played out to the end.
import { describe, expect, it } from 'vitest'
import { HELD_MAX_MS, HeldFifo } from '../../../renderer/audio/held-fifo'

const RATE_HZ = 48_000
const FRAME = 480
const QUANTUM = 128

/** Frame `n` holds the samples n*FRAME .. n*FRAME+FRAME-1, each its own index (as PCM16). */
const frame = (n: number): Int16Array =>
  Int16Array.from({ length: FRAME }, (_, i) => (n * FRAME + i) % 32_768)

/** Plays `quanta` render quanta; returns what came out (as PCM16 values) and whether it reported drained. */
function play(fifo: HeldFifo, quanta: number): { out: number[]; drained: number } {
  const out: number[] = []
  let drained = 0
  for (let q = 0; q < quanta; q++) {
    const buffer = new Float32Array(QUANTUM).fill(9)
    if (fifo.play(buffer)) drained++
    out.push(...Array.from(buffer, (s) => Math.round(s * 32_768)))
  }
  return { out, drained }
}

describe('HeldFifo', () => {
  it('takes nothing and plays silence until held', () => {
    const fifo = new HeldFifo(RATE_HZ)
    expect(fifo.take(frame(0))).toBe(false)
    const { out, drained } = play(fifo, 4)
    expect(out.every((s) => s === 0)).toBe(true)
    expect(drained).toBe(0)
  })

  it('keeps the frames from the hold back until the release, then plays them in order and whole', () => {
    const fifo = new HeldFifo(RATE_HZ)
    fifo.take(frame(0))
    fifo.command({ type: 'hold' })
    for (let n = 1; n <= 5; n++) expect(fifo.take(frame(n))).toBe(true)
    // Held: the track is silent, and nothing is lost.
    expect(play(fifo, 10).out.every((s) => s === 0)).toBe(true)
    expect(fifo.heldSamples).toBe(5 * FRAME)
    fifo.command({ type: 'release' })
    // Still taking while it plays: it stays as far behind as it was held.
    fifo.take(frame(6))
    const { out } = play(fifo, Math.ceil((6 * FRAME) / QUANTUM))
    const expected = Array.from({ length: 6 * FRAME }, (_, i) => FRAME + i)
    expect(out.slice(0, 6 * FRAME)).toEqual(expected)
    expect(out.slice(6 * FRAME).every((s) => s === 0)).toBe(true)
  })

  it('after a stop takes no more frames, plays out what it holds and says so once', () => {
    const fifo = new HeldFifo(RATE_HZ)
    fifo.command({ type: 'hold' })
    fifo.take(frame(1))
    fifo.take(frame(2))
    fifo.command({ type: 'stop' })
    expect(fifo.take(frame(3))).toBe(false)
    // Stopped before the release: nothing plays, and it is not drained, until released.
    expect(play(fifo, 20).drained).toBe(0)
    fifo.command({ type: 'release' })
    const quanta = Math.ceil((2 * FRAME) / QUANTUM)
    const first = play(fifo, quanta)
    expect(first.out.slice(0, 2 * FRAME)).toEqual(Array.from({ length: 2 * FRAME }, (_, i) => FRAME + i))
    expect(first.drained).toBe(1)
    expect(play(fifo, 5).drained).toBe(0)
  })

  it('makes room for the backlog a hold names, and only for the press that names it', () => {
    const fifo = new HeldFifo(RATE_HZ)
    fifo.command({ type: 'hold', backlogMs: 3_000 })
    const frames = (HELD_MAX_MS + 3_000) / 10 + 2
    for (let n = 0; n < frames; n++) fifo.take(frame(n))
    expect(fifo.heldSamples).toBe((RATE_HZ * (HELD_MAX_MS + 3_000)) / 1000)
    // The oldest went: what is held starts two frames in.
    fifo.command({ type: 'release' })
    expect(play(fifo, 1).out[0]).toBe(2 * FRAME)
    fifo.command({ type: 'hold' })
    for (let n = 0; n < frames; n++) fifo.take(frame(n))
    expect(fifo.heldSamples).toBe((RATE_HZ * HELD_MAX_MS) / 1000)
  })

  it('drops everything on cancel, and keeps only the last HELD_MAX_MS', () => {
    const fifo = new HeldFifo(RATE_HZ)
    fifo.command({ type: 'hold' })
    const frames = HELD_MAX_MS / 10 + 2
    for (let n = 0; n < frames; n++) fifo.take(frame(n))
    expect(fifo.heldSamples).toBe((RATE_HZ * HELD_MAX_MS) / 1000)
    fifo.command({ type: 'cancel' })
    expect(fifo.heldSamples).toBe(0)
    expect(fifo.take(frame(0))).toBe(false)
  })
})
