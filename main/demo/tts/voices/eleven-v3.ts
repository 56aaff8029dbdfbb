// V3 voices: 21 English and 12 Vietnamese, each known by a 20-character id. The ids are fixed (they do
// not depend on the demo's seed) because voice ids are catalog data that clients may store.
import { createRng, randomString } from '../../core/rng'
import { voice, type Gender, type VoiceInfo } from './voice'

const ENGLISH: [string, Gender, string, string][] = [
  ['Rachel', 'female', 'american', 'narration'],
  ['Drew', 'male', 'american', 'news'],
  ['Clyde', 'male', 'american', 'characters'],
  ['Paul', 'male', 'american', 'news'],
  ['Domi', 'female', 'american', 'narration'],
  ['Dave', 'male', 'british', 'conversational'],
  ['Fin', 'male', 'irish', 'characters'],
  ['Sarah', 'female', 'american', 'news'],
  ['Antoni', 'male', 'american', 'narration'],
  ['Thomas', 'male', 'american', 'meditation'],
  ['Charlie', 'male', 'australian', 'conversational'],
  ['George', 'male', 'british', 'narration'],
  ['Emily', 'female', 'american', 'meditation'],
  ['Elli', 'female', 'american', 'narration'],
  ['Callum', 'male', 'american', 'characters'],
  ['Patrick', 'male', 'american', 'characters'],
  ['Harry', 'male', 'american', 'characters'],
  ['Liam', 'male', 'american', 'narration'],
  ['Dorothy', 'female', 'british', 'children_stories'],
  ['Josh', 'male', 'american', 'narration'],
  ['Arnold', 'male', 'american', 'characters'],
]

const VIETNAMESE: [string, Gender, VoiceInfo['accent'], string][] = [
  ['Mai', 'female', 'northern', 'narration'],
  ['Hùng', 'male', 'northern', 'news'],
  ['Ngọc', 'female', 'northern', 'conversational'],
  ['Tuấn', 'male', 'standard', 'narration'],
  ['Linh', 'female', 'standard', 'audiobook'],
  ['Quang', 'male', 'central', 'narration'],
  ['Hương', 'female', 'central', 'conversational'],
  ['Huế', 'female', 'central', 'storytelling'],
  ['Thảo', 'female', 'southern', 'conversational'],
  ['Minh', 'male', 'southern', 'news'],
  ['Trang', 'female', 'southern', 'social_media'],
  ['Dũng', 'male', 'southern', 'narration'],
]

function voiceId(name: string): string {
  return randomString(createRng(0, `eleven-v3-voice:${name}`), 20)
}

export const V3_ENGLISH_VOICES: readonly VoiceInfo[] = ENGLISH.map(([name, gender, accent, useCase]) =>
  voice(voiceId(name), gender, 'en-US', {
    name,
    useCase,
    ...(accent === 'british' ? { locale: 'en-GB' } : {}),
  }),
)

export const V3_VIETNAMESE_VOICES: readonly VoiceInfo[] = VIETNAMESE.map(([name, gender, accent, useCase]) =>
  voice(voiceId(`vi:${name}`), gender, 'vi-VN', { name, accent, useCase }),
)

export const V3_VOICES: readonly VoiceInfo[] = [...V3_VIETNAMESE_VOICES, ...V3_ENGLISH_VOICES]

function englishId(name: string): string {
  const v = V3_ENGLISH_VOICES.find((x) => x.name === name)
  if (!v) throw new Error(`No V3 voice named ${name}`)
  return v.id
}

/** The voice `alloy` falls back to: the deprecated alias returns the system default voice. */
export const V3_SYSTEM_DEFAULT_VOICE = englishId('Rachel')

export const V3_ALIASES: Readonly<Record<string, string>> = {
  alloy: V3_SYSTEM_DEFAULT_VOICE,
  ash: englishId('Drew'),
  ballad: englishId('George'),
  coral: englishId('Sarah'),
  echo: englishId('Antoni'),
  fable: englishId('Dave'),
  nova: englishId('Emily'),
  onyx: englishId('Josh'),
  sage: englishId('Elli'),
  shimmer: englishId('Dorothy'),
  verse: englishId('Liam'),
}

/** Bare lower-case names shared by the six M9 models. */
export const M9_VOICES: readonly VoiceInfo[] = ENGLISH.map(([name, gender]) =>
  voice(name.toLowerCase(), gender, 'en-US', { name }),
)
