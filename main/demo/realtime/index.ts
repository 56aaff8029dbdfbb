// The realtime part of the demo service: HTTP routes under /v1/realtime, the session WebSocket, and
// loopback debug routes under /__demo/realtime. It reaches the rest of the service only through DemoContext.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { DemoContext, DemoMount } from '../context'
import type { SessionAudioDebug } from './audio-record'
import { OUTPUT_SAMPLE_RATE_HZ } from './conversation'
import { routeDebug } from './debug-routes'
import { createDialect, withDialectErrors, type DemoVariant, type WsTokenMode } from './dialect'
import type { EventNameSet } from './protocols/model-r-names'
import { CREATIONS_PER_MINUTE, SDP_CALLS_PER_MINUTE, SlidingWindowLimit } from './rate-limit'
import { routeRealtime } from './routes'
import type { TerminationReason } from './service-events'
import type { SessionStatus } from './session'
import { SessionStore } from './session-store'
import { RealtimeSockets } from './socket'
import { SessionTokens } from './tokens'
import { WebRtcPeers, type RtpAudioDebug } from './webrtc/peers'

export type { DemoMount } from '../context'
export type { EventNameSet } from './protocols/model-r-names'
export type { DemoVariant, WsTokenMode } from './dialect'
export type { TerminationReason } from './service-events'
export { REALTIME_MODELS } from './models'

export interface RealtimeOptions {
  /** Model-R event names for every connection; a client can still ask for beta per connection. Default 'ga'. */
  eventNames?: EventNameSet
  /** How details the spec leaves "not shown" are answered; default the context's, else `default`. */
  variant?: DemoVariant
  /** Where the WebSocket takes the token; default the context's, else the variant's own. */
  wsToken?: WsTokenMode
}

export interface SessionDebug {
  id: string
  status: SessionStatus
  connected: boolean
  /** The session's length after defaults and caps (create-params.ts `resolveParams`). */
  maxDurationSec: number
  /** The session was created with video input on. */
  video: boolean
  /** Video frames received over the session's life. */
  videoFrames: number
  audio: SessionAudioDebug
  /** Conversation items in order, as the demo model keeps them. */
  items: {
    id: string
    role: 'user' | 'assistant'
    text: string | null
    /** An answer's audio as the conversation keeps it: what was sent, or less after a truncate. */
    audioMs: number | null
  }[]
  /** Audio carried over WebRTC (what arrived on the client's track, what left on ours); null without a peer. */
  rtp: RtpAudioDebug | null
}

export interface RealtimeMount extends DemoMount {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  close(): void
  getSessionDebug(id: string): SessionDebug | undefined
  /** Cuts a session as the service would (maintenance, system error, ...); false when unknown or over. */
  terminateSession(id: string, reason: TerminationReason): boolean
  /** While false, creating a session on `modelId` answers 503 realtime_no_route. */
  setModelRoutable(modelId: string, available: boolean): void
}

export function mountRealtime(service: DemoContext, options: RealtimeOptions = {}): RealtimeMount {
  const dialect = createDialect(
    options.variant ?? service.variant ?? 'default',
    options.wsToken ?? service.wsToken,
  )
  const ctx = withDialectErrors(service, dialect)
  const tokens = new SessionTokens()
  const webrtc = new WebRtcPeers(ctx, tokens)
  const store = new SessionStore((s) => {
    tokens.forgetSession(s.id)
    webrtc.forget(s.id)
  })
  const eventNames = options.eventNames ?? 'ga'
  const sockets = new RealtimeSockets(ctx, store, tokens, { eventNames, dialect })
  const unroutable = new Set<string>()
  const deps = {
    ctx,
    store,
    tokens,
    unroutable,
    rateLimit: new SlidingWindowLimit(CREATIONS_PER_MINUTE),
    sdpLimit: new SlidingWindowLimit(SDP_CALLS_PER_MINUTE),
    webrtc,
    eventNames,
    dialect,
  }

  return {
    async handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (url.pathname === '/v1/realtime' || url.pathname.startsWith('/v1/realtime/')) {
        await routeRealtime(deps, req, res, url)
        return true
      }
      if (url.pathname.startsWith('/__demo/realtime/')) {
        await routeDebug({ ctx, store, unroutable }, req, res, url)
        return true
      }
      return false
    },

    handleUpgrade: (req, socket, head) => sockets.handleUpgrade(req, socket, head),

    close(): void {
      // Shutting the service down is maintenance from a session's point of view: settle and say so.
      for (const s of store.all()) if (!s.finished) s.terminate('maintenance')
      sockets.close()
      webrtc.close()
    },

    getSessionDebug(id: string): SessionDebug | undefined {
      const s = store.get(id)
      if (!s) return undefined
      return {
        id: s.id,
        status: s.status,
        connected: s.connected,
        maxDurationSec: s.params.maxDurationSec,
        video: s.params.input.video,
        videoFrames: s.model.videoFramesTotal,
        audio: s.recorder.snapshot(),
        items: s.model.conversation.items.map((i) => ({
          id: i.id,
          role: i.role,
          text: i.role === 'user' ? i.text : i.transcript,
          audioMs:
            i.role === 'assistant' ? Math.round((i.audioSamples * 1000) / OUTPUT_SAMPLE_RATE_HZ) : null,
        })),
        rtp: webrtc.debug(s.id),
      }
    },

    setModelRoutable(modelId: string, available: boolean): void {
      if (available) unroutable.delete(modelId)
      else unroutable.add(modelId)
    },

    terminateSession(id: string, reason: TerminationReason): boolean {
      const s = store.get(id)
      if (!s || s.finished) return false
      s.terminate(reason)
      return true
    },
  }
}
