// Group G voices: thirty bare names that serve every language; the language is detected from the text.
import { voice, type VoiceInfo } from './voice'

const NAMES: [string, 'female' | 'male'][] = [
  ['Zephyr', 'female'],
  ['Puck', 'male'],
  ['Charon', 'male'],
  ['Kore', 'female'],
  ['Fenrir', 'male'],
  ['Leda', 'female'],
  ['Orus', 'male'],
  ['Aoede', 'female'],
  ['Callirrhoe', 'female'],
  ['Autonoe', 'female'],
  ['Enceladus', 'male'],
  ['Iapetus', 'male'],
  ['Umbriel', 'male'],
  ['Algieba', 'male'],
  ['Despina', 'female'],
  ['Erinome', 'female'],
  ['Algenib', 'male'],
  ['Rasalgethi', 'male'],
  ['Laomedeia', 'female'],
  ['Achernar', 'female'],
  ['Alnilam', 'male'],
  ['Schedar', 'male'],
  ['Gacrux', 'female'],
  ['Pulcherrima', 'female'],
  ['Achird', 'male'],
  ['Zubenelgenubi', 'male'],
  ['Vindemiatrix', 'female'],
  ['Sadachbia', 'male'],
  ['Sadaltager', 'male'],
  ['Sulafat', 'female'],
]

export const GEMINI_DEFAULT_LOCALE = 'vi-VN'
export const GEMINI_FALLBACK_VOICE = 'Kore'

export const GEMINI_VOICES: readonly VoiceInfo[] = NAMES.map(([id, gender]) =>
  voice(id, gender, GEMINI_DEFAULT_LOCALE),
)

/** Aliases of the spec's table; `ballad` and `verse` have no stated target and fall back like any unknown name. */
export const GEMINI_ALIASES: Readonly<Record<string, string>> = {
  alloy: 'Kore',
  ash: 'Fenrir',
  coral: 'Aoede',
  echo: 'Charon',
  fable: 'Puck',
  nova: 'Leda',
  onyx: 'Orus',
  sage: 'Zephyr',
  shimmer: 'Autonoe',
}
