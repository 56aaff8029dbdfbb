// What a conversation opens with: the engine's options from the saved settings and the model as the
// service lists it, and which transport to ask for. Pure, so the session made ready ahead is keyed by
// exactly the options the press will use.
import type { Settings, VoiceModel } from '../../preload/contract'
import type { EngineOptions, TransportChoice } from '../realtime'
import { clientMetadata } from '../api/realtime/client-metadata'
import { sessionLengthSec } from './voice-catalog'

export interface EngineChoiceContext {
  /** The model as the service lists it; undefined while the list is unknown. */
  listed: VoiceModel | undefined
  /** Whether a page that can hold WebRTC peers is open. */
  rtcAvailable: boolean
  /** The output device's rate, once the page has said. */
  outputRateHz: number | null
}

export function engineOptionsFor(settings: Settings, model: string, ctx: EngineChoiceContext): EngineOptions {
  const { realtime } = settings
  const maxDurationSec = sessionLengthSec(realtime.maxDurationSec, ctx.listed)
  return {
    model,
    transport: transportFor(realtime.transport, ctx),
    mode: realtime.mode,
    modalities: realtime.modalities,
    ...(realtime.voice ? { voice: realtime.voice } : {}),
    ...(realtime.instructions ? { instructions: realtime.instructions } : {}),
    ...(maxDurationSec !== null ? { maxDurationSec } : {}),
    // Left out when unset, so the service's own default cap applies; 0 is sent as the user's "no cap".
    ...(realtime.maxSpendVnd !== null ? { maxSpendVnd: realtime.maxSpendVnd } : {}),
    metadata: clientMetadata('app'),
    ...(ctx.outputRateHz ? { outputRateHz: ctx.outputRateHz } : {}),
  }
}

/**
 * `auto` asks for the model's own default (realtime-api.md: WebRTC for Model R and R-mini, WebSocket
 * for Model L). WebRTC needs the page that holds the peers; without one, or when the model list has
 * not said, the service is asked for a WebSocket or for its own choice accordingly.
 */
export function transportFor(setting: TransportChoice, ctx: EngineChoiceContext): TransportChoice {
  if (setting !== 'auto') return setting
  const pageReady = ctx.rtcAvailable
  const known = ctx.listed?.defaultTransport ?? null
  if (known === null) return pageReady ? 'auto' : 'websocket'
  return known === 'webrtc' && !pageReady ? 'websocket' : known
}
