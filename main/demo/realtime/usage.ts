// Token counts by kind and their price. One shape serves a response, a billing window and a whole session.
import type { PriceTableVnd, RealtimeModel } from './models'

export interface TokenUsage {
  audioIn: number
  textIn: number
  imageIn: number
  videoIn: number
  /** Context repeated from earlier turns, billed at the cache price where the model has one. */
  cachedIn: number
  audioOut: number
  textOut: number
}

export function emptyUsage(): TokenUsage {
  return { audioIn: 0, textIn: 0, imageIn: 0, videoIn: 0, cachedIn: 0, audioOut: 0, textOut: 0 }
}

export function addUsage(into: TokenUsage, more: TokenUsage): void {
  into.audioIn += more.audioIn
  into.textIn += more.textIn
  into.imageIn += more.imageIn
  into.videoIn += more.videoIn
  into.cachedIn += more.cachedIn
  into.audioOut += more.audioOut
  into.textOut += more.textOut
}

export function subtractUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    audioIn: a.audioIn - b.audioIn,
    textIn: a.textIn - b.textIn,
    imageIn: a.imageIn - b.imageIn,
    videoIn: a.videoIn - b.videoIn,
    cachedIn: a.cachedIn - b.cachedIn,
    audioOut: a.audioOut - b.audioOut,
    textOut: a.textOut - b.textOut,
  }
}

export function inputTokens(u: TokenUsage): number {
  return u.audioIn + u.textIn + u.imageIn + u.videoIn + u.cachedIn
}

export function outputTokens(u: TokenUsage): number {
  return u.audioOut + u.textOut
}

/** Exact cost in VND (fractional); rounding happens once per settlement, on the running total. */
export function costVndExact(u: TokenUsage, prices: PriceTableVnd): number {
  const per = (tokens: number, price: number | null): number => (tokens * (price ?? 0)) / 1_000_000
  return (
    per(u.audioIn, prices.audio_in) +
    per(u.textIn, prices.text_in) +
    per(u.imageIn, prices.image_in) +
    per(u.videoIn, prices.video_in) +
    per(u.cachedIn, prices.cached_in) +
    per(u.audioOut, prices.audio_out) +
    per(u.textOut, prices.text_out)
  )
}

/** Whole tokens for `samples` of audio at `sampleRateHz`, at the model's tokens-per-second rate. */
export function audioTokens(samples: number, sampleRateHz: number, tokensPerSec: number): number {
  return Math.ceil((samples / sampleRateHz) * tokensPerSec)
}

/** Rough text tokenization: one token per 4 characters, as the vendors' rule of thumb. */
export function textTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

/** The `usage` object of the API (session `usage`, `usage.settled`), in the Model-R usage vocabulary. */
export function usageJson(u: TokenUsage): Record<string, unknown> {
  return {
    total_tokens: inputTokens(u) + outputTokens(u),
    input_tokens: inputTokens(u),
    output_tokens: outputTokens(u),
    input_token_details: {
      audio_tokens: u.audioIn,
      text_tokens: u.textIn,
      image_tokens: u.imageIn,
      video_tokens: u.videoIn,
      cached_tokens: u.cachedIn,
    },
    output_token_details: { audio_tokens: u.audioOut, text_tokens: u.textOut },
  }
}

export function modelCostVnd(u: TokenUsage, model: RealtimeModel): number {
  return costVndExact(u, model.prices)
}
