// Schemas for the two TTS catalog answers. The spec does not show the body of `GET /v1/models/tts` and
// shows two shapes for `GET /v1/audio/voices` (tts-api.md "Voice record", "Voice list per multi-vendor
// model"), so each schema accepts a bare array, `{data}`, `{models}` / `{voices}` and unknown fields, and
// reads each number under the names a gateway plausibly uses. Only the id of a model or voice is required:
// everything else falls back to null, and the caller falls back to what the spec states.
import { z } from 'zod'

const str = z.string()
const optStr = str.nullish().transform((v) => v ?? null)
const optNum = z
  .number()
  .nullish()
  .transform((v) => v ?? null)
const optBool = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null)

/** First of `keys` present on `o` that is not null/undefined. */
function pick(o: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k]
  return undefined
}

/** Folds the plausible field names into the one the schema reads, before validation. */
function aliased(fields: Record<string, readonly string[]>) {
  return (raw: unknown): unknown => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
    const o = raw as Record<string, unknown>
    const out: Record<string, unknown> = { ...o }
    for (const [name, keys] of Object.entries(fields)) out[name] = pick(o, keys)
    return out
  }
}

const modelFields = {
  id: ['id', 'model_id', 'model'],
  priceVndPer1M: ['price_vnd_per_1m_chars', 'price_vnd_per_1m', 'priceVndPer1M', 'price_per_1m_chars'],
  maxInputChars: ['max_input_chars', 'max_input', 'max_chars', 'input_limit', 'maxInputChars'],
  freeCharsPerMonth: ['free_chars_per_month', 'freeCharsPerMonth'],
  displayName: ['name', 'display_name'],
  allowedForKey: ['allowed_for_key', 'allowed'],
  englishOnly: ['english_only', 'englishOnly'],
  languages: ['languages', 'supported_languages', 'supportedLanguages'],
  rateLimits: ['rate_limits', 'rateLimits'],
} as const

const speedRange = z
  .looseObject({ min: optNum, max: optNum, supported: optBool })
  .nullish()
  .transform((v) => (v ? { min: v.min, max: v.max, supported: v.supported } : null))

/** The model's own request limits; tts-api.md: "per-model overrides replace" the plan's defaults. */
const rateLimits = z
  .looseObject({ rpm: optNum, rpd: optNum })
  .nullish()
  .transform((v) => (v ? { rpm: v.rpm, rpd: v.rpd } : null))

const voiceRule = z
  .looseObject({ required: optBool, default: optStr, count: optNum })
  .nullish()
  .transform((v) => (v ? { required: v.required, defaultVoice: v.default, count: v.count } : null))

export const ttsModelSchema = z.preprocess(
  (raw) => (typeof raw === 'string' ? { id: raw } : aliased(modelFields)(raw)),
  z
    .looseObject({
      id: str,
      displayName: optStr,
      group: optStr,
      vendor: optStr,
      free: optBool,
      priceVndPer1M: optNum,
      freeCharsPerMonth: optNum,
      maxInputChars: optNum,
      formats: z.array(str).nullish(),
      speed: speedRange,
      voice: voiceRule,
      allowedForKey: optBool,
      englishOnly: optBool,
      languages: z.array(str).nullish(),
      rateLimits,
    })
    .transform((m) => ({
      id: m.id,
      name: m.displayName,
      group: m.group,
      vendor: m.vendor ?? (m.id.includes('/') ? (m.id.split('/')[0] ?? null) : null),
      free: m.free,
      priceVndPer1M: m.priceVndPer1M,
      freeCharsPerMonth: m.freeCharsPerMonth,
      maxInputChars: m.maxInputChars,
      formats: m.formats ?? null,
      speed: m.speed,
      voice: m.voice,
      allowedForKey: m.allowedForKey,
      englishOnly: m.englishOnly,
      languages: m.languages ?? null,
      rateLimits: m.rateLimits,
    })),
)

/** Puts the list under `items` whether it came bare, as `{data}` or under one of `keys`. */
function listed(keys: readonly string[]) {
  return (raw: unknown): unknown => {
    if (Array.isArray(raw)) return { items: raw }
    if (typeof raw !== 'object' || raw === null) return raw
    const o = raw as Record<string, unknown>
    return { ...o, items: pick(o, keys) }
  }
}

export const ttsModelListSchema = z
  .preprocess(listed(['data', 'models']), z.looseObject({ items: z.array(ttsModelSchema) }))
  .transform((l) => l.items)

const voiceFields = {
  id: ['voice_id', 'id', 'name'],
  displayName: ['name', 'display_name'],
  previewUrl: ['preview_url', 'previewUrl'],
} as const

const labels = z
  .looseObject({ gender: optStr, accent: optStr, language: optStr, use_case: optStr })
  .nullish()
  .transform((v) => v ?? null)

export const ttsVoiceSchema = z.preprocess(
  (raw) => (typeof raw === 'string' ? { id: raw } : aliased(voiceFields)(raw)),
  z
    .looseObject({
      id: str,
      displayName: optStr,
      category: optStr,
      language: optStr,
      locale: optStr,
      gender: optStr,
      labels,
      previewUrl: optStr,
    })
    .transform((v) => {
      // `language` is a locale (`vi-VN`) in the per-model list and an ISO 639-1 code in the labels.
      const locale = v.locale ?? (v.language?.includes('-') ? v.language : null)
      const language = v.labels?.language ?? v.language?.split('-')[0] ?? null
      return {
        id: v.id,
        name: v.displayName ?? v.id,
        language: language === null ? null : language.toLowerCase(),
        locale,
        gender: v.labels?.gender ?? v.gender,
        accent: v.labels?.accent ?? null,
        category: v.category,
        useCase: v.labels?.use_case ?? null,
        previewUrl: v.previewUrl,
      }
    }),
)

export const ttsVoiceListSchema = z
  .preprocess(
    (raw) => listed(['voices', 'data'])(aliased({ defaultVoice: ['default_voice', 'defaultVoice'] })(raw)),
    z.looseObject({
      items: z.array(ttsVoiceSchema),
      model: optStr,
      provider: optStr,
      defaultVoice: optStr,
      aliases: z.record(str, str).nullish(),
    }),
  )
  .transform((l) => ({
    model: l.model,
    provider: l.provider,
    defaultVoice: l.defaultVoice,
    aliases: l.aliases ?? {},
    voices: l.items,
  }))

export type TtsModel = z.output<typeof ttsModelSchema>
export type TtsVoice = z.output<typeof ttsVoiceSchema>
export type TtsVoiceList = z.output<typeof ttsVoiceListSchema>
