// `/models/:model_id` answers ONE object in the shape of the matching per-type item, without saying which
// type in every case (video items carry no `type`). The kind is read from `type` when it names one, else
// from fields only that kind has; the result is tagged so the UI never guesses.
import type { ModelDetail } from '../../../../preload/contract'
import { parseBody } from '../parse'
import {
  embeddingModelSchema,
  imageModelSchema,
  modelBaseSchema,
  modelKindOf,
  textModelSchema,
  videoModelSchema,
  type ModelKind,
} from './catalog'

export type { ModelDetail }

export function parseModelDetail(body: unknown, path: string): ModelDetail {
  switch (detailKind(body)) {
    case 'text':
      return { kind: 'text', model: parseBody(textModelSchema, body, path) }
    case 'image':
      return { kind: 'image', model: parseBody(imageModelSchema, body, path) }
    case 'video':
      return { kind: 'video', model: parseBody(videoModelSchema, body, path) }
    case 'embedding':
      return { kind: 'embedding', model: parseBody(embeddingModelSchema, body, path) }
    case 'other':
      return { kind: 'other', model: parseBody(modelBaseSchema, body, path) }
  }
}

function detailKind(body: unknown): ModelKind {
  if (!isRecord(body)) return 'other'
  if (typeof body.type === 'string') {
    const kind = modelKindOf(body.type)
    if (kind !== 'other') return kind
  }
  const pricing = isRecord(body.pricing) ? body.pricing : {}
  if ('context_window' in body || 'max_output_tokens' in body) return 'text'
  if ('supported_sizes' in body || 'generation' in pricing || pricing.unit === 'per_image') return 'image'
  if ('supported_resolutions' in body || 'supported_durations' in body || pricing.unit === 'per_second')
    return 'video'
  if ('dimensions' in body || 'max_input_tokens' in body || 'discountedVND_per_1M' in pricing)
    return 'embedding'
  return 'other'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
