// The realtime voice layer's public face: what the app's main process and the CLI use.
import type { GatewayEndpoint } from '../api/http'
import type { EngineClock } from './engine-clock'
import type { PlaybackSink } from './playback'
import { SessionEngine, type EngineOptions } from './session-engine'
import { SessionsApi } from './sessions-api'
import { webSocketConnector } from './ws-transport'

export {
  SessionEngine,
  MIN_TURN_MS,
  DEFAULT_IDLE_END_MS,
  type EngineDeps,
  type EngineOptions,
} from './session-engine'
export type {
  ConversationSummary,
  CostSnapshot,
  EngineError,
  EngineEvent,
  EngineEventType,
  EngineListener,
  EngineState,
  SessionRecord,
} from './engine-events'
export type { PlaybackChunk, PlaybackSink } from './playback'
export {
  SessionsApi,
  type CreateSessionParams,
  type ModelList,
  type RealtimeModelInfo,
  type RealtimeSessionInfo,
  type ReconnectInfo,
  type SessionPage,
  type SessionService,
} from './sessions-api'
export { webSocketConnector } from './ws-transport'
export { talkOnce, TurnFailed, type FileTurnResult, type TurnAudio, type TurnTimings } from './file-turn'
export { systemClock, scaledClock, type EngineClock } from './engine-clock'

/** An engine talking to the gateway at `endpoint` over WebSockets. */
export function createSessionEngine(
  endpoint: GatewayEndpoint,
  options: EngineOptions,
  extra: { playback?: PlaybackSink; clock?: EngineClock } = {},
): SessionEngine {
  return new SessionEngine(
    { api: new SessionsApi(endpoint), connect: webSocketConnector(), ...extra },
    options,
  )
}
