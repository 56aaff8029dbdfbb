// What to read a text with when the user has not chosen (a fresh profile, the read-selection hotkey,
// `loa say` without --model/--voice): one path for all of them. A model the key may use on its plan that
// reads Vietnamese, and a voice in the text's language, Vietnamese first, never empty where the model
// needs one (tts-api.md "Voice naming per group"; the free model's voice is an ISO 639-1 code).
import type { ReaderChoice, ReaderModel, ReaderVoices, TtsDefaults } from '../../preload/contract'
import { textLanguage } from './text-language'

/** The service opens it and lets this key use it. */
export function usableModel(m: ReaderModel): boolean {
  return m.closedReason === null && m.allowedForKey
}

/**
 * The saved model while it is usable; else the first usable one that reads Vietnamese (the users'
 * language), else the first usable one; null when none is.
 */
export function defaultModel(models: readonly ReaderModel[], saved: string | null): ReaderModel | null {
  const usable = models.filter(usableModel)
  return (
    usable.find((m) => m.id === saved) ??
    usable.find((m) => m.vietnamese === 'native') ??
    usable.find((m) => m.vietnamese !== 'poor') ??
    usable[0] ??
    null
  )
}

/** A voice the list knows by id or as an alias. */
function known(voices: ReaderVoices, voice: string): boolean {
  return voices.voices.some((v) => v.id === voice) || Object.hasOwn(voices.aliases, voice)
}

function inLanguage(voices: ReaderVoices, language: string): string | undefined {
  return voices.voices.find((v) => v.language?.toLowerCase().startsWith(language))?.id
}

/**
 * The saved voice while the model knows it; else one in the text's language, else a Vietnamese one,
 * else the model's default, else its first. A model that may go without a voice (multi-vendor) keeps
 * its own default unless the list has one in the text's language. Null only when the model needs no
 * voice, or its list is unknown and nothing was saved.
 */
export function defaultVoice(
  model: ReaderModel,
  voices: ReaderVoices | null,
  text: string,
  saved: string | null,
): string | null {
  if (voices === null || voices.voices.length === 0) return saved
  if (saved !== null && known(voices, saved)) return saved
  const language = textLanguage(text) ?? 'vi'
  const matching = inLanguage(voices, language)
  if (!model.voiceRequired) return matching ?? null
  const fallback =
    voices.defaultVoice !== null && known(voices, voices.defaultVoice) ? voices.defaultVoice : null
  return matching ?? inLanguage(voices, 'vi') ?? fallback ?? voices.voices[0]?.id ?? null
}

export function defaultChoice(
  text: string,
  saved: TtsDefaults,
  model: ReaderModel,
  voices: ReaderVoices | null,
): ReaderChoice {
  const usable = model.formats.filter((f) => f.disabledReason === null && f.joinable).map((f) => f.format)
  const format = usable.includes(saved.format) ? saved.format : (usable[0] ?? 'mp3')
  const voice = defaultVoice(model, voices, text, saved.voice)
  const speed =
    model.speed.mode === 'range' || model.speed.mode === 'clamp'
      ? Math.min(model.speed.max, Math.max(model.speed.min, saved.speed))
      : 1
  return { text, model: model.id, voice, format, speed }
}
