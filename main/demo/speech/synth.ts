// Real speech for the demo: eSpeak-NG in-process, resampled to the rate the caller asks for. Used by the
// TTS endpoint, the voice previews and the realtime API (`context.speech`).
import type { SpeechSynth } from '../context'
import { ESPEAK_SAMPLE_RATE_HZ, espeakVoiceNames, renderWithEspeak } from './espeak-engine'
import { resampleInt16 } from './resample'
import { splitForSpeech } from './text-chunks'

export interface SpeakOptions {
  /** ISO 639-1 code ('vi', 'en', ...). Languages eSpeak lacks are read as English. */
  lang: string
  sampleRateHz: number
  /** 1.0 = normal; the caller applies its model's speed rule first. */
  speed?: number
  gender?: 'female' | 'male' | 'neutral'
  /** Vietnamese regional accent. */
  accent?: 'northern' | 'central' | 'southern' | 'standard'
  /** 0-99; distinguishes voices of the same gender. */
  pitch?: number
}

export interface DemoSpeechSynth extends SpeechSynth {
  synthesize(text: string, opts: SpeakOptions): Promise<Int16Array>
}

const BASE_WORDS_PER_MINUTE = 175
const MIN_WPM = 80
const MAX_WPM = 450
/** A short pause between sentences, as the engine would leave inside one call. */
const SENTENCE_GAP_MS = 120
const CACHE_ENTRIES = 48

/** eSpeak's name for an ISO 639-1 code where it differs. */
const ESPEAK_LANGUAGE: Record<string, string> = { zh: 'cmn', en: 'en-us', nb: 'nb', he: 'he', pt: 'pt-br' }

async function espeakVoiceFor(opts: SpeakOptions): Promise<string> {
  const lang = opts.lang.toLowerCase()
  let base: string
  if (lang === 'vi') {
    base = opts.accent === 'central' ? 'vi-vn-x-central' : opts.accent === 'southern' ? 'vi-vn-x-south' : 'vi'
  } else {
    const candidate = ESPEAK_LANGUAGE[lang] ?? lang
    base = (await espeakVoiceNames()).has(candidate) ? candidate : 'en-us'
  }
  const variant = opts.gender === 'female' ? '+f3' : opts.gender === 'male' ? '+m3' : ''
  return base + variant
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export function createSpeechSynth(): DemoSpeechSynth {
  const cache = new Map<string, Int16Array>()

  async function render(text: string, opts: SpeakOptions): Promise<Int16Array> {
    const voice = await espeakVoiceFor(opts)
    const wpm = Math.min(MAX_WPM, Math.max(MIN_WPM, BASE_WORDS_PER_MINUTE * (opts.speed ?? 1)))
    const settings = { voice, wordsPerMinute: wpm, pitch: opts.pitch ?? (opts.gender === 'female' ? 60 : 45) }
    const gap = new Int16Array(Math.round((ESPEAK_SAMPLE_RATE_HZ * SENTENCE_GAP_MS) / 1000))
    const parts: Int16Array[] = []
    for (const chunk of splitForSpeech(text)) {
      parts.push(await renderWithEspeak(chunk, settings), gap)
      await yieldToEventLoop()
    }
    const joined = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      joined.set(p, at)
      at += p.length
    }
    return resampleInt16(joined, ESPEAK_SAMPLE_RATE_HZ, opts.sampleRateHz)
  }

  return {
    async synthesize(text, opts) {
      const key = JSON.stringify([
        text,
        opts.lang,
        opts.sampleRateHz,
        opts.speed,
        opts.gender,
        opts.accent,
        opts.pitch,
      ])
      const hit = cache.get(key)
      if (hit) return hit.slice()
      const pcm = await render(text, opts)
      cache.set(key, pcm)
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
      return pcm.slice()
    },
  }
}
