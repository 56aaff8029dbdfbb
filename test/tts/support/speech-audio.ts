// A synthesized chunk as TtsClient returns it, for jobs driven by a synthesizer of the test's own.
import type { SpeechAudio } from '../../../main/api/tts/tts-client'

export const speechAudio = (bytes: Uint8Array): SpeechAudio => ({
  bytes,
  contentType: 'audio/pcm',
  jobId: null,
  billedChars: null,
  costVnd: null,
  replay: false,
  sampleRateHz: 24_000,
  expiresAt: null,
  attempts: 1,
})
