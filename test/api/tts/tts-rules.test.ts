// The speech rules against the statements of the spec (shared/spec/tts-api.md), one test per statement.
import { describe, expect, it } from 'vitest'
import { checkRequest, disabledReason } from '../../../main/api/tts/tts-check'
import { rulesFor, type TtsModelInfo } from '../../../main/api/tts/tts-rules'

const A = 'openai/tts-1'
const G = 'google/gemini-2.5-flash-tts'
const CLASSIC = 'google/standard'
const V3 = 'elevenlabs/eleven_v3'
const M9 = 'elevenlabs/eleven-flash-v2.5'
const MULTI = 'minimax/speech-02-hd'
const FREE = 'google/translate-tts'

const ok = (modelId: string, choice: Parameters<typeof checkRequest>[1], info?: TtsModelInfo) => {
  const r = checkRequest(rulesFor(modelId, info), choice)
  if (!r.ok) throw new Error(`expected acceptance, got ${JSON.stringify(r.problems)}`)
  return r
}
const problems = (modelId: string, choice: Parameters<typeof checkRequest>[1], info?: TtsModelInfo) => {
  const r = checkRequest(rulesFor(modelId, info), choice)
  if (r.ok) throw new Error(`expected refusal, got ${JSON.stringify(r.request)}`)
  return r.problems
}
const codes = (...args: Parameters<typeof problems>) => problems(...args).map((p) => p.code)

describe('group table', () => {
  it('Free: "mp3" only', () => {
    expect(rulesFor(FREE).formats).toEqual(['mp3'])
    expect(codes(FREE, { text: 'Xin chào', voice: 'vi', format: 'wav' })).toEqual(['unsupported_format'])
  })

  it('Free: "voice is an ISO 639-1 two-letter code"', () => {
    expect(ok(FREE, { text: 'Xin chào', voice: 'vi' }).request.voice).toBe('vi')
    expect(codes(FREE, { text: 'Xin chào', voice: 'vi-VN' })).toEqual(['invalid_voice'])
    expect(codes(FREE, { text: 'Xin chào', voice: 'Kore' })).toEqual(['invalid_voice'])
    const info: TtsModelInfo = { free: true, voices: ['vi', 'en'] }
    expect(problems(FREE, { text: 'Xin chào', voice: 'ja' }, info)[0]?.message).toContain('one of vi, en')
    expect(problems(FREE, { text: 'Xin chào', voice: 'ja' }, info)[0]?.params).toMatchObject({
      rule: 'language_code',
      voices: 'vi, en',
    })
  })

  it('Free: "free of charge"; "the free model costs nothing"', () => {
    expect(rulesFor(FREE).unitPriceVndPer1M).toBe(0)
    expect(rulesFor('x/y', { free: true }).unitPriceVndPer1M).toBe(0)
  })

  it('Free: max input "not stated", so no limit is invented', () => {
    const r = rulesFor(FREE)
    expect(r.maxInputChars).toBeNull()
    expect(ok(FREE, { text: 'a'.repeat(50_000), voice: 'en' }).request.input).toHaveLength(50_000)
  })

  it('A: formats "mp3, opus, aac, flac, wav"', () => {
    expect(rulesFor(A).formats).toEqual(['mp3', 'opus', 'aac', 'flac', 'wav'])
    for (const f of ['mp3', 'opus', 'aac', 'flac', 'wav']) {
      expect(ok(A, { text: 'hi', voice: 'alloy', format: f }).request.response_format).toBe(f)
    }
    expect(codes(A, { text: 'hi', voice: 'alloy', format: 'pcm' })).toEqual(['unsupported_format'])
  })

  it('A: "4,096 chars"', () => {
    expect(rulesFor('openai/gpt-4o-mini-tts').maxInputChars).toBe(4096)
    expect(ok(A, { text: 'a'.repeat(4096), voice: 'nova' }).ok).toBe(true)
    expect(codes(A, { text: 'a'.repeat(4097), voice: 'nova' })).toEqual(['input_too_long'])
  })

  it('A: "speed supported", 0.25 to 4.0', () => {
    expect(ok(A, { text: 'hi', voice: 'echo', speed: 0.25 }).request.speed).toBe(0.25)
    expect(ok(A, { text: 'hi', voice: 'echo', speed: 4 }).request.speed).toBe(4)
    const [p] = problems(A, { text: 'hi', voice: 'echo', speed: 4.5 })
    expect(p?.code).toBe('speed_out_of_range')
    expect(p?.message).toContain('0.25 to 4')
  })

  it('A: voices "alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse"', () => {
    for (const v of [
      'alloy',
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'nova',
      'onyx',
      'sage',
      'shimmer',
      'verse',
    ]) {
      expect(ok(A, { text: 'hi', voice: v }).request.voice).toBe(v)
    }
    expect(problems(A, { text: 'hi', voice: 'Kore' })[0]?.message).toContain('verse')
  })

  it('G: formats "mp3, wav, ogg"', () => {
    expect(rulesFor(G).formats).toEqual(['mp3', 'wav', 'ogg'])
    expect(codes(G, { text: 'hi', voice: 'Kore', format: 'opus' })).toEqual(['unsupported_format'])
  })

  it('G and Classic and V3: input "about 5,000"', () => {
    for (const id of [G, CLASSIC, V3]) {
      const r = rulesFor(id)
      expect([r.maxInputChars, r.maxInputApproximate]).toEqual([5000, true])
    }
    expect(problems(G, { text: 'a'.repeat(5001), voice: 'Kore' })[0]?.message).toContain('about 5000')
  })

  it('G: "ignores speed", so speed is not sent', () => {
    const r = ok(G, { text: 'hi', voice: 'Kore', speed: 2 })
    expect(r.request).not.toHaveProperty('speed')
    expect(r.notes).toContainEqual({ code: 'speed_dropped', from: 2 })
  })

  it('G: "a voice name that does not exist falls back to Kore with no error"', () => {
    const r = ok(G, { text: 'hi', voice: 'Nobody' })
    expect(r.request.voice).toBe('Nobody')
    expect(r.notes).toContainEqual({ code: 'voice_fallback', requested: 'Nobody', fallback: 'Kore' })
    expect(disabledReason(rulesFor(G), 'voice', 'Nobody')).toBeNull()
  })

  it('G: "30 bare names"; "a locale prefix <locale>-<Name> may be given"; default locale vi-VN', () => {
    const r = rulesFor(G)
    expect(r.voice.kind === 'fallback' && r.voice.voices.length).toBe(30)
    expect(r.voice.kind === 'fallback' && r.voice.defaultLocale).toBe('vi-VN')
    expect(ok(G, { text: 'hi', voice: 'en-US-Puck' }).notes).toEqual([])
    expect(ok(G, { text: 'hi', voice: 'Sulafat' }).notes).toEqual([])
  })

  it('G aliases: alloy→Kore, ash→Fenrir, coral→Aoede, echo→Charon, fable→Puck, nova→Leda, onyx→Orus, sage→Zephyr, shimmer→Autonoe', () => {
    const expected = { alloy: 'Kore', ash: 'Fenrir', coral: 'Aoede', echo: 'Charon', fable: 'Puck' }
    for (const [alias, target] of Object.entries({
      ...expected,
      nova: 'Leda',
      onyx: 'Orus',
      sage: 'Zephyr',
      shimmer: 'Autonoe',
    })) {
      expect(ok('google/gemini-2.5-pro-tts', { text: 'hi', voice: alias }).notes).toEqual([
        { code: 'voice_alias', alias, target, deprecated: false },
      ])
    }
  })

  it('Classic: "<vendor-g>/standard", "accepts speed"', () => {
    const r = rulesFor(CLASSIC)
    expect(r.group).toBe('classic')
    expect(ok(CLASSIC, { text: 'hi', voice: 'vi-VN-Standard-A', speed: 1.5 }).request.speed).toBe(1.5)
    expect(codes(CLASSIC, { text: 'hi', voice: 'vi-VN-Standard-A', speed: 0.1 })).toEqual([
      'speed_out_of_range',
    ])
  })

  it('Classic: "4M free characters per month"', () => {
    expect(rulesFor(CLASSIC).freeCharsPerMonth).toBe(4_000_000)
    expect(rulesFor(A).freeCharsPerMonth).toBe(0)
  })

  it('Classic: voices "<locale>-<Tier>-<Letter>", 40+ other locales by changing the prefix', () => {
    for (const v of [
      'vi-VN-Standard-D',
      'en-US-Wavenet-A',
      'en-US-Neural2-C',
      'en-US-Chirp-HD-O',
      'ja-JP-Standard-B',
    ]) {
      expect(ok(CLASSIC, { text: 'hi', voice: v }).request.voice).toBe(v)
    }
    expect(problems(CLASSIC, { text: 'hi', voice: 'Kore' })[0]?.message).toContain('<locale>-<Tier>-<Letter>')
    // "Vietnamese Standard letters A-D"; English "Standard (A-D), WaveNet (A-D), Neural2 (A-D), Chirp-HD (A-O)".
    for (const v of ['vi-VN-Standard-E', 'vi-VN-Neural2-A', 'en-US-Neural2-E', 'en-US-Chirp-HD-P']) {
      expect(codes(CLASSIC, { text: 'hi', voice: v })).toEqual(['invalid_voice'])
    }
  })

  it('Classic aliases "map to en-US voices only"; ballad and verse are "not stated"', () => {
    const r = ok(CLASSIC, { text: 'hi', voice: 'fable' })
    expect(r.notes).toEqual([
      { code: 'voice_alias', alias: 'fable', target: 'en-US-Chirp-HD-O', deprecated: false },
    ])
    expect(codes(CLASSIC, { text: 'hi', voice: 'ballad' })).toEqual(['invalid_voice'])
    expect(codes(CLASSIC, { text: 'hi', voice: 'verse' })).toEqual(['invalid_voice'])
  })

  it('V3: "<vendor-e>/eleven_v3 form, underscore"', () => {
    expect(rulesFor(V3).group).toBe('v3')
    expect(rulesFor('elevenlabs/eleven-v3').group).toBe('multi')
  })

  it('Rule 1: V3 and the six M9 models: response_format only mp3, opus, pcm; aac, flac, wav give 400', () => {
    for (const id of [
      V3,
      'elevenlabs/eleven-flash-v2',
      'elevenlabs/eleven-turbo-v2.5',
      'elevenlabs/eleven-v4-turbo',
    ]) {
      expect(rulesFor(id).formats).toEqual(['mp3', 'opus', 'pcm'])
      for (const f of ['aac', 'flac', 'wav']) {
        expect(disabledReason(rulesFor(id), 'format', f)).toContain('mp3, opus, pcm')
      }
    }
  })

  it('Rule 2: V3 speed "valid 0.7-1.2; values outside are clamped"', () => {
    expect(ok(V3, { text: 'hi', voice: 'ash', speed: 2 }).request.speed).toBe(1.2)
    expect(ok(V3, { text: 'hi', voice: 'ash', speed: 0.25 }).notes).toContainEqual({
      code: 'speed_clamped',
      from: 0.25,
      to: 0.7,
    })
    expect(ok(V3, { text: 'hi', voice: 'ash', speed: 0.9 }).request.speed).toBe(0.9)
    expect(disabledReason(rulesFor(V3), 'speed', 2)).toContain('1.2')
    expect(disabledReason(rulesFor(V3), 'speed', 1.1)).toBeNull()
  })

  it('Rule 2: V3 voice "is an id from the voice list or an alias; anything else gives 400"', () => {
    const info: TtsModelInfo = { group: 'v3', voices: ['aaaaaaaaaaaaaaaaaaaa'] }
    expect(ok(V3, { text: 'hi', voice: 'aaaaaaaaaaaaaaaaaaaa' }, info).notes).toEqual([])
    expect(ok(V3, { text: 'hi', voice: 'verse' }, info).notes[0]?.code).toBe('voice_alias')
    expect(problems(V3, { text: 'hi', voice: 'copied-from-elsewhere' }, info)[0]?.message).toContain(
      'aaaaaaaaaaaaaaaaaaaa',
    )
  })

  it('V3 aliases: alloy is "deprecated: returns the system default voice"', () => {
    expect(ok(V3, { text: 'hi', voice: 'alloy' }).notes).toEqual([
      { code: 'voice_alias', alias: 'alloy', target: 'alloy', deprecated: true },
    ])
    expect(ok(V3, { text: 'hi', voice: 'ballad' }).notes[0]).toMatchObject({ deprecated: false })
  })

  it('M9: "21 English each, no Vietnamese"; "English-only models accept Vietnamese text but pronounce it poorly"', () => {
    expect(rulesFor(M9).vietnamese).toBe('poor')
    expect(ok(M9, { text: 'Tiếng Việt' }).ok).toBe(true)
    expect(rulesFor('hume/octave-2', { group: 'M5', english_only: true }).vietnamese).toBe('poor')
  })

  it('M1: "Vietnamese-capable"; V3, G and Classic have Vietnamese voices', () => {
    expect(rulesFor(MULTI, { group: 'M1' }).vietnamese).toBe('native')
    for (const id of [V3, G, CLASSIC, FREE]) expect(rulesFor(id).vietnamese).toBe('native')
  })

  it('"The underscore forms of those IDs, and the multilingual-v2 model, are not open"', () => {
    for (const id of [
      'elevenlabs/eleven_flash_v2_5',
      'elevenlabs/eleven_turbo_v2',
      'elevenlabs/eleven_multilingual_v2',
    ]) {
      expect(codes(id, { text: 'hi' })).toContain('model_not_open')
    }
    expect(problems('elevenlabs/eleven_flash_v2_5', { text: 'hi' })[0]?.message).toContain(
      'eleven-flash-v2.5',
    )
    // The reason as a code and its figures, for the Reader to say in the user's language.
    expect(problems('elevenlabs/eleven_flash_v2_5', { text: 'hi' })[0]?.params).toMatchObject({
      reason: 'hyphenated_id',
      id: 'eleven-flash-v2.5',
    })
    expect(rulesFor('elevenlabs/eleven_multilingual_v2').closed?.code).toBe('not_open')
  })

  it('"Old Google Cloud models (WaveNet, Neural2, Chirp-HD) were replaced on 2026-07-25 by group G"', () => {
    const [p] = problems('google/en-US-Neural2', { text: 'hi', voice: 'en' })
    expect(p).toMatchObject({ code: 'model_not_open', field: 'model' })
    expect(p?.message).toContain('2026-07-25')
    expect(p?.params).toMatchObject({ reason: 'replaced', date: '2026-07-25' })
  })
})

describe('multi-vendor (rule 4)', () => {
  it('"voice optional": omission selects the default voice', () => {
    const r = ok(MULTI, { text: 'Xin chào' }, { group: 'M1', voice: { default: 'vi-female' } })
    expect(r.request).not.toHaveProperty('voice')
    expect(r.notes).toEqual([{ code: 'voice_default', voice: 'vi-female' }])
  })

  it('"a voice not in the model\'s list gives 400 with the list of valid voices"', () => {
    const info: TtsModelInfo = { group: 'M5', voices: ['ava', 'ben'] }
    const [p] = problems('hume/octave-2', { text: 'hi', voice: 'zed' }, info)
    expect(p?.code).toBe('invalid_voice')
    expect(p?.message).toContain('ava, ben')
  })

  it('"response_format only mp3 or pcm (otherwise 400 immediately, no charge)"', () => {
    expect(rulesFor(MULTI).formats).toEqual(['mp3', 'pcm'])
    expect(codes(MULTI, { text: 'hi', format: 'opus' })).toEqual(['unsupported_format'])
  })

  it('"speed mostly unsupported and ignored, some models return 400 if it differs from 1.0"', () => {
    expect(codes(MULTI, { text: 'hi', speed: 1.5 })).toEqual(['speed_not_supported'])
    expect(ok(MULTI, { text: 'hi', speed: 1 }).request).not.toHaveProperty('speed')
    expect(ok(MULTI, { text: 'hi', speed: 1.5 }, { speed: { mode: 'ignored' } }).request).not.toHaveProperty(
      'speed',
    )
  })

  it('"input length limit differs per model, over it gives 400 without charge"', () => {
    const info: TtsModelInfo = { group: 'M7', max_input_chars: 1000 }
    expect(ok('sesame/csm-1b', { text: 'a'.repeat(1000) }, info).ok).toBe(true)
    const [p] = problems('sesame/csm-1b', { text: 'a'.repeat(1001) }, info)
    expect(p?.message).toBe('The text is 1001 characters; sesame/csm-1b accepts 1000 per request.')
  })
})

describe('request body', () => {
  it('"voice: yes, except for the multi-vendor group"', () => {
    for (const id of [FREE, A, G, CLASSIC, V3]) expect(codes(id, { text: 'hi' })).toEqual(['voice_required'])
  })

  it('"response_format: mp3 (default)"; "speed: default 1.0" is left to the service', () => {
    const r = ok(A, { text: 'hi', voice: 'sage' })
    expect(r.request).toEqual({ model: A, input: 'hi', voice: 'sage', response_format: 'mp3' })
  })

  it('Rule 5: "Input over the model\'s limit gives 400 stating that model\'s real limit"', () => {
    const info: TtsModelInfo = { group: 'G', max_input_chars: 4321 }
    const [p] = problems(G, { text: 'ạ'.repeat(4322), voice: 'Kore' }, info)
    expect(p?.message).toBe(`The text is 4322 characters; ${G} accepts 4321 per request.`)
  })

  it('input is counted after NFC: 4,096 combining Vietnamese letters fit group A', () => {
    expect(ok(A, { text: 'ế'.normalize('NFD').repeat(4096), voice: 'ash' }).ok).toBe(true)
  })

  it('lists every problem at once, and sends nothing', () => {
    const r = checkRequest(rulesFor(V3), { text: ' ', format: 'wav' })
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['input', 'format', 'voice'])
  })

  it('"Unit prices are served with the model list": the price field is read from it', () => {
    const r = rulesFor(A, { group: 'A', price_vnd_per_1m_chars: 412_500 })
    expect([r.priceField, r.unitPriceVndPer1M]).toEqual(['price_vnd_per_1m_chars', 412_500])
    expect(rulesFor(A).unitPriceVndPer1M).toBeNull()
  })

  it("the service's model list wins over the spec's group numbers", () => {
    const r = rulesFor(CLASSIC, {
      group: 'classic',
      formats: ['mp3'],
      max_input_chars: 5000,
      speed: { mode: 'clamp', min: 0.5, max: 2 },
    })
    expect([r.formats, r.maxInputChars, r.maxInputApproximate, r.speed]).toEqual([
      ['mp3'],
      5000,
      false,
      { mode: 'clamp', min: 0.5, max: 2 },
    ])
  })
})

describe('rate limits', () => {
  it('"per-model overrides replace" the plan defaults: the model record\'s rpm is kept', () => {
    expect(rulesFor(A, { group: 'A', rate_limits: { rpm: 30, rpd: 1000 } }).rpm).toBe(30)
  })

  it('leaves the plan default in force where the record states none', () => {
    expect(rulesFor(A).rpm).toBeNull()
    expect(rulesFor(A, { group: 'A' }).rpm).toBeNull()
    expect(rulesFor(A, { group: 'A', rate_limits: { rpm: null, rpd: 500 } }).rpm).toBeNull()
  })

  it('reads only a pace it can keep: whole requests, at least one a minute', () => {
    expect(rulesFor(A, { rate_limits: { rpm: 12.7, rpd: null } }).rpm).toBe(12)
    expect(rulesFor(A, { rate_limits: { rpm: 0, rpd: null } }).rpm).toBeNull()
    expect(rulesFor(A, { rate_limits: { rpm: -5, rpd: null } }).rpm).toBeNull()
  })
})
