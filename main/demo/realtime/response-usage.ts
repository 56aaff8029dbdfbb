// What a response costs in tokens: its new input, the context it re-reads, and what it has sent so far.
import { OUTPUT_SAMPLE_RATE_HZ, type UserItem } from './conversation'
import type { RealtimeModel } from './models'
import type { ResponseState } from './responder'
import { addUsage, audioTokens, emptyUsage, textTokens, type TokenUsage } from './usage'

/** Tokens per video frame, as the live-type vendor counts an image frame. */
export const VIDEO_FRAME_TOKENS = 258

/** Input of a turn: the new items, the instructions, any video frames, and the earlier conversation. */
export function turnInputUsage(
  model: RealtimeModel,
  fresh: UserItem[],
  contextTokens: number,
  instructions: string | null,
  videoFrames: number,
): TokenUsage {
  const u = emptyUsage()
  for (const item of fresh) {
    if (item.kind === 'audio') u.audioIn += item.contextTokens
    else u.textIn += item.contextTokens
  }
  if (instructions) u.textIn += textTokens(instructions)
  // Without a cache price the repeated context is billed again as ordinary audio input (spec: Model L).
  if (model.prices.cached_in !== null) u.cachedIn += contextTokens
  else u.audioIn += contextTokens
  u.videoIn += videoFrames * VIDEO_FRAME_TOKENS
  return u
}

/** The response's usage up to now: its input plus the audio and transcript already sent. */
export function responseUsageSoFar(model: RealtimeModel, r: ResponseState, input: TokenUsage): TokenUsage {
  const usage = emptyUsage()
  addUsage(usage, input)
  usage.audioOut = audioTokens(r.sentSamples, OUTPUT_SAMPLE_RATE_HZ, model.audioOutTokensPerSec)
  usage.textOut = textTokens(r.sentText)
  return usage
}
