// Token usage of both protocols normalised to one shape. Missing or malformed counts read as 0.
import type { TokenUsage } from '../engine/events'
import { arr, count, obj, type JsonObject } from '../../api/json-fields'

/** Model-R `response.usage` (realtime-protocols.md §2.3). */
export function modelRUsage(u: JsonObject): TokenUsage {
  const inDetails = obj(u.input_token_details) ?? {}
  const outDetails = obj(u.output_token_details) ?? {}
  const inputTotal = count(u.input_tokens)
  const outputTotal = count(u.output_tokens)
  return {
    inputAudio: count(inDetails.audio_tokens),
    inputText: count(inDetails.text_tokens),
    inputCached: count(inDetails.cached_tokens),
    inputTotal,
    outputAudio: count(outDetails.audio_tokens),
    outputText: count(outDetails.text_tokens),
    outputTotal,
    total: count(u.total_tokens) || inputTotal + outputTotal,
  }
}

/** Live-type `usageMetadata` (realtime-protocols.md §3.3): totals plus per-modality details. */
export function liveUsage(u: JsonObject): TokenUsage {
  const prompt = byModality(u.promptTokensDetails)
  const response = byModality(u.responseTokensDetails)
  const inputTotal = count(u.promptTokenCount)
  const outputTotal = count(u.responseTokenCount)
  return {
    inputAudio: prompt.AUDIO ?? 0,
    inputText: prompt.TEXT ?? 0,
    inputCached: count(u.cachedContentTokenCount),
    inputTotal,
    outputAudio: response.AUDIO ?? 0,
    outputText: response.TEXT ?? 0,
    outputTotal,
    total: count(u.totalTokenCount) || inputTotal + outputTotal,
  }
}

function byModality(details: unknown): Partial<Record<'AUDIO' | 'TEXT', number>> {
  const out: Partial<Record<'AUDIO' | 'TEXT', number>> = {}
  for (const entry of arr(details)) {
    const d = obj(entry)
    const modality = d?.modality
    if (modality === 'AUDIO' || modality === 'TEXT')
      out[modality] = (out[modality] ?? 0) + count(d?.tokenCount)
  }
  return out
}
