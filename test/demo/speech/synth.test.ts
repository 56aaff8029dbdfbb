// The SpeechSynth the realtime API also uses: real speech at the requested rate, in Vietnamese or English.
import { describe, expect, it } from 'vitest'
import { createSpeechSynth } from '../../../main/demo/speech/synth'
import { looksVietnamese } from '../../../main/demo/speech/language'
import { splitForSpeech } from '../../../main/demo/speech/text-chunks'
import { rms, voicedFraction } from '../audio-checks'

describe('speech synth', () => {
  const synth = createSpeechSynth()

  it.each([
    ['vi', 'Xin chào, tôi là trợ lý giọng nói của bạn.'],
    ['en', 'Hello, I am your voice assistant.'],
  ])('speaks %s at 24 kHz as audible, pausing speech', async (lang, text) => {
    const pcm = await synth.synthesize(text, { lang, sampleRateHz: 24_000 })
    expect(pcm).toBeInstanceOf(Int16Array)
    expect(pcm.length / 24_000).toBeGreaterThan(1)
    expect(pcm.length / 24_000).toBeLessThan(8)
    expect(rms(pcm)).toBeGreaterThan(800)
    const voiced = voicedFraction(pcm, 24_000)
    expect(voiced).toBeGreaterThan(0.3)
    expect(voiced).toBeLessThan(1)
  })

  it('renders at the requested rate: the same speech has samples in proportion to the rate', async () => {
    const text = 'Một hai ba bốn năm.'
    const at16 = await synth.synthesize(text, { lang: 'vi', sampleRateHz: 16_000 })
    const at24 = await synth.synthesize(text, { lang: 'vi', sampleRateHz: 24_000 })
    expect(at24.length / at16.length).toBeCloseTo(1.5, 1)
  })

  it('speaks faster at a higher speed', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.'
    const normal = await synth.synthesize(text, { lang: 'en', sampleRateHz: 24_000 })
    const fast = await synth.synthesize(text, { lang: 'en', sampleRateHz: 24_000, speed: 2 })
    expect(fast.length).toBeLessThan(normal.length * 0.75)
  })

  it('gives distinct voices for different genders and pitches', async () => {
    const text = 'Xin chào.'
    const female = await synth.synthesize(text, {
      lang: 'vi',
      sampleRateHz: 24_000,
      gender: 'female',
      pitch: 70,
    })
    const male = await synth.synthesize(text, { lang: 'vi', sampleRateHz: 24_000, gender: 'male', pitch: 35 })
    expect(Buffer.compare(Buffer.from(female.buffer), Buffer.from(male.buffer))).not.toBe(0)
  })

  it('returns a copy each time, so a caller may change what it got', async () => {
    const a = await synth.synthesize('Sao chép.', { lang: 'vi', sampleRateHz: 24_000 })
    a.fill(0)
    const b = await synth.synthesize('Sao chép.', { lang: 'vi', sampleRateHz: 24_000 })
    expect(rms(b)).toBeGreaterThan(500)
  })

  it('tells Vietnamese text from English by its marks', () => {
    expect(looksVietnamese('Xin chào các bạn')).toBe(true)
    expect(looksVietnamese('đi đâu')).toBe(true)
    expect(looksVietnamese('Hello world')).toBe(false)
    expect(looksVietnamese('Tiếng Việt'.normalize('NFD'))).toBe(true)
  })

  it('splits long text into sentences and pieces of bounded length', () => {
    expect(splitForSpeech('Một. Hai! Ba?\nBốn')).toEqual(['Một.', 'Hai!', 'Ba?', 'Bốn'])
    const long = 'từ '.repeat(300).trim()
    const parts = splitForSpeech(long)
    expect(parts.length).toBeGreaterThan(2)
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(240)
    expect(parts.join(' ')).toBe(long)
  })
})
