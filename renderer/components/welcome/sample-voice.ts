// Which voice's sample the welcome plays: the model's default when it has a sample, else the first sample in
// the user's language, else any sample at all. Null when the service offers none.
import type { Language, ReaderVoices } from '../../../preload/contract'

export function sampleVoice(list: ReaderVoices, language: Language): string | null {
  const withSample = list.voices.filter((v) => v.hasPreview)
  const preferred =
    withSample.find((v) => v.id === list.defaultVoice) ??
    withSample.find((v) => v.language?.toLowerCase().startsWith(language)) ??
    withSample[0]
  return preferred?.id ?? null
}
