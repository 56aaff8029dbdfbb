// What a reading uses when the user has not chosen (a fresh profile, the read key, `loa say`): the saved
// Reader settings, mended where the model would refuse them; else a usable model that reads Vietnamese
// and a voice in the text's language, never empty where the model needs one.
import { describe, expect, it } from 'vitest'
import type { ReaderModel, ReaderVoices, TtsDefaults } from '../../preload/contract'
import { defaultChoice, defaultModel } from '../../main/tts/default-choice'
import { rulesFor } from '../../main/api/tts/tts-rules'
import { voicesOfModel } from '../../main/api/tts/model-voices'
import { toReaderModel, toReaderVoices } from '../../main/tts/reader-models'

const model = (id: string): ReaderModel => toReaderModel(null, rulesFor(id))
/** The list main offers for a model the service lists no voices for (an unrelated V3 list came back). */
const ownVoices = (id: string): ReaderVoices =>
  toReaderVoices(
    id,
    voicesOfModel(id, { model: null, provider: null, defaultVoice: null, aliases: {}, voices: [] }),
  )
const saved = (over: Partial<TtsDefaults> = {}): TtsDefaults => ({
  model: null,
  voice: null,
  format: 'mp3',
  speed: 1,
  ...over,
})
const voices = (ids: string[], defaultVoice: string | null = null): ReaderVoices => ({
  model: 'm',
  voices: ids.map((id) => ({
    id,
    name: id,
    language: id.startsWith('vi') ? 'vi-VN' : 'en-US',
    gender: null,
    accent: null,
    hasPreview: false,
  })),
  defaultVoice,
  aliases: {},
})

describe('defaultModel', () => {
  it('keeps the saved model while it is usable, else the first usable one that reads Vietnamese', () => {
    const m9 = model('elevenlabs/eleven-flash-v2.5')
    const list = [m9, model('openai/tts-1'), model('google/gemini-2.5-flash-tts')]
    expect(defaultModel(list, 'openai/tts-1')?.id).toBe('openai/tts-1')
    expect(defaultModel(list, m9.id)?.id).toBe(m9.id)
    // Not the English-only model listed first, and not group A whose Vietnamese is unknown.
    expect(defaultModel(list, 'gone/model')?.id).toBe('google/gemini-2.5-flash-tts')
    expect(defaultModel([m9, model('openai/tts-1')], null)?.id).toBe('openai/tts-1')
    expect(defaultModel([model('google/wavenet')], null)).toBeNull()
  })

  it('never picks a model this key may not use', () => {
    const g = { ...model('google/gemini-2.5-flash-tts'), allowedForKey: false }
    const list = [g, model('openai/tts-1')]
    expect(defaultModel(list, g.id)?.id).toBe('openai/tts-1')
    expect(defaultModel([g], null)).toBeNull()
  })
})

describe('the voice lists main offers', () => {
  it('gives the free model its language codes, Vietnamese first and by default', () => {
    const free = ownVoices('google/translate-tts')
    expect(free.voices.map((v) => v.id)).toEqual(expect.arrayContaining(['vi', 'en', 'ja', 'th']))
    expect(free.defaultVoice).toBe('vi')
  })

  it('gives Classic the spec’s Vietnamese and English voices, Vietnamese by default', () => {
    const classic = ownVoices('google/standard')
    expect(classic.voices.map((v) => v.id)).toContain('en-US-Standard-C')
    expect(classic.defaultVoice).toBe('vi-VN-Standard-A')
  })
})

describe('defaultChoice', () => {
  it('uses the saved voice, format and speed where the model takes them', () => {
    const c = defaultChoice(
      'Xin chào',
      saved({ voice: 'nova', format: 'wav', speed: 1.5 }),
      model('openai/tts-1'),
      null,
    )
    expect(c).toEqual({ text: 'Xin chào', model: 'openai/tts-1', voice: 'nova', format: 'wav', speed: 1.5 })
  })

  it('swaps a format the model refuses for one it makes, and clamps the speed to its range', () => {
    const v3 = model('elevenlabs/eleven_v3')
    const c = defaultChoice('x', saved({ format: 'wav', speed: 3, voice: 'v1' }), v3, voices(['v1']))
    expect(c.format).toBe('mp3')
    expect(c.speed).toBe(1.2)
  })

  it('sends speed 1 where the model ignores it', () => {
    expect(defaultChoice('x', saved({ speed: 2 }), model('google/gemini-2.5-flash-tts'), null).speed).toBe(1)
  })

  it('replaces a saved voice the model does not list with one in the text’s language, Vietnamese first', () => {
    const v3 = model('elevenlabs/eleven_v3')
    const list = voices(['en-a', 'vi-b'], 'en-a')
    expect(defaultChoice('Xin chào các bạn', saved({ voice: 'Kore' }), v3, list).voice).toBe('vi-b')
    expect(defaultChoice('Good morning', saved({ voice: 'Kore' }), v3, list).voice).toBe('en-a')
    // No letters to tell by: Vietnamese.
    expect(defaultChoice('123', saved({ voice: 'Kore' }), v3, voices(['en-a', 'vi-b'])).voice).toBe('vi-b')
    // No voice in the text's language or Vietnamese: the model's default.
    expect(defaultChoice('こんにちは', saved(), v3, voices(['en-a', 'en-c'], 'en-c')).voice).toBe('en-c')
  })

  it('reads with a language code on the free model, matching the text, never empty', () => {
    const free = model('google/translate-tts')
    const list = ownVoices(free.id)
    expect(defaultChoice('Xin chào', saved(), free, list).voice).toBe('vi')
    expect(defaultChoice('Hello there', saved(), free, list).voice).toBe('en')
    expect(defaultChoice('สวัสดีครับ', saved(), free, list).voice).toBe('th')
    expect(defaultChoice('Hello', saved({ voice: 'ja' }), free, list).voice).toBe('ja')
  })

  it('gives every model that needs a voice one from a fresh profile', () => {
    for (const id of [
      'google/translate-tts',
      'google/standard',
      'google/gemini-2.5-flash-tts',
      'openai/tts-1',
    ]) {
      const m = model(id)
      expect(defaultChoice('Xin chào', saved(), m, ownVoices(id)).voice, id).not.toBeNull()
    }
  })

  it('leaves the voice to a multi-vendor model unless it has one in the text’s language', () => {
    const multi = model('minimax/speech-02-hd')
    expect(multi.voiceRequired).toBe(false)
    expect(defaultChoice('Good morning', saved(), multi, voices(['vi-a', 'vi-b'])).voice).toBeNull()
    expect(defaultChoice('Xin chào', saved(), multi, voices(['en-a', 'vi-b'])).voice).toBe('vi-b')
  })
})
