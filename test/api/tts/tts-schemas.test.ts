// The catalog schemas accept every plausible body shape, since the spec does not show them, and name the
// field when a body really is wrong.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { parseBody } from '../../../main/api/management/parse'
import { modelInfoOf } from '../../../main/api/tts/model-info'
import { ttsModelListSchema, ttsVoiceListSchema } from '../../../main/api/tts/tts-schemas'

const model = { id: 'openai/tts-1', max_input_chars: 4096, price_vnd_per_1m_chars: 412_500, extra: true }

describe('ttsModelListSchema', () => {
  it.each([
    ['a bare array', [model]],
    ['{data}', { object: 'list', data: [model] }],
    ['{models}', { models: [model] }],
  ])('reads %s', (_name, body) => {
    const [m] = parseBody(ttsModelListSchema, body, '/v1/models/tts')
    expect(m).toMatchObject({
      id: 'openai/tts-1',
      vendor: 'openai',
      maxInputChars: 4096,
      priceVndPer1M: 412_500,
    })
  })

  it('reads other names for the numbers and plain id strings', () => {
    const list = parseBody(
      ttsModelListSchema,
      { data: [{ model_id: 'google/standard', max_chars: 5000 }, 'google/translate-tts'] },
      '/v1/models/tts',
    )
    expect(list.map((m) => [m.id, m.maxInputChars])).toEqual([
      ['google/standard', 5000],
      ['google/translate-tts', null],
    ])
  })

  it("reads a model's own rate limits, under either name, and their absence as null", () => {
    const list = parseBody(
      ttsModelListSchema,
      {
        data: [
          { ...model, rate_limits: { rpm: 40, rpd: 3000 } },
          { id: 'google/standard', rateLimits: { rpm: 25 } },
          { id: 'google/translate-tts', rate_limits: null },
          { id: 'minimax/speech-02-hd' },
        ],
      },
      '/v1/models/tts',
    )
    expect(list.map((m) => m.rateLimits)).toEqual([
      { rpm: 40, rpd: 3000 },
      { rpm: 25, rpd: null },
      null,
      null,
    ])
    expect(modelInfoOf(list[0]!).rate_limits).toEqual({ rpm: 40, rpd: 3000 })
    expect(modelInfoOf(list[2]!)).not.toHaveProperty('rate_limits')
  })

  it('names the field that is wrong', () => {
    let err: unknown
    try {
      parseBody(ttsModelListSchema, { data: [model, { id: 'x', max_input_chars: 'lots' }] }, '/v1/models/tts')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).field).toBe('items[1].maxInputChars')
  })
})

describe('ttsVoiceListSchema', () => {
  it('reads the catalog voice record', () => {
    const list = parseBody(
      ttsVoiceListSchema,
      {
        provider: 'elevenlabs',
        aliases: { nova: 'abc' },
        voices: [
          {
            voice_id: 'abc',
            name: 'Mai',
            category: 'professional',
            labels: { gender: 'female', accent: 'northern', language: 'vi', use_case: 'narration' },
            preview_url: 'https://x/abc.mp3',
          },
        ],
      },
      '/v1/audio/voices',
    )
    expect(list.aliases).toEqual({ nova: 'abc' })
    expect(list.voices[0]).toMatchObject({ id: 'abc', name: 'Mai', language: 'vi', accent: 'northern' })
  })

  it('reads the per-model list with locales', () => {
    const list = parseBody(
      ttsVoiceListSchema,
      {
        model: 'minimax/speech-02-hd',
        default_voice: 'v:vi',
        voices: [{ voice_id: 'v:vi', language: 'vi-VN' }],
      },
      '/v1/audio/voices',
    )
    expect(list.defaultVoice).toBe('v:vi')
    expect(list.voices[0]).toMatchObject({ id: 'v:vi', name: 'v:vi', language: 'vi', locale: 'vi-VN' })
  })

  it('reads a bare array of names', () => {
    const list = parseBody(ttsVoiceListSchema, ['alloy', 'nova'], '/v1/audio/voices')
    expect(list.voices.map((v) => v.id)).toEqual(['alloy', 'nova'])
    expect(list.model).toBeNull()
  })
})
