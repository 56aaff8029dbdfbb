// The speech models and voices as the Reader shows them: each model's rules (tts-rules.ts) turned into
// what a control needs: which formats and speeds it takes, each refused one with its reason.
import type {
  ReaderFormat,
  ReaderFormatOption,
  ReaderModel,
  ReaderSpeedRule,
  ReaderVoices,
} from '../../preload/contract'
import { disabledReason } from '../api/tts/tts-check'
import type { TtsRules } from '../api/tts/tts-rules'
import type { TtsModel, TtsVoiceList } from '../api/tts/tts-schemas'
import { JOINABLE_FORMATS } from './audio-join'

const ALL_FORMATS: readonly ReaderFormat[] = ['mp3', 'wav', 'pcm', 'opus', 'aac', 'flac', 'ogg']

export function toReaderModel(model: TtsModel | null, rules: TtsRules): ReaderModel {
  return {
    id: rules.modelId,
    name: model?.name ?? null,
    group: rules.group,
    free: model?.free === true || rules.unitPriceVndPer1M === 0,
    unitPriceVndPer1M: rules.unitPriceVndPer1M,
    freeCharsPerMonth: rules.freeCharsPerMonth,
    maxInputChars: rules.maxInputChars,
    maxInputApproximate: rules.maxInputApproximate,
    formats: ALL_FORMATS.map((format) => formatOption(rules, format)),
    speed: speedRule(rules),
    voiceRequired: rules.voiceRequired,
    voiceKind: rules.voice.kind,
    vietnamese: rules.vietnamese,
    closedReason: rules.closed?.message ?? null,
    closed: rules.closed === null ? null : { code: rules.closed.code, params: rules.closed.params },
    allowedForKey: model?.allowedForKey !== false,
  }
}

function formatOption(rules: TtsRules, format: ReaderFormat): ReaderFormatOption {
  return {
    format,
    disabledReason: disabledReason(rules, 'format', format),
    joinable: JOINABLE_FORMATS.includes(format),
  }
}

function speedRule(rules: TtsRules): ReaderSpeedRule {
  const s = rules.speed
  if (s.mode === 'range' || s.mode === 'clamp') return { mode: s.mode, min: s.min, max: s.max }
  return { mode: s.mode, min: 1, max: 1 }
}

export function toReaderVoices(model: string, list: TtsVoiceList): ReaderVoices {
  return {
    model,
    voices: list.voices.map((v) => ({
      id: v.id,
      name: v.name,
      language: v.locale ?? v.language,
      gender: v.gender,
      accent: v.accent,
      hasPreview: v.previewUrl !== null,
    })),
    // The service's default where it names one, else a Vietnamese voice: the users' language.
    defaultVoice:
      list.defaultVoice ??
      list.voices.find((v) => (v.locale ?? v.language)?.toLowerCase().startsWith('vi'))?.id ??
      null,
    aliases: { ...list.aliases },
  }
}
