// Display facts for any model id that can appear in usage history: the management catalog's models,
// the TTS models, and ids the demo does not list (realtime models), which fall back to the id itself.
import { createHash } from 'node:crypto'
import { findTtsModel } from '../tts/models'
import { EMBEDDING_MODELS } from './embedding-models'
import { IMAGE_MODELS } from './image-models'
import { TEXT_MODELS } from './text-models'
import { VIDEO_MODELS } from './video-models'

export interface ModelMeta {
  /** The model's record id in the service's database; not the `model_id` used in calls. */
  recordId: string
  name: string
  provider: string
}

/** Record ids look like database ids and are stable for a model id. */
function recordIdFor(modelId: string): string {
  return `cm${createHash('sha256').update(`model:${modelId}`).digest('hex').slice(0, 23)}`
}

const CATALOG = new Map<string, { name: string; provider: string }>(
  [...TEXT_MODELS, ...IMAGE_MODELS, ...VIDEO_MODELS, ...EMBEDDING_MODELS].map((m) => [m.model_id, m]),
)

export function modelMeta(modelId: string): ModelMeta {
  const known = CATALOG.get(modelId)
  const tts = known ? undefined : findTtsModel(modelId)
  const name = known?.name ?? tts?.name ?? modelId
  const provider =
    known?.provider ?? tts?.vendor ?? (modelId.includes('/') ? (modelId.split('/')[0] as string) : 'unknown')
  return { recordId: recordIdFor(modelId), name, provider }
}
