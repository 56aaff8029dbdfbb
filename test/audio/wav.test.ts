import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { downmixToMono, readWav, WavFormatError, writeWav } from '../../main/audio/wav'
import { createSpeechFixtures } from './support/speech'

const fixtures = createSpeechFixtures('Loa reads this file.')
afterAll(() => fixtures.dispose())

/** What sox itself decodes from a file, as raw little-endian Float32. */
function soxDecode(path: string): Float32Array {
  const raw = execFileSync('sox', [path, '-t', 'f32', '-e', 'floating-point', '-'], { maxBuffer: 1 << 28 })
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength))
}

function soxi(path: string, flag: string): number {
  return Number(execFileSync('soxi', [flag, path]).toString().trim())
}

function sox(from: string, to: string, options: readonly string[], effects: readonly string[]): string {
  const path = join(fixtures.dir, to)
  execFileSync('sox', [from, ...options, path, ...effects])
  return path
}

describe('reading WAV files made by espeak-ng and sox', () => {
  it('reads espeak-ng output: 16-bit PCM, 22050 Hz, mono', () => {
    const wav = readWav(readFileSync(fixtures.espeakPath))
    expect(wav.sampleRateHz).toBe(22050)
    expect(wav.channels).toBe(1)
    expect(wav.encoding).toEqual({ kind: 'pcm', bitsPerSample: 16 })
    expect(wav.samples.length).toBe(soxi(fixtures.espeakPath, '-s'))
    expect(wav.samples).toEqual(soxDecode(fixtures.espeakPath))
  })

  it.each([
    [
      'Float32 at 48 kHz (fmt of 18 bytes, fact chunk)',
      'f32.wav',
      ['-e', 'floating-point', '-b', '32'],
      ['rate', '48000'],
      'float',
      32,
    ],
    ['24-bit PCM (WAVE_FORMAT_EXTENSIBLE)', 's24.wav', ['-b', '24'], [], 'pcm', 24],
    ['8-bit unsigned PCM', 'u8.wav', ['-b', '8'], [], 'pcm', 8],
    ['32-bit PCM', 's32.wav', ['-b', '32', '-e', 'signed-integer'], [], 'pcm', 32],
    [
      'three-channel Float32',
      'f32-3ch.wav',
      ['-e', 'floating-point', '-b', '32'],
      ['remix', '1', '1', '1'],
      'float',
      32,
    ],
    ['Float64', 'f64.wav', ['-e', 'floating-point', '-b', '64'], [], 'float', 64],
  ] as const)('reads %s exactly as sox decodes it', (_label, file, options, effects, kind, bits) => {
    const path = sox(fixtures.espeakPath, file, options, effects)
    const wav = readWav(readFileSync(path))
    expect(wav.encoding).toEqual({ kind, bitsPerSample: bits })
    expect(wav.sampleRateHz).toBe(soxi(path, '-r'))
    expect(wav.channels).toBe(soxi(path, '-c'))
    expect(wav.samples.length).toBe(soxi(path, '-s') * wav.channels)
    expect(wav.samples).toEqual(soxDecode(path))
  })
})

describe('writing WAV files', () => {
  const stereo = Float32Array.from(
    { length: 2 * 4410 },
    (_, i) => Math.round(Math.sin(i / 9) * 30000) / 32768,
  )

  it('round-trips PCM16 and Float32, and sox agrees with what was written', () => {
    for (const format of ['pcm16', 'float32'] as const) {
      const bytes = writeWav({ sampleRateHz: 44100, channels: 2, samples: stereo }, format)
      const back = readWav(bytes)
      expect(back.sampleRateHz).toBe(44100)
      expect(back.channels).toBe(2)
      expect(back.samples).toEqual(stereo)
      const path = join(fixtures.dir, `written-${format}.wav`)
      execFileSync('sh', ['-c', 'cat > "$1"', 'sh', path], { input: bytes })
      expect(soxi(path, '-s')).toBe(4410)
      expect(soxDecode(path)).toEqual(stereo)
    }
  })

  it('writes the canonical 44-byte PCM16 header', () => {
    const bytes = writeWav({ sampleRateHz: 16000, channels: 1, samples: Int16Array.of(1, -1, 32767) })
    const view = new DataView(bytes.buffer)
    expect(bytes.byteLength).toBe(44 + 6)
    expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8)
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(16000)
    expect(view.getUint32(28, true)).toBe(32000)
    expect(view.getUint32(40, true)).toBe(6)
    expect([...new Int16Array(bytes.buffer.slice(44))]).toEqual([1, -1, 32767])
  })

  it('writes an empty file that reads back empty', () => {
    const back = readWav(
      writeWav({ sampleRateHz: 24000, channels: 1, samples: new Float32Array(0) }, 'float32'),
    )
    expect(back.samples).toHaveLength(0)
    expect(back.sampleRateHz).toBe(24000)
  })

  it('refuses samples that are not whole frames', () => {
    expect(() => writeWav({ sampleRateHz: 8000, channels: 2, samples: new Float32Array(3) })).toThrow(
      RangeError,
    )
  })
})

describe('unusual and broken files', () => {
  /** A minimal RIFF/WAVE file from raw chunks. */
  function riff(...chunks: [string, Uint8Array][]): Uint8Array {
    const parts: Buffer[] = [Buffer.from('WAVE')]
    for (const [id, body] of chunks) {
      const header = Buffer.alloc(8)
      header.write(id, 0, 'latin1')
      header.writeUInt32LE(body.byteLength, 4)
      parts.push(header, Buffer.from(body), Buffer.alloc(body.byteLength % 2))
    }
    const content = Buffer.concat(parts)
    const head = Buffer.alloc(8)
    head.write('RIFF', 0, 'latin1')
    head.writeUInt32LE(content.byteLength, 4)
    return new Uint8Array(Buffer.concat([head, content]))
  }
  function fmt(tag: number, channels: number, rateHz: number, bits: number): Uint8Array {
    const body = Buffer.alloc(16)
    body.writeUInt16LE(tag, 0)
    body.writeUInt16LE(channels, 2)
    body.writeUInt32LE(rateHz, 4)
    body.writeUInt32LE((rateHz * channels * bits) / 8, 8)
    body.writeUInt16LE((channels * bits) / 8, 12)
    body.writeUInt16LE(bits, 14)
    return body
  }
  const pcm = new Uint8Array(Int16Array.of(100, -100, 200).buffer)

  it('skips unknown chunks, including odd-sized ones with their pad byte', () => {
    const wav = readWav(riff(['LIST', Uint8Array.of(1, 2, 3)], ['fmt ', fmt(1, 1, 8000, 16)], ['data', pcm]))
    expect([...wav.samples].map((v) => v * 32768)).toEqual([100, -100, 200])
  })

  it('reads to the end when the data size is unknown (0xFFFFFFFF) or larger than the file', () => {
    const file = riff(['fmt ', fmt(1, 1, 8000, 16)], ['data', pcm])
    for (const size of [0xffffffff, 1000]) {
      new DataView(file.buffer).setUint32(40, size, true)
      expect(readWav(file).samples).toHaveLength(3)
    }
  })

  it('drops a trailing partial frame', () => {
    const wav = readWav(riff(['fmt ', fmt(1, 2, 8000, 16)], ['data', pcm]))
    expect(wav.samples).toHaveLength(2)
  })

  it('reads a file that sits at an odd offset inside a larger buffer', () => {
    const file = riff(['fmt ', fmt(1, 1, 8000, 16)], ['data', pcm])
    const backing = new Uint8Array(file.byteLength + 1)
    backing.set(file, 1)
    expect([...readWav(backing.subarray(1)).samples].map((v) => v * 32768)).toEqual([100, -100, 200])
  })

  it('names what is wrong with files it cannot read', () => {
    expect(() => readWav(Uint8Array.of(1, 2, 3))).toThrow(WavFormatError)
    expect(() => readWav(riff(['data', pcm]))).toThrow(/before the fmt chunk/)
    expect(() => readWav(riff(['fmt ', fmt(1, 1, 8000, 16)]))).toThrow(/No data chunk/)
    expect(() => readWav(riff(['LIST', pcm]))).toThrow(/No fmt chunk/)
    expect(() => readWav(riff(['fmt ', fmt(2, 1, 8000, 4)], ['data', pcm]))).toThrow(/format tag 0x2/)
    expect(() => readWav(riff(['fmt ', fmt(1, 1, 8000, 12)], ['data', pcm]))).toThrow(/12-bit pcm/)
    expect(() => readWav(riff(['fmt ', fmt(3, 1, 8000, 16)], ['data', pcm]))).toThrow(/16-bit float/)
  })
})

describe('downmixToMono', () => {
  it('averages interleaved channels', () => {
    expect([...downmixToMono(Float32Array.of(0.5, -0.5, 1, 0, 0.25, 0.25), 2)]).toEqual([0, 0.5, 0.25])
  })

  it('copies mono input, and refuses lengths that are not whole frames', () => {
    const mono = Float32Array.of(0.1, 0.2)
    const copy = downmixToMono(mono, 1)
    expect(copy).toEqual(mono)
    expect(copy).not.toBe(mono)
    expect(() => downmixToMono(Float32Array.of(1, 2, 3), 2)).toThrow(RangeError)
  })
})
