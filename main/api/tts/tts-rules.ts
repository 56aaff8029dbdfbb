// The speech endpoint's per-model rules (spec tts-api.md: group table, "Voice naming per group",
// "Aliases", "Group-specific rules on POST /audio/speech", "Other limits") as data; tts-check.ts checks
// a request against them.
// What `GET /v1/models/tts` says about a model wins; the spec's group numbers fill in what it does not.
import type { ModelClosedCode } from '../../../preload/contract'

export type TtsGroup = 'free' | 'A' | 'G' | 'classic' | 'v3' | 'multi'
export type TtsFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm' | 'ogg'

/**
 * What the service does with `speed`:
 * `range` honours it and refuses values outside; `clamp` honours it and clamps values outside;
 * `ignored` accepts it to no effect (so it is left out); `fixed` refuses anything but 1.0.
 */
export type SpeedRule =
  | { mode: 'range'; min: number; max: number }
  | { mode: 'clamp'; min: number; max: number }
  | { mode: 'ignored' }
  | { mode: 'fixed' }

type Aliases = Readonly<Record<string, string>>

/**
 * How `voice` is read: an ISO 639-1 code (Free); a name from a list or an alias, else 400 (`voices` is
 * null while the list is unknown); a list name whose misses fall back silently (G); a
 * `<locale>-<Tier>-<Letter>` name (Classic).
 */
export type VoiceRule =
  | { kind: 'language_code'; codes: readonly string[] | null }
  | { kind: 'list'; voices: readonly string[] | null; aliases: Aliases; defaultVoice: string | null }
  | { kind: 'fallback'; voices: readonly string[]; aliases: Aliases; fallback: string; defaultLocale: string }
  | { kind: 'pattern'; aliases: Aliases }

export interface TtsRules {
  modelId: string
  group: TtsGroup
  /** Set for ids the service does not open: calling them is a model-does-not-exist error. */
  closed: ModelClosure | null
  formats: readonly TtsFormat[]
  speed: SpeedRule
  /** Per request, in billable characters; null where neither the service nor the spec states one. */
  maxInputChars: number | null
  /** True when the limit is the spec's "about 5,000" rather than the service's own number. */
  maxInputApproximate: boolean
  voiceRequired: boolean
  voice: VoiceRule
  /** `native`: Vietnamese voices or reads Vietnamese; `poor`: English-only, mispronounces it. */
  vietnamese: 'native' | 'poor' | 'unknown'
  /** The field of the model list that carries the unit price. */
  priceField: typeof PRICE_FIELD
  unitPriceVndPer1M: number | null
  freeCharsPerMonth: number
  /**
   * Requests per minute the model's own record allows, which replaces the plan's default (tts-api.md
   * "Rate limits by plan (defaults; per-model overrides replace them)"); null: the plan's default holds.
   */
  rpm: number | null
}

/**
 * Why an id is not open: a code the UI says in the user's language with the figures it names, and main's
 * words for logs and the CLI.
 */
export interface ModelClosure {
  code: ModelClosedCode
  params: Record<string, string>
  message: string
}

export type { ModelClosedCode }

/** What `GET /v1/models/tts` may say of one model (its body shape is not in the spec; all optional). */
export interface TtsModelInfo {
  group?: string
  free?: boolean
  price_vnd_per_1m_chars?: number
  free_chars_per_month?: number | null
  max_input_chars?: number
  formats?: readonly string[]
  speed?: { mode: SpeedRule['mode']; min?: number; max?: number }
  voice?: { required?: boolean; default?: string | null; aliases?: Aliases }
  english_only?: boolean
  /** Languages the model reads (ISO 639-1 codes or locales), where the list names them. */
  languages?: readonly string[]
  /** Voice ids from `GET /v1/audio/voices` (V3 list, or `?model=` for a multi-vendor model). */
  voices?: readonly string[]
  /** The model's own limits, where its record states them; null in a field: not stated. */
  rate_limits?: { rpm: number | null; rpd: number | null }
}

export const PRICE_FIELD = 'price_vnd_per_1m_chars'
export const SPEED_DEFAULT = 1
const SPEED_FULL: SpeedRule = { mode: 'range', min: 0.25, max: 4 }
const ABOUT_5000_CHARS = 5000

const A_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
]
export const G_VOICES: readonly string[] = [
  'Zephyr', 'Puck', 'Charon', 'Kore', 'Fenrir', 'Leda', 'Orus', 'Aoede', 'Callirrhoe', 'Autonoe',
  'Enceladus', 'Iapetus', 'Umbriel', 'Algieba', 'Despina', 'Erinome', 'Algenib', 'Rasalgethi',
  'Laomedeia', 'Achernar', 'Alnilam', 'Schedar', 'Gacrux', 'Pulcherrima', 'Achird', 'Zubenelgenubi',
  'Vindemiatrix', 'Sadachbia', 'Sadaltager', 'Sulafat',
] // prettier-ignore
const G_ALIASES: Aliases = {
  alloy: 'Kore', ash: 'Fenrir', coral: 'Aoede', echo: 'Charon', fable: 'Puck',
  nova: 'Leda', onyx: 'Orus', sage: 'Zephyr', shimmer: 'Autonoe',
} // prettier-ignore
const CLASSIC_ALIASES: Aliases = {
  alloy: 'en-US-Chirp-HD-D', ash: 'en-US-Chirp-HD-B', coral: 'en-US-Chirp-HD-F', echo: 'en-US-Chirp-HD-A',
  fable: 'en-US-Chirp-HD-O', nova: 'en-US-Chirp-HD-F', onyx: 'en-US-Chirp-HD-A', sage: 'en-US-Chirp-HD-D',
  shimmer: 'en-US-Chirp-HD-F',
} // prettier-ignore
/** V3 resolves these itself; the targets are not published, so each maps to its own name. */
const V3_ALIASES: Aliases = Object.fromEntries(A_VOICES.map((a) => [a, a]))
/** The V3 alias the spec calls deprecated: it returns the system default voice. */
export const V3_DEPRECATED_ALIAS = 'alloy'

const M9_NAMES = [
  'eleven-flash-v2',
  'eleven-flash-v2.5',
  'eleven-turbo-v2',
  'eleven-turbo-v2.5',
  'eleven-v3-conversational',
  'eleven-v4-turbo',
]
// Ids spell the tier `Wavenet` where the spec's prose writes `WaveNet`; both are read the same.
export const CLASSIC_PATTERN = /^([a-z]{2,3}-[A-Z]{2})-(Standard|Wavenet|WaveNet|Neural2|Chirp-HD)-([A-Z])$/
/** Letters per tier where the spec lists them; other locales are only known to follow the pattern. */
export const CLASSIC_LETTERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'vi-VN': { Standard: 'ABCD' },
  'en-US': {
    Standard: 'ABCD',
    Wavenet: 'ABCD',
    WaveNet: 'ABCD',
    Neural2: 'ABCD',
    'Chirp-HD': 'ABCDEFGHIJKLMNO',
  },
}
/** Classic voices the spec names, Vietnamese first: what the Reader offers before the user types another. */
export const CLASSIC_VOICES: readonly string[] = [
  ...[...'ABCD'].map((l) => `vi-VN-Standard-${l}`),
  ...[...'ABCD'].map((l) => `en-US-Standard-${l}`),
]
/** The free model's voice is an ISO 639-1 code; these are the spec's examples, Vietnamese first. */
export const FREE_LANGUAGE_CODES: readonly string[] = [
  'vi', 'en', 'ja', 'ko', 'zh', 'fr', 'de', 'es', 'pt', 'th', 'id', 'ru',
] // prettier-ignore
export const LOCALE_PREFIX = /^[a-z]{2,3}-[A-Z]{2}-(.+)$/
export const LANGUAGE_CODE = /^[a-z]{2}$/

function closure(name: string): ModelClosure | null {
  if (/^eleven_(flash|turbo)_v2(_5)?$|^eleven_v3_conversational$|^eleven_v4_turbo$/.test(name)) {
    const id = name.replaceAll('_', '-').replace('-5', '.5')
    return {
      code: 'hyphenated_id',
      params: { id },
      message: `This id is not open; multi-vendor ids use hyphens (e.g. '${id}').`,
    }
  }
  if (/multilingual[-_]v2/.test(name)) {
    return { code: 'not_open', params: {}, message: 'The multilingual-v2 model is not open.' }
  }
  if (/wavenet|neural2|chirp/i.test(name)) {
    return {
      code: 'replaced',
      params: { date: '2026-07-25' },
      message:
        'WaveNet, Neural2 and Chirp-HD models were replaced on 2026-07-25 by the Gemini TTS models (group G).',
    }
  }
  return null
}

function groupOf(name: string, info: TtsModelInfo | undefined): TtsGroup {
  const g = info?.group
  if (g === 'free' || g === 'A' || g === 'G' || g === 'classic' || g === 'v3') return g
  if (g?.startsWith('M')) return 'multi'
  if (info?.free === true || name === 'translate-tts') return 'free'
  if (['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'].includes(name)) return 'A'
  if (/^gemini-.+-tts$/.test(name)) return 'G'
  if (name === 'standard') return 'classic'
  if (name === 'eleven_v3') return 'v3'
  // Every model outside the five named groups is one of the sixteen multi-vendor ones.
  return 'multi'
}

type GroupRules = Omit<TtsRules, 'modelId' | 'closed' | 'priceField' | 'rpm'>

const PAID = {
  maxInputApproximate: false,
  voiceRequired: true,
  unitPriceVndPer1M: null,
  freeCharsPerMonth: 0,
}
const listRule = (voices: readonly string[] | null, aliases: Aliases = {}): VoiceRule => ({
  kind: 'list',
  voices,
  aliases,
  defaultVoice: null,
})

/** The spec's rules per group, before anything the service says about the model itself. */
const SPEC_RULES: Readonly<Record<TtsGroup | 'M9', GroupRules>> = {
  free: {
    ...PAID,
    group: 'free',
    formats: ['mp3'],
    speed: { mode: 'ignored' },
    maxInputChars: null,
    voice: { kind: 'language_code', codes: null },
    vietnamese: 'native',
    unitPriceVndPer1M: 0,
  },
  A: {
    ...PAID,
    group: 'A',
    formats: ['mp3', 'opus', 'aac', 'flac', 'wav'],
    speed: SPEED_FULL,
    maxInputChars: 4096,
    voice: listRule(A_VOICES),
    vietnamese: 'unknown',
  },
  G: {
    ...PAID,
    group: 'G',
    formats: ['mp3', 'wav', 'ogg'],
    speed: { mode: 'ignored' },
    maxInputChars: ABOUT_5000_CHARS,
    maxInputApproximate: true,
    voice: {
      kind: 'fallback',
      voices: G_VOICES,
      aliases: G_ALIASES,
      fallback: 'Kore',
      defaultLocale: 'vi-VN',
    },
    vietnamese: 'native',
  },
  classic: {
    ...PAID,
    group: 'classic',
    formats: ['mp3', 'wav', 'ogg'],
    speed: SPEED_FULL,
    maxInputChars: ABOUT_5000_CHARS,
    maxInputApproximate: true,
    voice: { kind: 'pattern', aliases: CLASSIC_ALIASES },
    vietnamese: 'native',
    freeCharsPerMonth: 4_000_000,
  },
  v3: {
    ...PAID,
    group: 'v3',
    formats: ['mp3', 'opus', 'pcm'],
    speed: { mode: 'clamp', min: 0.7, max: 1.2 },
    maxInputChars: ABOUT_5000_CHARS,
    maxInputApproximate: true,
    voice: listRule(null, V3_ALIASES),
    vietnamese: 'native',
  },
  // Speed is "mostly unsupported and ignored, some models return 400 if it differs from 1.0": until the
  // service says which, only 1.0 is sent, which loses nothing on the models that ignore it.
  multi: {
    ...PAID,
    group: 'multi',
    formats: ['mp3', 'pcm'],
    speed: { mode: 'fixed' },
    maxInputChars: null,
    voiceRequired: false,
    voice: listRule(null),
    vietnamese: 'unknown',
  },
  M9: {
    ...PAID,
    group: 'multi',
    formats: ['mp3', 'opus', 'pcm'],
    speed: { mode: 'fixed' },
    maxInputChars: null,
    voiceRequired: false,
    voice: listRule(null),
    vietnamese: 'poor',
  },
}

function speedFromInfo(s: TtsModelInfo['speed']): SpeedRule | null {
  if (!s) return null
  if (s.mode === 'ignored' || s.mode === 'fixed') return { mode: s.mode }
  if (typeof s.min !== 'number' || typeof s.max !== 'number') return null
  return { mode: s.mode, min: s.min, max: s.max }
}

const KNOWN_FORMATS: readonly TtsFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm', 'ogg']
export const isFormat = (f: string): f is TtsFormat => (KNOWN_FORMATS as readonly string[]).includes(f)

/** The rules for `modelId` (`<vendor>/<model_name>`), from the model list's entry where there is one. */
export function rulesFor(modelId: string, info?: TtsModelInfo): TtsRules {
  const name = modelId.slice(modelId.indexOf('/') + 1)
  const group = groupOf(name, info)
  const isM9 = info?.group === 'M9' || (info?.group === undefined && M9_NAMES.includes(name))
  const spec = SPEC_RULES[group === 'multi' && isM9 ? 'M9' : group]
  const voice = voiceFromInfo(spec.voice, info)
  return {
    ...spec,
    modelId,
    closed: info ? null : closure(name),
    formats: info?.formats?.filter(isFormat) ?? spec.formats,
    speed: speedFromInfo(info?.speed) ?? spec.speed,
    maxInputChars: info?.max_input_chars ?? spec.maxInputChars,
    maxInputApproximate: info?.max_input_chars === undefined && spec.maxInputApproximate,
    voiceRequired: info?.voice?.required ?? spec.voiceRequired,
    voice,
    vietnamese: vietnameseOf(info, spec.vietnamese),
    priceField: PRICE_FIELD,
    unitPriceVndPer1M: info?.[PRICE_FIELD] ?? (info?.free === true ? 0 : spec.unitPriceVndPer1M),
    freeCharsPerMonth: info?.free_chars_per_month ?? spec.freeCharsPerMonth,
    rpm: wholeRpm(info?.rate_limits?.rpm),
  }
}

/** A usable requests-per-minute figure: at least one whole request; anything else states no limit. */
function wholeRpm(rpm: number | null | undefined): number | null {
  return typeof rpm === 'number' && Number.isFinite(rpm) && rpm >= 1 ? Math.floor(rpm) : null
}

/** The model record's own word wins over its group's: an English-only flag, or a list of languages. */
function vietnameseOf(
  info: TtsModelInfo | undefined,
  fromGroup: TtsRules['vietnamese'],
): TtsRules['vietnamese'] {
  if (info?.english_only === true) return 'poor'
  if (info?.languages && info.languages.length > 0) {
    return info.languages.some((l) => l.toLowerCase().startsWith('vi')) ? 'native' : 'poor'
  }
  if (info?.group === 'M1') return 'native'
  return fromGroup
}

function voiceFromInfo(rule: VoiceRule, info: TtsModelInfo | undefined): VoiceRule {
  if (!info) return rule
  const aliases = info.voice?.aliases
  switch (rule.kind) {
    case 'list':
      return {
        ...rule,
        voices: info.voices ?? rule.voices,
        aliases: aliases && Object.keys(aliases).length > 0 ? aliases : rule.aliases,
        defaultVoice: info.voice?.default ?? rule.defaultVoice,
      }
    case 'fallback':
    case 'pattern':
      return aliases && Object.keys(aliases).length > 0 ? { ...rule, aliases } : rule
    case 'language_code':
      return { ...rule, codes: info.voices ?? rule.codes }
  }
}
