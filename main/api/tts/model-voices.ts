// A model's own voice list. The service lists voices per model only for the multi-vendor group; for
// other models `?model=` has no effect and the V3 list comes back, so the spec's names stand in for them
// (tts-api.md "Voice list per multi-vendor model", "Voice naming per group"). Every model that needs a
// voice gets a non-empty list with a default, so a first reading never goes out without one.
import { CLASSIC_VOICES, FREE_LANGUAGE_CODES, rulesFor } from './tts-rules'
import type { TtsVoice, TtsVoiceList } from './tts-schemas'

/** `answered`: what `GET /v1/audio/voices?model=<model>` returned. */
export function voicesOfModel(model: string, answered: TtsVoiceList): TtsVoiceList {
  if (answered.model === model) return answered
  const rule = rulesFor(model).voice
  // V3: the service's general list is this model's list.
  if (rule.kind === 'list' && rule.voices === null) return answered
  switch (rule.kind) {
    case 'language_code': {
      // The free model reads 50+ languages named by their code: the code is the voice and its language.
      const codes = rule.codes ?? FREE_LANGUAGE_CODES
      return ownList(
        model,
        codes.map((c) => voiceOf(c, c, null)),
        {},
        codes[0] ?? null,
      )
    }
    case 'pattern':
      return ownList(
        model,
        CLASSIC_VOICES.map((id) => voiceOf(id, id.slice(0, 2), id.slice(0, 5))),
        rule.aliases,
        CLASSIC_VOICES[0] ?? null,
      )
    case 'list':
      return ownList(
        model,
        (rule.voices ?? []).map((id) => voiceOf(id, null, null)),
        rule.aliases,
        rule.defaultVoice,
      )
    case 'fallback':
      return ownList(
        model,
        rule.voices.map((id) => voiceOf(id, null, null)),
        rule.aliases,
        rule.fallback,
      )
  }
}

function ownList(
  model: string,
  voices: TtsVoice[],
  aliases: Readonly<Record<string, string>>,
  defaultVoice: string | null,
): TtsVoiceList {
  return { model, provider: null, defaultVoice, aliases: { ...aliases }, voices }
}

function voiceOf(id: string, language: string | null, locale: string | null): TtsVoice {
  return {
    id,
    name: id,
    language,
    locale,
    gender: null,
    accent: null,
    category: null,
    useCase: null,
    previewUrl: null,
  }
}
