// A model's own voice list. The service lists voices per model only for the multi-vendor group; for
// other models `?model=` has no effect and the V3 list comes back, so the spec's names stand in for them
// (tts-api.md "Voice list per multi-vendor model", "Voice naming per group").
import { rulesFor } from './tts-rules'
import type { TtsVoiceList } from './tts-schemas'

/** `answered`: what `GET /v1/audio/voices?model=<model>` returned. */
export function voicesOfModel(model: string, answered: TtsVoiceList): TtsVoiceList {
  if (answered.model === model) return answered
  const rule = rulesFor(model).voice
  // V3: the service's general list is this model's list.
  if (rule.kind === 'list' && rule.voices === null) return answered
  const ids = (rule.kind === 'list' || rule.kind === 'fallback' ? rule.voices : null) ?? []
  const aliases = rule.kind === 'language_code' ? {} : { ...rule.aliases }
  const defaultVoice =
    rule.kind === 'list' ? rule.defaultVoice : rule.kind === 'fallback' ? rule.fallback : null
  return {
    model,
    provider: null,
    defaultVoice,
    aliases,
    voices: ids.map((id) => ({
      id,
      name: id,
      language: null,
      locale: null,
      gender: null,
      accent: null,
      category: null,
      useCase: null,
      previewUrl: null,
    })),
  }
}
