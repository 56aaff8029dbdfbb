import { describe, expect, it } from 'vitest'
import startWav from '../../../assets/sounds/talk-start.wav?inline'
import stopWav from '../../../assets/sounds/talk-stop.wav?inline'
import { dataUrlBytes } from '../../../renderer/audio/cue-sounds'

interface Pcm16Wav {
  sampleRateHz: number
  channels: number
  bitsPerSample: number
  samples: Float32Array
}

/** Reads the RIFF header and the data chunk of a plain PCM WAV, byte by byte. */
function readPcmWav(bytes: Uint8Array): Pcm16Wav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const id = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  expect(id(0)).toBe('RIFF')
  expect(id(8)).toBe('WAVE')
  let fmt: Omit<Pcm16Wav, 'samples'> | null = null
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true)
    if (id(at) === 'fmt ') {
      expect(view.getUint16(at + 8, true)).toBe(1) // PCM
      fmt = {
        channels: view.getUint16(at + 10, true),
        sampleRateHz: view.getUint32(at + 12, true),
        bitsPerSample: view.getUint16(at + 22, true),
      }
    } else if (id(at) === 'data' && fmt) {
      const samples = Float32Array.from(
        { length: size / 2 },
        (_, i) => view.getInt16(at + 8 + 2 * i, true) / 32768,
      )
      return { ...fmt, samples }
    }
    at += 8 + size + (size % 2)
  }
  throw new Error('no data chunk')
}

/** The average frequency of a stretch, from its zero crossings. */
function pitchHz(samples: Float32Array, rateHz: number): number {
  let crossings = 0
  for (let i = 1; i < samples.length; i++) {
    if ((samples[i - 1] as number) < 0 !== (samples[i] as number) < 0) crossings++
  }
  return (crossings / 2) * (rateHz / samples.length)
}

describe('talk cues', () => {
  it.each([
    ['start', startWav, 'rises'],
    ['stop', stopWav, 'falls'],
  ])('the %s cue is a short, soft 24 kHz mono WAV whose pitch %s', (_kind, url, direction) => {
    const wav = readPcmWav(dataUrlBytes(url))
    expect(wav.sampleRateHz).toBe(24_000)
    expect(wav.channels).toBe(1)
    expect(wav.bitsPerSample).toBe(16)
    expect((wav.samples.length * 1000) / wav.sampleRateHz).toBeLessThanOrEqual(120)
    const peak = wav.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)
    expect(peak).toBeGreaterThan(0.05)
    expect(peak).toBeLessThan(0.3)
    // Silent at both ends: no click when it starts or stops.
    expect(Math.abs(wav.samples[0] as number)).toBeLessThan(0.001)
    expect(Math.abs(wav.samples.at(-1) as number)).toBeLessThan(0.001)
    const quarter = Math.floor(wav.samples.length / 4)
    const first = pitchHz(wav.samples.subarray(0, quarter), wav.sampleRateHz)
    const last = pitchHz(wav.samples.subarray(wav.samples.length - quarter), wav.sampleRateHz)
    expect(direction === 'rises' ? last > first * 1.2 : first > last * 1.2).toBe(true)
  })

  it('refuses what is not a base64 data: URL', () => {
    expect(() => dataUrlBytes('https://example.com/a.wav')).toThrow()
    expect(Array.from(dataUrlBytes('data:audio/wav;base64,AAEC'))).toEqual([0, 1, 2])
  })
})
