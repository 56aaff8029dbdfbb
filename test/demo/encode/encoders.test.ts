// Encoders on known signals: exact WAV and FLAC round trips, MP3 frames, Ogg pages and granule positions.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeFlac } from '../../../main/demo/encode/flac'
import { encodeMp3 } from '../../../main/demo/encode/mp3'
import { encodeOggOpus } from '../../../main/demo/encode/ogg-opus'
import { encodeWav, pcmBytes } from '../../../main/demo/encode/wav'
import { resampleInt16 } from '../../../main/demo/speech/resample'
import { parseMp3, parseOgg, parseWav } from '../audio-checks'

const hasSox = (() => {
  try {
    execFileSync('sox', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

function sine(hz: number, seconds: number, rate: number, amplitude = 12_000): Int16Array {
  const out = new Int16Array(Math.round(seconds * rate))
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate))
  return out
}

describe('encoders', () => {
  it('wav round-trips samples exactly', () => {
    const pcm = sine(440, 0.5, 24_000)
    const wav = parseWav(encodeWav(pcm, 24_000))
    expect(wav.sampleRateHz).toBe(24_000)
    expect(Array.from(wav.samples)).toEqual(Array.from(pcm))
  })

  it.skipIf(!hasSox)(
    'flac decodes (sox) to exactly the input, including extremes and a short last block',
    () => {
      const pcm = sine(300, 1.03, 24_000)
      pcm[10] = 32767
      pcm[11] = -32768
      pcm[12] = 32767
      const dir = mkdtempSync(join(tmpdir(), 'loa-flac-'))
      for (const rate of [24_000, 16_000, 44_100, 11_025]) {
        const file = join(dir, `t${rate}.flac`)
        writeFileSync(file, encodeFlac(pcm, rate))
        expect(Number(execFileSync('sox', ['--i', '-r', file]).toString())).toBe(rate)
        const decoded = execFileSync('sox', [file, '-t', 'raw', '-e', 'signed', '-b', '16', '-L', '-'])
        expect(Buffer.compare(decoded, pcmBytes(pcm)), `rate ${rate}`).toBe(0)
      }
    },
  )

  it('flac compresses speech-like signals below raw size', () => {
    const pcm = sine(220, 2, 24_000, 4_000)
    expect(encodeFlac(pcm, 24_000).length).toBeLessThan(pcm.length * 2 * 0.6)
  })

  it('mp3 is a clean run of MPEG-2 layer III frames covering the input', async () => {
    const pcm = sine(440, 2, 24_000)
    const info = parseMp3(await encodeMp3(pcm, 24_000))
    expect(info.sampleRateHz).toBe(24_000)
    expect(info.durationSec).toBeGreaterThanOrEqual(2)
    expect(info.durationSec).toBeLessThan(2.2)
  })

  it('ogg opus pages carry valid CRCs and an end granule of pre-skip + samples at 48 kHz', () => {
    const pcm = sine(440, 1.234, 24_000)
    const pages = parseOgg(encodeOggOpus(pcm, 24_000))
    const preSkip = pages[0]!.packets[0]!.readUInt16LE(10)
    expect(pages[0]!.packets[0]!.readUInt32LE(12)).toBe(24_000)
    expect(pages.at(-1)!.granule).toBe(BigInt(preSkip + pcm.length * 2))
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i))
    const packets = pages.slice(2).reduce((n, p) => n + p.packets.length, 0)
    expect(packets).toBe(Math.ceil(pcm.length / 480))
  })

  it('ogg opus of empty input still ends with an end-of-stream page', () => {
    const pages = parseOgg(encodeOggOpus(new Int16Array(0), 24_000))
    expect(pages.at(-1)!.flags & 0x04).toBe(0x04)
  })

  it('resampling keeps a tone at its frequency and scales the length', () => {
    const pcm = sine(500, 1, 22_050)
    const out = resampleInt16(pcm, 22_050, 24_000)
    expect(out.length).toBe(24_000)
    let crossings = 0
    for (let i = 1; i < out.length; i++) if (out[i - 1]! < 0 !== out[i]! < 0) crossings++
    expect(crossings).toBeGreaterThan(990)
    expect(crossings).toBeLessThan(1010)
  })
})
