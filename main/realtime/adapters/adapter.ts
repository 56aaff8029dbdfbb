// The contract between the session engine and one wire protocol's adapter (STYLE.md principle 7): the
// transport hands every received frame to `receive`, and sends every frame `encode` returns, in order.
import type { RealtimeCommand, RealtimeEvent } from '../engine/events'

/** A received WebSocket message: text, or bytes (possibly fragmented) that hold UTF-8 JSON. */
export type FrameData = string | ArrayBuffer | ArrayBufferView | readonly ArrayBufferView[]

export type WireProtocol = 'model-r' | 'live'

/**
 * `manual`: the client marks turns (push-to-talk). `server`: the server's voice activity detection does.
 * It decides which live-type signals are valid: `activityStart/End` only with detection off, and
 * `audioStreamEnd` only with it on (realtime-protocols.md §3.4). Model-R encodes the same either way.
 */
export type TurnDetection = 'manual' | 'server'

export interface AdapterOptions {
  turnDetection?: TurnDetection
  /** Prefix of synthesized ids (client `event_id`s, live-type turn ids); random by default. */
  idPrefix?: string
  /**
   * `track`: the session's audio travels on WebRTC media tracks, so a barge-in asks the service to drop
   * what it has not played (it knows how much that was). Default `socket`.
   */
  media?: MediaPath
}

export type MediaPath = 'socket' | 'track'

/** Counters for frames that produced no event, for diagnostics. */
export interface AdapterStats {
  frames: number
  /** Events or keys this adapter does not know; ignored as the protocols allow. */
  unknownEvents: number
  /** Known events whose fields were missing or of the wrong type. */
  invalidEvents: number
  /** Audio of a response the client had interrupted, dropped. */
  droppedAudioDeltas: number
}

export interface RealtimeAdapter {
  readonly wire: WireProtocol
  readonly turnDetection: TurnDetection
  /** Translates one frame into events, in order. Never throws: bad input becomes `malformed`. */
  receive(frame: FrameData): RealtimeEvent[]
  /** The JSON text frames that carry a command, in sending order; empty when the protocol has none. */
  encode(command: RealtimeCommand): string[]
  /**
   * Closes the current turn as if the server had said so; for the live type when `turnComplete` never
   * follows `response.ending`. A late `turnComplete` for that turn is then ignored. Model-R: no-op.
   */
  endTurnNow(): RealtimeEvent[]
  readonly stats: Readonly<AdapterStats>
}

export function newStats(): AdapterStats {
  return { frames: 0, unknownEvents: 0, invalidEvents: 0, droppedAudioDeltas: 0 }
}
