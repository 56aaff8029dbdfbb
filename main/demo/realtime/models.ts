// The realtime models the demo service offers and their prices, from the table in realtime-api.md
// ("What the service does"). Prices are VND per 1M tokens; kinds the spec does not list are set at
// the same USD ratios the spec's audio prices imply (1 USD = 27,500 VND).

export type EngineProtocol = 'openai-realtime-v1' | 'gemini-live-v1beta'
export type Transport = 'websocket' | 'webrtc'

/** Token kinds billed separately (realtime-api.md: "audio in/out, text in/out, image, video, cache"). */
export interface PriceTableVnd {
  audio_in: number | null
  audio_out: number | null
  text_in: number | null
  text_out: number | null
  image_in: number | null
  video_in: number | null
  /** Repeated context billed at this price; null = the model has no cache price. */
  cached_in: number | null
}

export interface RealtimeModel {
  id: string
  name: string
  engineProtocol: EngineProtocol
  defaultTransport: Transport
  maxDurationSec: number
  voices: string[]
  defaultVoice: string
  acceptsVideo: boolean
  prices: PriceTableVnd
  /** The spec's "typical conversation" figure: 2 turns a minute, both sides speaking equally. */
  typicalVndPerMin: number | null
  audioInTokensPerSec: number
  audioOutTokensPerSec: number
  /**
   * Context re-sent at each turn is capped here (tokens), oldest first out. Model L has no cache
   * price, so the service compresses its context harder (spec: "about 8-12k tokens").
   */
  contextTokenCap: number
}

export const SETTLE_INTERVAL_SEC = 60

const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'sage',
  'shimmer',
  'verse',
  'marin',
  'cedar',
]
const GEMINI_VOICES = ['Puck', 'Charon', 'Kore', 'Fenrir', 'Aoede', 'Leda', 'Orus', 'Zephyr']

export const REALTIME_MODELS: readonly RealtimeModel[] = [
  {
    id: 'google/gemini-live-2.5-flash',
    name: 'Gemini Live 2.5 Flash',
    engineProtocol: 'gemini-live-v1beta',
    defaultTransport: 'websocket',
    maxDurationSec: 86_400,
    voices: GEMINI_VOICES,
    defaultVoice: 'Puck',
    acceptsVideo: true,
    prices: {
      audio_in: 137_500,
      audio_out: 550_000,
      text_in: 13_750,
      text_out: 55_000,
      image_in: 13_750,
      video_in: 82_500,
      cached_in: null,
    },
    typicalVndPerMin: 2_709,
    audioInTokensPerSec: 32,
    audioOutTokensPerSec: 32,
    contextTokenCap: 10_000,
  },
  {
    id: 'openai/gpt-realtime',
    name: 'GPT Realtime',
    engineProtocol: 'openai-realtime-v1',
    defaultTransport: 'webrtc',
    maxDurationSec: 3_600,
    voices: OPENAI_VOICES,
    defaultVoice: 'marin',
    acceptsVideo: false,
    prices: {
      audio_in: 1_375_000,
      audio_out: 2_722_500,
      text_in: 110_000,
      text_out: 440_000,
      image_in: 137_500,
      video_in: null,
      cached_in: 11_000,
    },
    typicalVndPerMin: 2_723,
    audioInTokensPerSec: 10,
    audioOutTokensPerSec: 20,
    contextTokenCap: 32_000,
  },
  {
    id: 'openai/gpt-realtime-mini',
    name: 'GPT Realtime Mini',
    engineProtocol: 'openai-realtime-v1',
    defaultTransport: 'webrtc',
    maxDurationSec: 3_600,
    voices: OPENAI_VOICES,
    defaultVoice: 'marin',
    // Takes shared screen and camera frames as images; its elder sibling does not, so both paths show.
    acceptsVideo: true,
    prices: {
      audio_in: 426_250,
      audio_out: 825_000,
      text_in: 16_500,
      text_out: 66_000,
      image_in: 22_000,
      video_in: 22_000,
      cached_in: 8_250,
    },
    typicalVndPerMin: 909,
    audioInTokensPerSec: 10,
    audioOutTokensPerSec: 20,
    contextTokenCap: 32_000,
  },
  {
    // Listed but without an audio-out price: creating a session gives realtime_model_not_configured.
    id: 'openai/gpt-4o-realtime-preview',
    name: 'GPT-4o Realtime (preview)',
    engineProtocol: 'openai-realtime-v1',
    defaultTransport: 'webrtc',
    maxDurationSec: 3_600,
    voices: OPENAI_VOICES,
    defaultVoice: 'alloy',
    acceptsVideo: false,
    prices: {
      audio_in: 1_100_000,
      audio_out: null,
      text_in: 137_500,
      text_out: 550_000,
      image_in: null,
      video_in: null,
      cached_in: 68_750,
    },
    typicalVndPerMin: null,
    audioInTokensPerSec: 10,
    audioOutTokensPerSec: 20,
    contextTokenCap: 32_000,
  },
]

export function findModel(id: string): RealtimeModel | undefined {
  return REALTIME_MODELS.find((m) => m.id === id)
}

/** A model is usable only with prices for every kind it produces or re-bills. */
export function isConfigured(model: RealtimeModel): boolean {
  const p = model.prices
  const base = [p.audio_in, p.audio_out, p.text_in, p.text_out].every((v) => v !== null)
  const videoOk = !model.acceptsVideo || p.video_in !== null
  return base && videoOk && model.typicalVndPerMin !== null
}

/**
 * The per-minute estimate for a caller's plan. The spec gives one price table for every plan, so the
 * plan changes nothing today; the parameter keeps callers honest about what the figure depends on.
 */
export function estimatedVndPerMin(model: RealtimeModel, _plan: string): number | null {
  return model.typicalVndPerMin
}
