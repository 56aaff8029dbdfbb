// The realtime voice layer's public face: what the app's main process and the CLI use.
import type { GatewayEndpoint } from '../api/http'
import { systemClock, type EngineClock } from './engine/engine-clock'
import type { PlaybackSink } from './engine/playback'
import type { PreparedSource } from './link/prepared-session'
import type { ToolRunner } from './engine/tool-calls'
import type { RtcPeers } from './transports/rtc-peers'
import { rtcConnector } from './transports/rtc-transport'
import { SdpBudget, sdpExchanger } from './transports/sdp-exchange'
import { serviceEventStreams } from './transports/service-event-stream'
import { SessionEngine, type EngineOptions } from './engine/session-engine'
import { SessionsApi } from '../api/realtime/sessions-api'
import { TransportError, type TransportConnector } from './transports/transport'
import { webSocketConnector } from './transports/ws-transport'

export {
  SessionEngine,
  MIN_TURN_MS,
  DEFAULT_IDLE_END_MS,
  type EngineDeps,
  type EngineOptions,
} from './engine/session-engine'
export type {
  ConversationSummary,
  CostSnapshot,
  EngineError,
  EngineEvent,
  EngineEventType,
  EngineListener,
  EngineState,
  SessionRecord,
} from './engine/engine-events'
export type { PlaybackChunk, PlaybackSink } from './engine/playback'
export type { ToolRunner } from './engine/tool-calls'
export {
  CAUSE_REASONS,
  terminationCause,
  type Renewal,
  type TerminationCause,
} from './link/termination-policy'
export {
  SessionsApi,
  type CreateSessionParams,
  type ModelList,
  type RealtimeModelInfo,
  type RealtimeSessionInfo,
  type ReconnectInfo,
  type SessionPage,
  type SessionService,
  type TransportChoice,
} from '../api/realtime/sessions-api'
export { RtcPeers, type RtcPage } from './transports/rtc-peers'
export { PreparedSession, type PreparedLink, type PreparedSource } from './link/prepared-session'
export { webSocketConnector } from './transports/ws-transport'
export {
  talkOnce,
  TurnFailed,
  type FileTurnResult,
  type TurnAudio,
  type TurnTimings,
} from './engine/file-turn'
export { systemClock, scaledClock, type EngineClock } from './engine/engine-clock'

/** The SDP endpoint's 5 calls a minute hold per session, whichever engine makes them. */
const sdpBudget = new SdpBudget()

/**
 * An engine talking to the gateway at `endpoint`: over a WebSocket, or over WebRTC through the page that
 * holds the peers (`rtc`) when the session's connection is WebRTC.
 */
export function createSessionEngine(
  endpoint: GatewayEndpoint,
  options: EngineOptions,
  extra: {
    playback?: PlaybackSink
    clock?: EngineClock
    rtc?: RtcPeers
    prepared?: PreparedSource
    runTool?: ToolRunner
  } = {},
): SessionEngine {
  const { rtc, ...deps } = extra
  const clock = extra.clock ?? systemClock
  const ws = webSocketConnector()
  const webrtc = rtc
    ? rtcConnector({
        peers: rtc,
        exchangeSdp: sdpExchanger(sdpBudget),
        serviceEvents: serviceEventStreams(endpoint, { clock }),
        clock,
      })
    : null
  const connect: TransportConnector = (target, listener, opts) => {
    if (target.kind !== 'webrtc') return ws(target, listener, opts)
    if (webrtc) return webrtc(target, listener, opts)
    const why = 'WebRTC needs a window to hold the call; this session can only use WebSocket.'
    return Promise.reject(new TransportError('unavailable', 'webrtc_unavailable', why))
  }
  return new SessionEngine({ api: new SessionsApi(endpoint), connect, ...deps }, options)
}
