// Group A voices: the eleven OpenAI-style names.
import { voice, type VoiceInfo } from './voice'

export const OPENAI_VOICES: readonly VoiceInfo[] = [
  voice('alloy', 'neutral', 'en-US'),
  voice('ash', 'male', 'en-US'),
  voice('ballad', 'male', 'en-GB'),
  voice('coral', 'female', 'en-US'),
  voice('echo', 'male', 'en-US'),
  voice('fable', 'male', 'en-GB'),
  voice('nova', 'female', 'en-US'),
  voice('onyx', 'male', 'en-US'),
  voice('sage', 'female', 'en-US'),
  voice('shimmer', 'female', 'en-US'),
  voice('verse', 'male', 'en-US'),
]

/** The OpenAI-style names every group recognises as aliases. */
export const OPENAI_ALIAS_NAMES = OPENAI_VOICES.map((v) => v.id)
