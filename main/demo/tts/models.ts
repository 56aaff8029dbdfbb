// Every TTS model the demo serves, with the per-model numbers of the spec: input limit, unit price,
// formats, the speed rule and the voice rule. `GET /v1/models/tts` is built from this table.
import { CLASSIC_LISTED_VOICES } from './voices/classic'
import { V3_VOICES, M9_VOICES } from './voices/eleven-v3'
import { GEMINI_VOICES } from './voices/gemini'
import {
  M1_VOICES,
  M2_VOICES,
  M3_VOICES,
  M4_VOICES,
  M5_VOICES,
  M6_VOICES,
  M7_VOICES,
  M8_VOICES,
} from './voices/multi-vendor'
import { OPENAI_VOICES } from './voices/openai'
import type { VoiceInfo } from './voices/voice'

export type TtsGroup =
  'free' | 'A' | 'G' | 'classic' | 'v3' | 'M1' | 'M2' | 'M3' | 'M4' | 'M5' | 'M6' | 'M7' | 'M8' | 'M9'

export type AudioFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm' | 'ogg'

/**
 * How a model treats `speed`:
 * - `range`: honoured; outside [min, max] is a 400.
 * - `clamp`: honoured; outside [min, max] is clamped.
 * - `ignored`: accepted and has no effect.
 * - `fixed`: must be 1.0 (or omitted); anything else is a 400.
 */
export type SpeedRule =
  | { mode: 'range'; min: number; max: number }
  | { mode: 'clamp'; min: number; max: number }
  | { mode: 'ignored' }
  | { mode: 'fixed' }

/**
 * How a model reads `voice`:
 * - `language_code`: an ISO 639-1 code (free model).
 * - `list`: a name or id from the list, or an alias; otherwise 400.
 * - `fallback`: a name from the list, a `<locale>-<Name>` form, or an alias; anything else falls back.
 * - `pattern`: `<locale>-<Tier>-<Letter>` (Classic).
 */
export type VoiceRule = 'language_code' | 'list' | 'fallback' | 'pattern'

export interface TtsModelDef {
  id: string
  group: TtsGroup
  vendor: string
  name: string
  description: string
  maxInputChars: number
  /** VND per 1,000,000 characters of `input` (NFC). */
  priceVndPer1M: number
  /** Characters per calendar month billed at zero before the price applies. */
  freeCharsPerMonth?: number
  formats: AudioFormat[]
  speed: SpeedRule
  voiceRule: VoiceRule
  voiceRequired: boolean
  voices: readonly VoiceInfo[]
  defaultVoice?: string
  /** Speaks only English: other text is read with English rules, as the real model does (poorly). */
  englishOnly: boolean
}

const SPEED_FULL: SpeedRule = { mode: 'range', min: 0.25, max: 4 }
const A_FORMATS: AudioFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav']
const G_FORMATS: AudioFormat[] = ['mp3', 'wav', 'ogg']
const V3_FORMATS: AudioFormat[] = ['mp3', 'opus', 'pcm']
const MV_FORMATS: AudioFormat[] = ['mp3', 'pcm']

function groupA(id: string, name: string, description: string, priceVndPer1M: number): TtsModelDef {
  return {
    id: `openai/${id}`,
    group: 'A',
    vendor: 'openai',
    name,
    description,
    maxInputChars: 4096,
    priceVndPer1M,
    formats: A_FORMATS,
    speed: SPEED_FULL,
    voiceRule: 'list',
    voiceRequired: true,
    voices: OPENAI_VOICES,
    englishOnly: false,
  }
}

function groupG(id: string, name: string, priceVndPer1M: number): TtsModelDef {
  return {
    id: `google/${id}`,
    group: 'G',
    vendor: 'google',
    name,
    description: 'Thirty voices for every language; the language is detected from the text.',
    maxInputChars: 5000,
    priceVndPer1M,
    formats: G_FORMATS,
    speed: { mode: 'ignored' },
    voiceRule: 'fallback',
    voiceRequired: true,
    voices: GEMINI_VOICES,
    englishOnly: false,
  }
}

type MultiVendorParts = Pick<
  TtsModelDef,
  'id' | 'group' | 'vendor' | 'name' | 'maxInputChars' | 'priceVndPer1M' | 'voices'
> &
  Partial<Pick<TtsModelDef, 'speed' | 'formats' | 'englishOnly' | 'defaultVoice' | 'description'>>

function multiVendor(p: MultiVendorParts): TtsModelDef {
  const vietnamese = p.voices.find((v) => v.locale === 'vi-VN')
  return {
    description: 'Multi-vendor model; voice optional.',
    speed: { mode: 'ignored' },
    formats: MV_FORMATS,
    englishOnly: false,
    ...p,
    voiceRule: 'list',
    voiceRequired: false,
    defaultVoice: p.defaultVoice ?? vietnamese?.id ?? p.voices[0]?.id,
  }
}

function m9(slug: string, name: string, maxInputChars: number, priceVndPer1M: number): TtsModelDef {
  return multiVendor({
    id: `elevenlabs/${slug}`,
    group: 'M9',
    vendor: 'elevenlabs',
    name,
    maxInputChars,
    priceVndPer1M,
    voices: M9_VOICES,
    formats: V3_FORMATS,
    englishOnly: true,
    defaultVoice: 'rachel',
    description: 'English voices only; Vietnamese text is read with English rules.',
  })
}

export const TTS_MODELS: readonly TtsModelDef[] = [
  {
    id: 'google/translate-tts',
    group: 'free',
    vendor: 'google',
    name: 'Free TTS',
    description: 'Free of charge. The voice is an ISO 639-1 language code.',
    maxInputChars: 2000,
    priceVndPer1M: 0,
    formats: ['mp3'],
    speed: { mode: 'ignored' },
    voiceRule: 'language_code',
    voiceRequired: true,
    voices: [],
    englishOnly: false,
  },
  groupA('tts-1', 'TTS-1 (low latency)', 'Low-latency voices for real-time use.', 412_500),
  groupA('tts-1-hd', 'TTS-1 HD', 'High-quality variant of TTS-1.', 825_000),
  groupA(
    'gpt-4o-mini-tts',
    'GPT-4o mini TTS (smart)',
    'Steerable voices that follow the tone of the text.',
    330_000,
  ),
  groupG('gemini-2.5-flash-tts', 'Gemini 2.5 Flash TTS', 275_000),
  groupG('gemini-3-flash-preview-tts', 'Gemini 3 Flash TTS (preview)', 330_000),
  groupG('gemini-2.5-pro-tts', 'Gemini 2.5 Pro TTS', 550_000),
  {
    id: 'google/standard',
    group: 'classic',
    vendor: 'google',
    name: 'Cloud TTS Standard',
    description: 'Cheapest paid model; 4,000,000 free characters every month.',
    maxInputChars: 5000,
    priceVndPer1M: 110_000,
    freeCharsPerMonth: 4_000_000,
    formats: G_FORMATS,
    speed: SPEED_FULL,
    voiceRule: 'pattern',
    voiceRequired: true,
    voices: CLASSIC_LISTED_VOICES,
    englishOnly: false,
  },
  {
    id: 'elevenlabs/eleven_v3',
    group: 'v3',
    vendor: 'elevenlabs',
    name: 'Eleven v3',
    description: 'Expressive model for 70+ languages, with 12 Vietnamese voices.',
    maxInputChars: 5000,
    priceVndPer1M: 2_475_000,
    formats: V3_FORMATS,
    speed: { mode: 'clamp', min: 0.7, max: 1.2 },
    voiceRule: 'list',
    voiceRequired: true,
    voices: V3_VOICES,
    englishOnly: false,
  },
  multiVendor({
    id: 'minimax/speech-02-hd',
    group: 'M1',
    vendor: 'minimax',
    name: 'Speech-02 HD',
    maxInputChars: 10_000,
    priceVndPer1M: 2_750_000,
    voices: M1_VOICES,
    speed: { mode: 'clamp', min: 0.5, max: 2 },
  }),
  multiVendor({
    id: 'minimax/speech-02-turbo',
    group: 'M1',
    vendor: 'minimax',
    name: 'Speech-02 Turbo',
    maxInputChars: 10_000,
    priceVndPer1M: 1_650_000,
    voices: M1_VOICES,
    speed: { mode: 'clamp', min: 0.5, max: 2 },
  }),
  multiVendor({
    id: 'minimax/speech-01-hd',
    group: 'M2',
    vendor: 'minimax',
    name: 'Speech-01 HD',
    maxInputChars: 5000,
    priceVndPer1M: 1_650_000,
    voices: M2_VOICES,
  }),
  multiVendor({
    id: 'minimax/speech-01-turbo',
    group: 'M2',
    vendor: 'minimax',
    name: 'Speech-01 Turbo',
    maxInputChars: 5000,
    priceVndPer1M: 1_100_000,
    voices: M2_VOICES,
  }),
  multiVendor({
    id: 'azure/dragon-hd-latest',
    group: 'M3',
    vendor: 'azure',
    name: 'Dragon HD',
    maxInputChars: 7000,
    priceVndPer1M: 825_000,
    voices: M3_VOICES,
  }),
  multiVendor({
    id: 'playai/play-dialog',
    group: 'M4',
    vendor: 'playai',
    name: 'Play Dialog',
    maxInputChars: 2000,
    priceVndPer1M: 1_375_000,
    voices: M4_VOICES,
    englishOnly: true,
  }),
  multiVendor({
    id: 'hume/octave-2',
    group: 'M5',
    vendor: 'hume',
    name: 'Octave 2',
    maxInputChars: 1000,
    priceVndPer1M: 1_650_000,
    voices: M5_VOICES,
    englishOnly: true,
    speed: { mode: 'fixed' },
  }),
  multiVendor({
    id: 'canopylabs/orpheus-3b',
    group: 'M6',
    vendor: 'canopylabs',
    name: 'Orpheus 3B',
    maxInputChars: 4000,
    priceVndPer1M: 275_000,
    voices: M6_VOICES,
    englishOnly: true,
    description: 'Open-source English model.',
  }),
  multiVendor({
    id: 'sesame/csm-1b',
    group: 'M7',
    vendor: 'sesame',
    name: 'CSM 1B',
    maxInputChars: 1000,
    priceVndPer1M: 550_000,
    voices: M7_VOICES,
    englishOnly: true,
    speed: { mode: 'fixed' },
    description: 'Conversational English model.',
  }),
  multiVendor({
    id: 'hexgrad/kokoro-82m',
    group: 'M8',
    vendor: 'hexgrad',
    name: 'Kokoro 82M',
    maxInputChars: 5000,
    priceVndPer1M: 22_000,
    voices: M8_VOICES,
    defaultVoice: 'af_heart',
    description: 'Cheapest model.',
  }),
  m9('eleven-flash-v2', 'Eleven Flash v2', 30_000, 1_375_000),
  m9('eleven-flash-v2.5', 'Eleven Flash v2.5', 40_000, 1_375_000),
  m9('eleven-turbo-v2', 'Eleven Turbo v2', 30_000, 1_375_000),
  m9('eleven-turbo-v2.5', 'Eleven Turbo v2.5', 40_000, 1_375_000),
  m9('eleven-v3-conversational', 'Eleven v3 Conversational', 5000, 2_750_000),
  m9('eleven-v4-turbo', 'Eleven v4 Turbo', 40_000, 1_650_000),
]

export function findTtsModel(id: string): TtsModelDef | undefined {
  return TTS_MODELS.find((m) => m.id === id)
}

export const isFreeModel = (m: TtsModelDef): boolean => m.priceVndPer1M === 0

export const MULTI_VENDOR_GROUPS: readonly TtsGroup[] = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9']
export const isMultiVendor = (m: TtsModelDef): boolean => MULTI_VENDOR_GROUPS.includes(m.group)
