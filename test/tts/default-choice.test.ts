// What the read-selection hotkey reads with: the saved Reader settings, mended where the model would refuse.
import { describe, expect, it } from 'vitest'
import type { ReaderModel, ReaderVoices, TtsDefaults } from '../../preload/contract'
import { defaultChoice, defaultModel } from '../../main/tts/default-choice'
import { rulesFor } from '../../main/api/tts/tts-rules'
import { toReaderModel } from '../../main/tts/reader-models'

const model = (id: string): ReaderModel => toReaderModel(null, rulesFor(id))
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
  it('keeps the saved model while it is offered and open, else takes the first open one', () => {
    const list = [model('openai/tts-1'), model('google/gemini-2.5-flash-tts')]
    expect(defaultModel(list, 'google/gemini-2.5-flash-tts')?.id).toBe('google/gemini-2.5-flash-tts')
    expect(defaultModel(list, 'gone/model')?.id).toBe('openai/tts-1')
    expect(defaultModel([model('google/wavenet')], null)).toBeNull()
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

  it('replaces a saved voice the model does not list with its default, else a Vietnamese one', () => {
    const v3 = model('elevenlabs/eleven_v3')
    expect(defaultChoice('x', saved({ voice: 'Kore' }), v3, voices(['en-a', 'vi-b'], 'en-a')).voice).toBe(
      'en-a',
    )
    expect(defaultChoice('x', saved({ voice: 'Kore' }), v3, voices(['en-a', 'vi-b'])).voice).toBe('vi-b')
  })

  it('leaves the voice out for a multi-vendor model, whose default voice is the service’s choice', () => {
    const multi = model('minimax/speech-02-hd')
    expect(multi.voiceRequired).toBe(false)
    expect(defaultChoice('x', saved(), multi, voices(['a', 'b'])).voice).toBeNull()
  })
})
