// What the service's model and voice lists say of one model, in the shape the rules read (tts-rules.ts
// TtsModelInfo). Only what the lists state is passed on; the spec's group numbers fill in the rest.
import { rulesFor, type TtsModelInfo } from './tts-rules'
import type { TtsModel, TtsVoiceList } from './tts-schemas'

export function modelInfoOf(model: TtsModel, voices?: TtsVoiceList): TtsModelInfo {
  const info: TtsModelInfo = {}
  if (model.group !== null) info.group = model.group
  if (model.free !== null) info.free = model.free
  if (model.priceVndPer1M !== null) info.price_vnd_per_1m_chars = model.priceVndPer1M
  if (model.freeCharsPerMonth !== null) info.free_chars_per_month = model.freeCharsPerMonth
  if (model.maxInputChars !== null) info.max_input_chars = model.maxInputChars
  if (model.formats !== null) info.formats = model.formats
  if (model.englishOnly !== null) info.english_only = model.englishOnly
  if (model.languages !== null) info.languages = model.languages
  if (model.rateLimits) {
    const { rpm, rpd } = model.rateLimits
    if (rpm !== null || rpd !== null) info.rate_limits = { rpm, rpd }
  }
  // A list that says speed is not supported means the service ignores it; a bare range says no more
  // than the spec does about what happens outside it, so the group's rule stays.
  if (model.speed?.supported === false) info.speed = { mode: 'ignored' }
  if (model.voice) {
    info.voice = {
      ...(model.voice.required === null ? {} : { required: model.voice.required }),
      ...(model.voice.defaultVoice === null ? {} : { default: model.voice.defaultVoice }),
    }
  }
  // The V3 model's list is the service's general one (tts-api.md "Voice record"): it names no model.
  const ownList = voices && (voices.model === model.id || (voices.model === null && isV3(model)))
  if (voices && ownList) {
    info.voices = voices.voices.map((v) => v.id)
    if (Object.keys(voices.aliases).length > 0) info.voice = { ...info.voice, aliases: voices.aliases }
  }
  return info
}

function isV3(model: TtsModel): boolean {
  return model.group === 'v3' || (model.group === null && rulesFor(model.id).group === 'v3')
}
