// What the Reader may ask of a model: a format it produces (and a reading can be saved in), a speed in
// its range, a voice of the kind it reads (tts-api.md "Voice naming per group"). Pure, so the store can
// fix a choice whenever the model changes or its voices arrive.
import type {
  ReaderFormat,
  ReaderModel,
  ReaderSpeedRule,
  ReaderVoices,
  TtsDefaults,
} from '../../preload/contract'

/** The free model's voice is an ISO 639-1 code; these are the spec's examples, Vietnamese first. */
export const LANGUAGE_CODES = [
  'vi',
  'en',
  'ja',
  'ko',
  'zh',
  'fr',
  'de',
  'es',
  'pt',
  'th',
  'id',
  'ru',
] as const
/** A Classic voice name, `<locale>-<Tier>-<Letter>`; the Vietnamese Standard voice is the natural default. */
export const PATTERN_HINT = 'vi-VN-Standard-A'
const PATTERN = /^[a-z]{2,3}-[A-Z]{2}-[A-Za-z0-9-]+-[A-Z]$/

/** The listener's own playback speeds (the player's, not the service's). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const

/** A reading is saved as one file only in these: their chunks join byte for byte. */
export const JOINABLE_FORMATS: readonly ReaderFormat[] = ['mp3', 'wav', 'pcm']

/** Usable for a reading: the model produces it and the reading can be saved as one file in it. */
export function usableFormat(model: ReaderModel, format: ReaderFormat): boolean {
  const option = model.formats.find((f) => f.format === format)
  return option !== undefined && option.disabledReason === null && option.joinable
}

export function fitFormat(model: ReaderModel, format: ReaderFormat): ReaderFormat {
  if (usableFormat(model, format)) return format
  return model.formats.find((f) => usableFormat(model, f.format))?.format ?? format
}

/** The service's speed: within the rule's range; exactly 1 where it is ignored or must be 1. */
export function fitSpeed(rule: ReaderSpeedRule, speed: number): number {
  if (rule.mode === 'ignored' || rule.mode === 'fixed' || !Number.isFinite(speed)) return 1
  return Math.min(rule.max, Math.max(rule.min, speed))
}

export function speedAdjustable(rule: ReaderSpeedRule): boolean {
  return (rule.mode === 'range' || rule.mode === 'clamp') && rule.max > rule.min
}

/** The voice main chose as this model's default (Vietnamese first), while the list knows it. */
function listVoice(model: ReaderModel, voices: ReaderVoices | null, voice: string | null): string | null {
  // Unknown until the list arrives: nothing to check against yet.
  if (voices === null) return voice
  const known = (v: string) => voices.voices.some((x) => x.id === v) || Object.hasOwn(voices.aliases, v)
  if (voice !== null && known(voice)) return voice
  // Multi-vendor models read with their own default when no voice (or one they lack) is given.
  if (!model.voiceRequired) return null
  if (voices.defaultVoice !== null && known(voices.defaultVoice)) return voices.defaultVoice
  const vietnamese = voices.voices.find((v) => v.language?.toLowerCase().startsWith('vi'))
  return (vietnamese ?? voices.voices[0])?.id ?? voices.defaultVoice
}

/** A voice the model reads: the one asked for when it fits, else the model's default (Vietnamese first). */
export function fitVoice(
  model: ReaderModel,
  voices: ReaderVoices | null,
  voice: string | null,
): string | null {
  switch (model.voiceKind) {
    case 'language_code':
      // Any ISO 639-1 code is the free model's voice: main's list offers the spec's examples.
      if (voice !== null && /^[a-z]{2}$/.test(voice)) return voice
      return voices?.defaultVoice ?? 'vi'
    case 'pattern':
      return voice !== null && PATTERN.test(voice) ? voice : (voices?.defaultVoice ?? PATTERN_HINT)
    case 'list':
    case 'fallback':
      return listVoice(model, voices, voice)
  }
}

export function fitChoice(model: ReaderModel, voices: ReaderVoices | null, picked: TtsDefaults): TtsDefaults {
  return {
    model: model.id,
    voice: fitVoice(model, voices, picked.voice),
    format: fitFormat(model, picked.format),
    speed: fitSpeed(model.speed, picked.speed),
  }
}

/** A model the service opens and lets this key use. */
export function usableModel(m: ReaderModel): boolean {
  return m.closedReason === null && m.allowedForKey
}

/**
 * The saved model while it is usable, else main's default (the one the read key and `loa say` use),
 * else the first usable one.
 */
export function pickModel(
  models: readonly ReaderModel[],
  id: string | null,
  fallback: string | null = null,
): ReaderModel | null {
  return (
    models.find((m) => m.id === id && usableModel(m)) ??
    models.find((m) => m.id === fallback && usableModel(m)) ??
    models.find(usableModel) ??
    models[0] ??
    null
  )
}

export function sameTts(a: TtsDefaults, b: TtsDefaults): boolean {
  return a.model === b.model && a.voice === b.voice && a.format === b.format && a.speed === b.speed
}
