// What reported token usage costs at a model's prices (realtime-api.md "What the service does": billing
// is per token by kind, prices in VND per 1M tokens from `GET /realtime/models` for the caller's plan).
// The live meter prices what the model's usage events report, so its figure follows what was actually
// exchanged, not the wall clock.
import type { TokenUsage } from './events'
import type { RealtimeModelInfo } from '../../api/realtime/sessions-api'

/** VND per 1M tokens, by kind; null where the models list gave no price. */
export interface TokenPricesVnd {
  audioIn: number
  audioOut: number
  textIn: number | null
  textOut: number | null
  /** Repeated context; null when the model has no cache price (Model L). */
  cachedIn: number | null
}

const PER_TOKENS = 1_000_000

/**
 * The prices of `modelId` in the list, or null when the list does not name both audio prices: a voice
 * session is mostly audio, so without them no estimate is worth showing.
 */
export function pricesOf(models: readonly RealtimeModelInfo[], modelId: string): TokenPricesVnd | null {
  const m = models.find((x) => x.id === modelId)
  if (!m || m.audioInVndPer1M === null || m.audioOutVndPer1M === null) return null
  return {
    audioIn: m.audioInVndPer1M,
    audioOut: m.audioOutVndPer1M,
    textIn: m.textInVndPer1M,
    textOut: m.textOutVndPer1M,
    cachedIn: m.cachedInVndPer1M,
  }
}

/**
 * The cost of one usage report in VND (fractional).
 *
 * The protocols disagree on whether `cached` is inside the audio/text details (Model-R `input_tokens`
 * counts cached tokens, realtime-protocols.md §2.3) or beside them, so the fresh input is the total less
 * the cached part, and the details are scaled down to it when they hold more. Input or output the details
 * leave out (no details sent, or kinds Loa does not price such as image and video) is priced as audio,
 * the kind a voice session mostly carries. Without a cache price the repeated context is billed as
 * ordinary audio input (spec: "Model L has no cache price"); a missing text price falls back to audio's.
 */
export function usageCostVnd(u: TokenUsage, p: TokenPricesVnd): number {
  const detailsIn = u.inputAudio + u.inputText
  const inputTotal = u.inputTotal > 0 ? Math.max(u.inputTotal, detailsIn) : detailsIn + u.inputCached
  const cached = Math.min(u.inputCached, inputTotal)
  const fresh = inputTotal - cached
  const scale = detailsIn > fresh ? fresh / detailsIn : 1
  const audioIn = u.inputAudio * scale + (fresh - detailsIn * scale)
  const textIn = u.inputText * scale

  const detailsOut = u.outputAudio + u.outputText
  const audioOut = u.outputAudio + Math.max(0, u.outputTotal - detailsOut)

  const vnd =
    audioIn * p.audioIn +
    textIn * (p.textIn ?? p.audioIn) +
    cached * (p.cachedIn ?? p.audioIn) +
    audioOut * p.audioOut +
    u.outputText * (p.textOut ?? p.audioOut)
  return vnd / PER_TOKENS
}
