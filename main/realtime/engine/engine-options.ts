// How a session engine is built: what it depends on, and the options of the conversation it holds.
import type { EngineClock } from './engine-clock'
import type { PlaybackSink } from './playback'
import type { PreparedSource } from '../link/prepared-session'
import type { TokenPricesVnd } from './token-prices'
import type { ToolRunner } from './tool-calls'
import type { CreateSessionParams, SessionService } from '../../api/realtime/sessions-api'
import type { TransportConnector } from '../transports/transport'

export interface EngineDeps {
  api: SessionService
  connect: TransportConnector
  /** Where the model's voice goes; can be set later with `setPlayback`. */
  playback?: PlaybackSink
  clock?: EngineClock
  /** Sessions created ahead of a press (prepared-session.ts); without it every open creates one. */
  prepared?: PreparedSource
  /** Runs the tools declared in `tools`; without it every call is answered `tools_off`. */
  runTool?: ToolRunner
}

export interface EngineOptions extends Omit<CreateSessionParams, 'turnDetection'> {
  /** `push-to-talk` (default): turns are the key presses. `hands-free`: the service detects turns. */
  mode?: 'push-to-talk' | 'hands-free'
  /** The output device's rate; the model's 24 kHz voice is resampled to it. */
  outputRateHz?: number
  /** The engine ends a quiet session itself after this long, before the service's 3-minute idle cut. */
  idleEndMs?: number
  /** Audio held without a socket (pre-roll, reconnect) is capped at this; the oldest goes first. */
  maxQueuedAudioMs?: number
  /** How far ahead of real time held audio may be sent at once. */
  burstMs?: number
  /** How often a cost event is sent while a session bills; 0 turns the ticks off. */
  costTickMs?: number
  connectTimeoutMs?: number
  /**
   * The model's token prices for the live cost estimate. Left out, they are looked up in the service's
   * realtime models list (when the API offers it); null says they are unknown.
   */
  prices?: TokenPricesVnd | null
  /** A tool call not answered by then is answered with a `timeout` error. */
  toolTimeoutMs?: number
}

export const DEFAULT_IDLE_END_MS = 150_000
export const DEFAULT_MAX_QUEUED_AUDIO_MS = 30_000
export const DEFAULT_COST_TICK_MS = 1_000

/** The session's create parameters: the options that are not the engine's own. */
export function createParams(options: EngineOptions): CreateSessionParams {
  const {
    mode,
    outputRateHz: _rate,
    idleEndMs: _idle,
    maxQueuedAudioMs: _queued,
    burstMs: _burst,
    costTickMs: _tick,
    connectTimeoutMs: _timeout,
    prices: _prices,
    toolTimeoutMs: _toolTimeout,
    ...create
  } = options
  return { ...create, turnDetection: mode === 'hands-free' ? 'server' : 'manual' }
}
