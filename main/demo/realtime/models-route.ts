// GET /v1/realtime/models: every realtime model with its prices for the caller's plan. The spec
// leaves the shape open; by default it is `{ object: 'list', plan, data: [...] }` with one entry per
// model, and the dialect may write it otherwise.
import type { DemoAccount } from '../context'
import { VIDEO_MAX_DURATION_SEC } from './create-params'
import type { RealtimeDialect } from './dialect'
import {
  REALTIME_MODELS,
  SETTLE_INTERVAL_SEC,
  estimatedVndPerMin,
  isConfigured,
  type RealtimeModel,
} from './models'

function modelJson(m: RealtimeModel, account: DemoAccount): Record<string, unknown> {
  return {
    id: m.id,
    object: 'realtime.model',
    name: m.name,
    engine_protocol: m.engineProtocol,
    default_transport: m.defaultTransport,
    transports: ['websocket', 'webrtc'],
    max_session_sec: m.maxDurationSec,
    max_session_with_video_sec: m.acceptsVideo ? VIDEO_MAX_DURATION_SEC : null,
    input: { audio: true, text: true, video: m.acceptsVideo },
    voices: m.voices,
    default_voice: m.defaultVoice,
    audio: {
      input: { format: 'pcm16', sample_rate_hz: 16_000 },
      output: { format: 'pcm16', sample_rate_hz: 24_000 },
    },
    configured: isConfigured(m),
    pricing: {
      currency: 'VND',
      unit: 'per_1M_tokens',
      ...m.prices,
      audio_tokens_per_sec: { input: m.audioInTokensPerSec, output: m.audioOutTokensPerSec },
    },
    settle_interval_sec: SETTLE_INTERVAL_SEC,
    estimated_vnd_per_min: estimatedVndPerMin(m, account.plan),
  }
}

export function modelsJson(account: DemoAccount, dialect: RealtimeDialect): unknown {
  const models = REALTIME_MODELS.map((m) => dialect.model(modelJson(m, account)))
  return dialect.models(account.plan, models)
}
