// Which voice sample the welcome plays. Not every model's voices have one (on the demo only a few do), so the
// models are asked in turn, the default first, until one offers a sample: there, the model's default voice
// when it has one, else the first in the user's language, else any. Null when no model has a sample.
import type { Language, ReaderModels, ReaderVoices } from '../../../preload/contract'

export interface Sample {
  model: string
  voice: string
}

export async function findSample(
  models: ReaderModels,
  voicesOf: (model: string) => Promise<ReaderVoices>,
  language: Language,
): Promise<Sample | null> {
  const ids = models.models.map((m) => m.id)
  const order = models.defaultModel
    ? [models.defaultModel, ...ids.filter((id) => id !== models.defaultModel)]
    : ids
  for (const model of order) {
    const voice = sampleVoice(await voicesOf(model), language)
    if (voice) return { model, voice }
  }
  return null
}

function sampleVoice(list: ReaderVoices, language: Language): string | null {
  const withSample = list.voices.filter((v) => v.hasPreview)
  const preferred =
    withSample.find((v) => v.id === list.defaultVoice) ??
    withSample.find((v) => v.language?.toLowerCase().startsWith(language)) ??
    withSample[0]
  return preferred?.id ?? null
}
