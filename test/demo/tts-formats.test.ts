// POST /v1/audio/speech returns real speech in the requested format: valid containers, the stated rate,
// audible content, and a duration that grows with the text.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpusScript from 'opusscript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { int16le, parseMp3, parseOgg, parseWav, rms, voicedFraction } from './audio-checks'
import { accountState, call, envelope, startServer } from './helpers'

const hasSox = (() => {
  try {
    execFileSync('sox', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

const SHORT_VI = 'Xin chào, hôm nay trời đẹp.'
const LONG_VI =
  'Xin chào, hôm nay trời đẹp. Chúng ta cùng đi dạo quanh hồ Hoàn Kiếm, uống một ly cà phê sữa đá, rồi ghé thăm phố cổ Hà Nội vào buổi chiều.'

describe('speech formats', () => {
  let server: DemoServer
  const dir = mkdtempSync(join(tmpdir(), 'loa-demo-audio-'))
  const speak = (body: object) => call(server, '/v1/audio/speech', { key: server.keys.ordinary, body })

  beforeAll(async () => {
    server = await startServer({ seed: 21 })
  })
  afterAll(() => server.close())

  it('wav: a correct RIFF header, 24 kHz mono 16-bit, and audible speech', async () => {
    const res = await speak({ model: 'openai/tts-1', voice: 'nova', input: SHORT_VI, response_format: 'wav' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('audio/wav')
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length)
    const wav = parseWav(res.bytes)
    expect(wav).toMatchObject({ sampleRateHz: 24_000, channels: 1, bitsPerSample: 16 })
    expect(wav.samples.length / 24_000).toBeGreaterThan(1)
    expect(rms(wav.samples)).toBeGreaterThan(800)
    expect(voicedFraction(wav.samples, 24_000)).toBeGreaterThan(0.3)
    expect(voicedFraction(wav.samples, 24_000)).toBeLessThan(1) // pauses between words
    if (hasSox) {
      const file = join(dir, 'speech.wav')
      writeFileSync(file, res.bytes)
      expect(Number(execFileSync('sox', ['--i', '-r', file]).toString())).toBe(24_000)
      expect(Number(execFileSync('sox', ['--i', '-D', file]).toString())).toBeCloseTo(
        wav.samples.length / 24_000,
        2,
      )
    }
  })

  it('duration grows with the text', async () => {
    const short = parseWav(
      (await speak({ model: 'openai/tts-1', voice: 'onyx', input: SHORT_VI, response_format: 'wav' })).bytes,
    )
    const long = parseWav(
      (await speak({ model: 'openai/tts-1', voice: 'onyx', input: LONG_VI, response_format: 'wav' })).bytes,
    )
    const ratio = long.samples.length / short.samples.length
    const textRatio = LONG_VI.length / SHORT_VI.length
    expect(ratio).toBeGreaterThan(textRatio * 0.5)
    expect(ratio).toBeLessThan(textRatio * 1.5)
  })

  it('mp3: MPEG frames end to end at 24 kHz, as long as the same speech in wav', async () => {
    const res = await speak({ model: 'openai/tts-1', voice: 'nova', input: SHORT_VI })
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    const mp3 = parseMp3(res.bytes)
    expect(mp3.sampleRateHz).toBe(24_000)
    const wav = parseWav(
      (await speak({ model: 'openai/tts-1', voice: 'nova', input: SHORT_VI, response_format: 'wav' })).bytes,
    )
    expect(mp3.durationSec).toBeGreaterThan(wav.samples.length / 24_000)
    expect(mp3.durationSec).toBeLessThan(wav.samples.length / 24_000 + 0.2)
  })

  it('pcm: raw 16-bit little-endian mono at the rate the header states', async () => {
    const res = await speak({
      model: 'elevenlabs/eleven_v3',
      voice: 'nova',
      input: 'Hello from the demo.',
      response_format: 'pcm',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('audio/pcm')
    expect(res.headers.get('x-sample-rate-hz')).toBe('24000')
    expect(res.bytes.length % 2).toBe(0)
    const samples = int16le(res.bytes)
    expect(samples.length / 24_000).toBeGreaterThan(0.8)
    expect(voicedFraction(samples, 24_000)).toBeGreaterThan(0.3)
  })

  it('flac: a lossless stream that decodes to exactly the wav samples', async () => {
    const body = { model: 'openai/tts-1', voice: 'coral', input: 'Kiểm tra FLAC.' }
    const flac = await speak({ ...body, response_format: 'flac' })
    expect(flac.headers.get('content-type')).toBe('audio/flac')
    expect(flac.bytes.toString('ascii', 0, 4)).toBe('fLaC')
    const wav = await speak({ ...body, response_format: 'wav' })
    if (hasSox) {
      const file = join(dir, 'speech.flac')
      writeFileSync(file, flac.bytes)
      const decoded = execFileSync('sox', [file, '-t', 'raw', '-e', 'signed', '-b', '16', '-L', '-'])
      expect(Buffer.compare(decoded, wav.bytes.subarray(44))).toBe(0)
    }
  })

  it.each([
    ['opus', 'openai/tts-1', 'shimmer', 'audio/opus'],
    ['ogg', 'google/gemini-2.5-flash-tts', 'Kore', 'audio/ogg'],
  ])('%s: an Ogg Opus stream with valid pages and decodable packets', async (format, model, voice, type) => {
    const res = await speak({
      model,
      voice,
      input: 'Xin chào các bạn, đây là Opus.',
      response_format: format,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    const pages = parseOgg(res.bytes)
    expect(pages[0]!.flags & 0x02).toBe(0x02)
    expect(pages[0]!.packets[0]!.toString('ascii', 0, 8)).toBe('OpusHead')
    expect(pages[1]!.packets[0]!.toString('ascii', 0, 8)).toBe('OpusTags')
    expect(pages.at(-1)!.flags & 0x04).toBe(0x04)
    const decoder = new OpusScript(24_000, 1)
    try {
      const pcm = pages.slice(2).flatMap((p) => p.packets.map((pkt) => int16le(decoder.decode(pkt))))
      const samples = Int16Array.from(pcm.flatMap((a) => [...a]))
      const preSkip = pages[0]!.packets[0]!.readUInt16LE(10)
      expect(Number(pages.at(-1)!.granule) - preSkip).toBeLessThanOrEqual(samples.length * 2)
      expect(voicedFraction(samples, 24_000)).toBeGreaterThan(0.3)
    } finally {
      decoder.delete()
    }
  })

  it('aac is answered 501 (the demo cannot encode it) and not charged', async () => {
    const before = await accountState(server, 'ordinary')
    const res = await speak({ model: 'openai/tts-1', voice: 'nova', input: SHORT_VI, response_format: 'aac' })
    expect(res.status).toBe(501)
    expect(envelope(res).param).toBe('response_format')
    expect((await accountState(server, 'ordinary')).wallet).toEqual(before.wallet)
  })
})
