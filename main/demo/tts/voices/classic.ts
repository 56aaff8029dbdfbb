// Classic voices: `<locale>-<Tier>-<Letter>`. Nine are listed (Vietnamese and English); the pattern accepts
// the English tiers of the spec and Standard A-D in forty-odd other locales.
import { voice, type VoiceInfo } from './voice'

export const CLASSIC_LISTED_VOICES: readonly VoiceInfo[] = [
  voice('vi-VN-Standard-A', 'female', 'vi-VN', { accent: 'northern' }),
  voice('vi-VN-Standard-B', 'male', 'vi-VN', { accent: 'northern' }),
  voice('vi-VN-Standard-C', 'female', 'vi-VN', { accent: 'southern' }),
  voice('vi-VN-Standard-D', 'male', 'vi-VN', { accent: 'southern' }),
  voice('en-US-Standard-A', 'male', 'en-US'),
  voice('en-US-Standard-B', 'male', 'en-US'),
  voice('en-US-Standard-C', 'female', 'en-US'),
  voice('en-US-Standard-D', 'male', 'en-US'),
  voice('en-US-Chirp-HD-F', 'female', 'en-US'),
]

/** Locales besides vi-VN and en-US that offer Standard A-D. */
export const CLASSIC_OTHER_LOCALES = [
  'af-ZA',
  'ar-XA',
  'bg-BG',
  'bn-IN',
  'ca-ES',
  'cmn-CN',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-GB',
  'en-IN',
  'es-ES',
  'es-US',
  'et-EE',
  'fi-FI',
  'fil-PH',
  'fr-CA',
  'fr-FR',
  'gu-IN',
  'he-IL',
  'hi-IN',
  'hu-HU',
  'id-ID',
  'is-IS',
  'it-IT',
  'ja-JP',
  'kn-IN',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'ml-IN',
  'mr-IN',
  'ms-MY',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sr-RS',
  'sv-SE',
  'ta-IN',
  'te-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'yue-HK',
] as const

const ENGLISH_TIERS: Record<string, string> = {
  Standard: 'ABCD',
  Wavenet: 'ABCD',
  Neural2: 'ABCD',
  'Chirp-HD': 'ABCDEFGHIJKLMNO',
}

const PATTERN = /^([a-z]{2,3})-([A-Z]{2})-(Standard|Wavenet|Neural2|Chirp-HD)-([A-Z])$/

/** The voice for a Classic name, or undefined if the name is not one the service offers. */
export function classicVoice(name: string): VoiceInfo | undefined {
  const listed = CLASSIC_LISTED_VOICES.find((v) => v.id === name)
  if (listed) return listed
  // Google's own spelling is `WaveNet` in docs and `Wavenet` in ids; accept both.
  const m = PATTERN.exec(name.replace('-WaveNet-', '-Wavenet-'))
  if (!m) return undefined
  const [, lang, region, tier, letter] = m as unknown as [string, string, string, string, string]
  const locale = `${lang}-${region}`
  const letters =
    locale === 'en-US'
      ? ENGLISH_TIERS[tier]
      : locale === 'vi-VN' || isOtherLocale(locale)
        ? tier === 'Standard'
          ? 'ABCD'
          : ''
        : ''
  if (!letters?.includes(letter)) return undefined
  const gender = 'ACEGIKMO'.includes(letter) ? 'female' : 'male'
  return voice(name, gender, locale)
}

function isOtherLocale(locale: string): boolean {
  return (CLASSIC_OTHER_LOCALES as readonly string[]).includes(locale)
}

/** Aliases map to en-US voices only. */
export const CLASSIC_ALIASES: Readonly<Record<string, string>> = {
  alloy: 'en-US-Chirp-HD-D',
  ash: 'en-US-Chirp-HD-B',
  coral: 'en-US-Chirp-HD-F',
  echo: 'en-US-Chirp-HD-A',
  fable: 'en-US-Chirp-HD-O',
  nova: 'en-US-Chirp-HD-F',
  onyx: 'en-US-Chirp-HD-A',
  sage: 'en-US-Chirp-HD-D',
  shimmer: 'en-US-Chirp-HD-F',
}
