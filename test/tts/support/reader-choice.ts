// The Reader's choice the demo-service tests read with: a model every demo plan may use, so what a test
// checks comes from its text and the service's answers, not from the model.
import type { ReaderChoice } from '../../../preload/contract'

export const choice = (text: string): ReaderChoice => ({
  text,
  model: 'openai/tts-1',
  voice: 'alloy',
  format: 'mp3',
  speed: 1,
})
