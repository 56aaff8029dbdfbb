// Microphone frames to 16 kHz PCM16 in 20 ms frames: known sines in, the same tone out, whatever the
// device rate and however the renderer chunks it.
import { describe, expect, it } from 'vitest'
import { UplinkFramer, FRAME_SAMPLES } from '../../../main/realtime/engine/uplink-framer'
import { canMove } from '../../../main/realtime/engine/engine-state'

function sine(hz: number, rateHz: number, samples: number): Float32Array {
  const out = new Float32Array(samples)
  for (let i = 0; i < samples; i++) out[i] = 0.5 * Math.sin((2 * Math.PI * hz * i) / rateHz)
  return out
}

function feed(framer: UplinkFramer, rateHz: number, signal: Float32Array, chunk: number): Int16Array[] {
  const frames: Int16Array[] = []
  for (let at = 0; at < signal.length; at += chunk)
    frames.push(...framer.push(rateHz, signal.subarray(at, at + chunk)))
  return [...frames, ...framer.end()]
}

function joined(frames: Int16Array[]): Int16Array {
  const out = new Int16Array(frames.reduce((n, f) => n + f.length, 0))
  let at = 0
  for (const f of frames) {
    out.set(f, at)
    at += f.length
  }
  return out
}

/** Frequency by counting upward zero crossings over the steady middle of the signal. */
function frequencyHz(pcm: Int16Array, rateHz: number): number {
  const from = Math.floor(pcm.length * 0.1)
  const to = Math.floor(pcm.length * 0.9)
  let crossings = 0
  for (let i = from + 1; i < to; i++) if ((pcm[i - 1] as number) < 0 && (pcm[i] as number) >= 0) crossings++
  return (crossings * rateHz) / (to - from)
}

describe('UplinkFramer', () => {
  it.each([48_000, 44_100, 24_000, 22_050, 8_000])(
    'turns %i Hz into 20 ms frames of a 16 kHz 440 Hz tone',
    (rateHz) => {
      const framer = new UplinkFramer()
      const frames = feed(framer, rateHz, sine(440, rateHz, rateHz), 480)
      expect(frames.slice(0, -1).every((f) => f.length === FRAME_SAMPLES)).toBe(true)
      const pcm = joined(frames)
      // One second in, one second out, plus the filter's drained delay (a few ms).
      expect(pcm.length).toBeGreaterThanOrEqual(16_000)
      expect(pcm.length).toBeLessThanOrEqual(16_000 + 80)
      expect(frequencyHz(pcm, 16_000)).toBeCloseTo(440, -1)
    },
  )

  it('gives the same samples however the input is chunked', () => {
    const signal = sine(300, 48_000, 48_000)
    const a = joined(feed(new UplinkFramer(), 48_000, signal, 128))
    const b = joined(feed(new UplinkFramer(), 48_000, signal, 997))
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true)
  })

  it('passes 16 kHz through sample for sample', () => {
    const signal = sine(1_000, 16_000, 1_000)
    const pcm = joined(feed(new UplinkFramer(), 16_000, signal, 100))
    expect(Array.from(pcm)).toEqual(Array.from(signal, (v) => Math.round(v * 32_768) + 0))
  })

  it('counts the device milliseconds of a press and starts clean after end()', () => {
    const framer = new UplinkFramer()
    framer.push(48_000, sine(440, 48_000, 4_800))
    expect(framer.inputMs).toBe(100)
    framer.end()
    expect(framer.inputMs).toBe(0)
    expect(framer.end()).toEqual([])
  })

  it('follows a device that changes rate mid-press', () => {
    const framer = new UplinkFramer()
    const frames = [
      ...framer.push(48_000, sine(440, 48_000, 24_000)),
      ...framer.push(44_100, sine(440, 44_100, 22_050)),
    ]
    const pcm = joined([...frames, ...framer.end()])
    expect(pcm.length).toBeGreaterThanOrEqual(16_000)
    // The switch itself costs a couple of ms of filter transient, nothing more.
    expect(Math.abs(frequencyHz(pcm, 16_000) - 440)).toBeLessThan(10)
  })
})

describe('the state table', () => {
  it.each([
    ['idle', 'creating', true],
    ['creating', 'connecting', true],
    ['connecting', 'listening', true],
    ['listening', 'thinking', true],
    ['thinking', 'speaking', true],
    ['speaking', 'listening', true],
    ['ready', 'reconnecting', true],
    ['reconnecting', 'creating', true],
    ['speaking', 'ending', true],
    ['ending', 'ended', true],
    ['ended', 'creating', true],
    ['idle', 'speaking', false],
    ['ended', 'ready', false],
    ['ending', 'idle', false],
    ['creating', 'speaking', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed)
  })
})
