// Voice lists of the multi-vendor models (sub-groups M1-M8; M9 shares the V3 English names, see
// eleven-v3.ts). Long lists are built from parts so that their sizes match the spec exactly.
import { voice, type Gender, type VoiceInfo } from './voice'

function build(ids: [string, Gender, string][]): VoiceInfo[] {
  return ids.map(([id, gender, locale]) => voice(id, gender, locale))
}

const M1_STYLES: [string, Gender][] = [
  ['Graceful_Lady', 'female'],
  ['Wise_Woman', 'female'],
  ['Friendly_Person', 'neutral'],
  ['Inspirational_girl', 'female'],
  ['Deep_Voice_Man', 'male'],
  ['Calm_Woman', 'female'],
  ['Casual_Guy', 'male'],
  ['Lively_Girl', 'female'],
  ['Patient_Man', 'male'],
  ['Young_Knight', 'male'],
  ['Determined_Man', 'male'],
  ['Lovely_Girl', 'female'],
  ['Decent_Boy', 'male'],
  ['Imposing_Manner', 'male'],
  ['Elegant_Man', 'male'],
  ['Abbess', 'female'],
  ['Sweet_Girl', 'female'],
  ['Exuberant_Girl', 'female'],
  ['Narrator', 'male'],
  ['Trustworthy_Man', 'male'],
]

const M1_LANGUAGES: [string, string][] = [
  ['English', 'en-US'],
  ['Chinese', 'zh-CN'],
  ['Japanese', 'ja-JP'],
  ['Korean', 'ko-KR'],
  ['Spanish', 'es-ES'],
]

/** 97 voices: 2 Vietnamese, then 19 styles in each of five languages. */
export const M1_VOICES: readonly VoiceInfo[] = [
  voice('Vietnamese_kindhearted_girl', 'female', 'vi-VN'),
  voice('Vietnamese_gentle_man', 'male', 'vi-VN'),
  ...M1_LANGUAGES.flatMap(([lang, locale]) =>
    M1_STYLES.slice(0, 19).map(([style, gender]) => voice(`${lang}_${style}`, gender, locale)),
  ),
]

export const M2_VOICES: readonly VoiceInfo[] = build([
  ['male-qn-qingse', 'male', 'zh-CN'],
  ['female-shaonv', 'female', 'zh-CN'],
  ['presenter_male', 'male', 'en-US'],
  ['audiobook_female_1', 'female', 'en-US'],
])

const M3_PEOPLE: [string, Gender][] = [
  ['Ava', 'female'],
  ['Andrew', 'male'],
  ['Emma', 'female'],
  ['Brian', 'male'],
  ['Jenny', 'female'],
  ['Guy', 'male'],
  ['Aria', 'female'],
  ['Davis', 'male'],
  ['Jane', 'female'],
  ['Jason', 'male'],
  ['Sara', 'female'],
  ['Tony', 'male'],
  ['Nancy', 'female'],
  ['Steffan', 'male'],
  ['Ada', 'female'],
]

const M3_LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP']

/** 90 voices, each id carrying a `:DragonHDLatestNeural` suffix that must be sent exactly. */
export const M3_VOICES: readonly VoiceInfo[] = M3_LOCALES.flatMap((locale) =>
  M3_PEOPLE.map(([name, gender]) =>
    voice(`${locale}-${name}:DragonHDLatestNeural`, gender, locale, { name }),
  ),
)

const M4_NAMES: [string, Gender][] = [
  ['Angelo', 'male'],
  ['Arsenio', 'male'],
  ['Cillian', 'male'],
  ['Timo', 'male'],
  ['Dexter', 'male'],
  ['Miles', 'male'],
  ['Briggs', 'male'],
  ['Deedee', 'female'],
  ['Nia', 'female'],
  ['Inara', 'female'],
  ['Constanza', 'female'],
  ['Gideon', 'male'],
  ['Casper', 'male'],
  ['Mitch', 'male'],
  ['Ava', 'female'],
  ['Adelaide', 'female'],
  ['Charlotte', 'female'],
  ['Cecil', 'male'],
  ['Cooper', 'male'],
  ['Daisy', 'female'],
  ['Delilah', 'female'],
  ['Eleanor', 'female'],
  ['Ellie', 'female'],
  ['Evelyn', 'female'],
  ['Finn', 'male'],
  ['Hudson', 'male'],
  ['Jennifer', 'female'],
  ['Lillian', 'female'],
  ['Nolan', 'male'],
  ['Olivia', 'female'],
  ['Owen', 'male'],
  ['Phoebe', 'female'],
  ['Ruby', 'female'],
  ['Sophia', 'female'],
  ['Theodore', 'male'],
  ['Wyatt', 'male'],
]

export const M4_VOICES: readonly VoiceInfo[] = M4_NAMES.map(([name, gender]) =>
  voice(`${name}-PlayAI`, gender, 'en-US', { name }),
)

export const M5_VOICES: readonly VoiceInfo[] = build([
  ['ITO', 'male', 'en-US'],
  ['KORA', 'female', 'en-US'],
  ['DACHER', 'male', 'en-US'],
  ['AURA', 'female', 'en-US'],
  ['FINN', 'male', 'en-US'],
])

export const M6_VOICES: readonly VoiceInfo[] = build([
  ['tara', 'female', 'en-US'],
  ['leah', 'female', 'en-US'],
  ['jess', 'female', 'en-US'],
  ['leo', 'male', 'en-US'],
  ['dan', 'male', 'en-US'],
  ['mia', 'female', 'en-US'],
  ['zac', 'male', 'en-US'],
])

export const M7_VOICES: readonly VoiceInfo[] = build(
  (['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const).map((s, i) => [
    `conversational_${s}`,
    i % 2 === 0 ? 'female' : 'male',
    'en-US',
  ]),
)

const KOKORO_LOCALE: Record<string, string> = {
  a: 'en-US',
  b: 'en-GB',
  j: 'ja-JP',
  z: 'zh-CN',
  e: 'es-ES',
  f: 'fr-FR',
  h: 'hi-IN',
  i: 'it-IT',
  p: 'pt-BR',
}

const KOKORO_IDS = [
  'af_heart',
  'af_alloy',
  'af_aoede',
  'af_bella',
  'af_jessica',
  'af_kore',
  'af_nicole',
  'af_nova',
  'af_river',
  'af_sarah',
  'af_sky',
  'am_adam',
  'am_echo',
  'am_eric',
  'am_fenrir',
  'am_liam',
  'am_michael',
  'am_onyx',
  'am_puck',
  'am_santa',
  'bf_alice',
  'bf_emma',
  'bf_isabella',
  'bf_lily',
  'bm_daniel',
  'bm_fable',
  'bm_george',
  'bm_lewis',
  'jf_alpha',
  'jf_gongitsune',
  'jf_nezumi',
  'jf_tebukuro',
  'jm_kumo',
  'zf_xiaobei',
  'zf_xiaoni',
  'zf_xiaoxiao',
  'zf_xiaoyi',
  'zm_yunjian',
  'zm_yunxi',
  'zm_yunxia',
  'zm_yunyang',
  'ef_dora',
  'em_alex',
  'em_santa',
  'ff_siwis',
  'hf_alpha',
  'hf_beta',
  'hm_omega',
  'hm_psi',
  'if_sara',
  'im_nicola',
  'pf_dora',
  'pm_alex',
  'pm_santa',
]

/** 54 voices; the first letter of an id is its language, the second its gender. */
export const M8_VOICES: readonly VoiceInfo[] = KOKORO_IDS.map((id) =>
  voice(id, id[1] === 'f' ? 'female' : 'male', KOKORO_LOCALE[id[0] ?? 'a'] ?? 'en-US'),
)
