// Group rules of POST /v1/audio/speech: formats, speed, voices, aliases, model ids and input limits.
// Every refusal is checked to leave the wallet untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { int16le } from './audio-checks'
import { accountState, call, envelope, startServer, type CallResult } from './helpers'

describe('speech request rules', () => {
  let server: DemoServer
  const speak = (body: object, key = server.keys.ordinary) => call(server, '/v1/audio/speech', { key, body })
  const pcmOf = (res: CallResult) => int16le(res.bytes)

  async function expectFreeRefusal(
    body: object,
    status: number,
    code: string,
    param?: string,
  ): Promise<CallResult> {
    const before = await accountState(server, 'ordinary')
    const res = await speak(body)
    expect(res.status, JSON.stringify(body)).toBe(status)
    const e = envelope(res)
    expect(e.code).toBe(code)
    if (param) expect(e.param).toBe(param)
    const after = await accountState(server, 'ordinary')
    expect(after.wallet).toEqual(before.wallet)
    expect(after.usageRecords).toBe(before.usageRecords)
    return res
  }

  beforeAll(async () => {
    server = await startServer({ seed: 31 })
  })
  afterAll(() => server.close())

  describe('formats per group (400, no charge)', () => {
    it.each([
      ['elevenlabs/eleven_v3', 'nova', 'wav'],
      ['elevenlabs/eleven_v3', 'nova', 'flac'],
      ['elevenlabs/eleven-flash-v2.5', 'rachel', 'aac'],
      ['minimax/speech-02-hd', undefined, 'opus'],
      ['hexgrad/kokoro-82m', undefined, 'wav'],
      ['google/gemini-2.5-pro-tts', 'Kore', 'opus'],
      ['google/standard', 'vi-VN-Standard-A', 'flac'],
      ['google/translate-tts', 'vi', 'wav'],
      ['openai/tts-1', 'nova', 'pcm'],
      ['openai/tts-1', 'nova', 'm4a'],
    ])('%s refuses %s/%s', async (model, voice, format) => {
      const res = await expectFreeRefusal(
        { model, voice, input: 'Xin chào', response_format: format },
        400,
        'unsupported_format',
        'response_format',
      )
      expect(envelope(res).type).toBe('invalid_request_error')
    })

    it('M9 models accept opus and pcm, which other multi-vendor models refuse', async () => {
      expect(
        (await speak({ model: 'elevenlabs/eleven-turbo-v2', input: 'Hi there', response_format: 'opus' }))
          .status,
      ).toBe(200)
      expect(
        (await speak({ model: 'elevenlabs/eleven-turbo-v2', input: 'Hi there', response_format: 'pcm' }))
          .status,
      ).toBe(200)
    })
  })

  describe('speed', () => {
    it('group A honours 0.25-4.0 and refuses values outside', async () => {
      await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: 'Hello', speed: 4.5 },
        400,
        'invalid_parameter',
        'speed',
      )
      await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: 'Hello', speed: 0.1 },
        400,
        'invalid_parameter',
        'speed',
      )
      await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: 'Hello', speed: 'fast' },
        400,
        'invalid_parameter',
        'speed',
      )
      const text = 'The quick brown fox jumps over the lazy dog.'
      const normal = await speak({
        model: 'openai/tts-1',
        voice: 'nova',
        input: text,
        response_format: 'wav',
      })
      const fast = await speak({
        model: 'openai/tts-1',
        voice: 'nova',
        input: text,
        response_format: 'wav',
        speed: 2,
      })
      expect(fast.bytes.length).toBeLessThan(normal.bytes.length * 0.75)
    })

    it('V3 clamps speed to 0.7-1.2', async () => {
      const body = {
        model: 'elevenlabs/eleven_v3',
        voice: 'nova',
        input: 'Clamped speed.',
        response_format: 'pcm',
      }
      const high = await speak({ ...body, speed: 3 })
      const max = await speak({ ...body, speed: 1.2 })
      const low = await speak({ ...body, speed: 0.25 })
      const min = await speak({ ...body, speed: 0.7 })
      expect(high.status).toBe(200)
      expect(Buffer.compare(high.bytes, max.bytes)).toBe(0)
      expect(Buffer.compare(low.bytes, min.bytes)).toBe(0)
      expect(pcmOf(min).length).toBeGreaterThan(pcmOf(max).length)
    })

    it('group G ignores speed, even out of range', async () => {
      const body = {
        model: 'google/gemini-2.5-flash-tts',
        voice: 'Puck',
        input: 'Tốc độ bị bỏ qua.',
        response_format: 'wav',
      }
      const plain = await speak(body)
      const fast = await speak({ ...body, speed: 9 })
      expect(fast.status).toBe(200)
      expect(Buffer.compare(plain.bytes, fast.bytes)).toBe(0)
    })

    it('some multi-vendor models refuse a speed other than 1.0; others ignore it', async () => {
      await expectFreeRefusal(
        { model: 'hume/octave-2', input: 'Hello', speed: 1.5 },
        400,
        'invalid_parameter',
        'speed',
      )
      expect((await speak({ model: 'hume/octave-2', input: 'Hello', speed: 1 })).status).toBe(200)
      const body = { model: 'hexgrad/kokoro-82m', input: 'Ignored speed.', response_format: 'pcm' }
      expect(Buffer.compare((await speak(body)).bytes, (await speak({ ...body, speed: 3 })).bytes)).toBe(0)
    })
  })

  describe('voices', () => {
    it('group A needs one of its eleven voices and lists them when refusing', async () => {
      const res = await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'Kore', input: 'Hi' },
        400,
        'invalid_voice',
        'voice',
      )
      expect(envelope(res).message).toContain('alloy')
      expect(envelope(res).message).toContain('verse')
      await expectFreeRefusal({ model: 'openai/tts-1', input: 'Hi' }, 400, 'invalid_voice', 'voice')
    })

    it('group G falls back to Kore for an unknown name, maps aliases, and accepts a locale prefix', async () => {
      const body = { model: 'google/gemini-2.5-flash-tts', input: 'Giọng dự phòng.', response_format: 'wav' }
      const kore = await speak({ ...body, voice: 'Kore' })
      const unknown = await speak({ ...body, voice: 'NoSuchVoice' })
      expect(unknown.status).toBe(200)
      expect(Buffer.compare(kore.bytes, unknown.bytes)).toBe(0)
      const leda = await speak({ ...body, voice: 'Leda' })
      const nova = await speak({ ...body, voice: 'nova' })
      expect(Buffer.compare(leda.bytes, nova.bytes)).toBe(0)
      expect(Buffer.compare(leda.bytes, kore.bytes)).not.toBe(0)
      expect((await speak({ ...body, voice: 'en-US-Puck' })).status).toBe(200)
    })

    it('Classic accepts <locale>-<Tier>-<Letter> names it offers and maps aliases to en-US', async () => {
      for (const voice of [
        'vi-VN-Standard-A',
        'vi-VN-Standard-D',
        'en-US-Wavenet-C',
        'en-US-Neural2-A',
        'en-US-Chirp-HD-O',
        'ja-JP-Standard-B',
        'alloy',
      ]) {
        expect((await speak({ model: 'google/standard', voice, input: 'Xin chào' })).status, voice).toBe(200)
      }
      for (const voice of [
        'vi-VN-Wavenet-A',
        'en-US-Standard-Z',
        'en-US-Chirp-HD-P',
        'Kore',
        'xx-XX-Standard-A',
      ]) {
        await expectFreeRefusal(
          { model: 'google/standard', voice, input: 'Xin chào' },
          400,
          'invalid_voice',
          'voice',
        )
      }
      const body = { model: 'google/standard', input: 'Alias test.', response_format: 'wav' }
      const alias = await speak({ ...body, voice: 'alloy' })
      const target = await speak({ ...body, voice: 'en-US-Chirp-HD-D' })
      expect(Buffer.compare(alias.bytes, target.bytes)).toBe(0)
    })

    it('V3 takes ids from its list and aliases, and refuses anything else', async () => {
      const { voices, aliases } = (await call(server, '/v1/audio/voices', { key: server.keys.ordinary })).json
      const vi = voices.find((v: { labels: { language: string } }) => v.labels.language === 'vi')
      expect(
        (await speak({ model: 'elevenlabs/eleven_v3', voice: vi.voice_id, input: 'Xin chào' })).status,
      ).toBe(200)
      const body = { model: 'elevenlabs/eleven_v3', input: 'Alias.', response_format: 'pcm' }
      const byAlias = await speak({ ...body, voice: 'onyx' })
      const byId = await speak({ ...body, voice: aliases.onyx })
      expect(Buffer.compare(byAlias.bytes, byId.bytes)).toBe(0)
      expect((await speak({ ...body, voice: 'alloy' })).status).toBe(200)
      await expectFreeRefusal(
        { model: 'elevenlabs/eleven_v3', voice: 'AbCdEfGhIjKlMnOpQrSt', input: 'Hi' },
        400,
        'invalid_voice',
        'voice',
      )
    })

    it('multi-vendor voice is optional (Vietnamese default where the model has one) and checked against its list', async () => {
      const defaulted = await speak({
        model: 'minimax/speech-02-turbo',
        input: 'Xin chào',
        response_format: 'pcm',
      })
      const explicit = await speak({
        model: 'minimax/speech-02-turbo',
        voice: 'Vietnamese_kindhearted_girl',
        input: 'Xin chào',
        response_format: 'pcm',
      })
      expect(defaulted.status).toBe(200)
      expect(Buffer.compare(defaulted.bytes, explicit.bytes)).toBe(0)
      const res = await expectFreeRefusal(
        { model: 'minimax/speech-02-turbo', voice: 'nova', input: 'Hi' },
        400,
        'invalid_voice',
        'voice',
      )
      expect(envelope(res).message).toContain('Vietnamese_gentle_man')
      expect(
        (
          await speak({
            model: 'azure/dragon-hd-latest',
            voice: 'en-US-Ava:DragonHDLatestNeural',
            input: 'Hi',
          })
        ).status,
      ).toBe(200)
      await expectFreeRefusal(
        { model: 'azure/dragon-hd-latest', voice: 'en-US-Ava', input: 'Hi' },
        400,
        'invalid_voice',
        'voice',
      )
    })

    it('the free model takes an ISO 639-1 code as voice', async () => {
      expect((await speak({ model: 'google/translate-tts', voice: 'ja', input: 'こんにちは' })).status).toBe(
        200,
      )
      await expectFreeRefusal(
        { model: 'google/translate-tts', voice: 'vietnamese', input: 'Xin chào' },
        400,
        'invalid_voice',
        'voice',
      )
    })
  })

  describe('models and input', () => {
    it.each([
      ['elevenlabs/eleven_flash_v2_5', 'hyphens'],
      ['elevenlabs/eleven-multilingual-v2', 'does not exist'],
      ['google/wavenet', '2026-07-25'],
      ['nobody/nothing', 'does not exist'],
    ])('refuses %s as a model that does not exist', async (model, hint) => {
      const res = await expectFreeRefusal(
        { model, voice: 'nova', input: 'Hi' },
        400,
        'model_not_found',
        'model',
      )
      expect(envelope(res).message).toContain(hint)
    })

    it('refuses a missing or empty input', async () => {
      await expectFreeRefusal({ model: 'openai/tts-1', voice: 'nova' }, 400, 'missing_parameter', 'input')
      await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: '   ' },
        400,
        'missing_parameter',
        'input',
      )
    })

    it('refuses input over the model limit, naming that limit, without charge', async () => {
      const res = await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: 'a'.repeat(4097) },
        400,
        'input_too_long',
        'input',
      )
      expect(envelope(res).message).toContain('4096')
      const m7 = await expectFreeRefusal(
        { model: 'sesame/csm-1b', input: 'b'.repeat(1001) },
        400,
        'input_too_long',
        'input',
      )
      expect(envelope(m7).message).toContain('1000')
    })

    it('refuses a 900,000-character input over the limit at once, naming the count and the limit', async () => {
      const res = await expectFreeRefusal(
        { model: 'openai/tts-1', voice: 'nova', input: 'a'.repeat(900_000) },
        400,
        'input_too_long',
        'input',
      )
      expect(envelope(res).message).toContain('900000 characters')
      expect(envelope(res).message).toContain('at most 4096')
    })

    it('counts code points after NFC: NFD Vietnamese once a letter, an emoji once, a family 7', async () => {
      const composed = [...'Tiếng Việt có dấu. '.repeat(60).normalize('NFC')].slice(0, 1000).join('')
      const decomposed = composed.normalize('NFD')
      expect(decomposed.length).toBeGreaterThan(1000)
      const res = await speak({ model: 'hume/octave-2', input: decomposed, response_format: 'pcm' })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-billed-characters')).toBe('1000')
      const emoji = await speak({ model: 'google/translate-tts', voice: 'vi', input: 'xin chào 👍' })
      expect(emoji.headers.get('x-billed-characters')).toBe('10')
      // "nhà " is 4, the family's man, woman, girl, boy and three joiners 7, the flag's two letters 2.
      const family = await speak({ model: 'google/translate-tts', voice: 'vi', input: 'nhà 👨‍👩‍👧‍👦🇻🇳' })
      expect(family.headers.get('x-billed-characters')).toBe('13')
    })
  })
})
