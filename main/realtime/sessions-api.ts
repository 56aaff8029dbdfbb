// HTTP client for the realtime sessions API (realtime-api.md "Endpoints"): create, get, list, delete,
// reconnect and the model list, all with the API key. Answers are validated (session-schemas.ts) and
// turned into camelCase records with units in their names; the session token never leaves main.
import { gatewayJson, type GatewayEndpoint, type RequestOptions } from '../api/http'
import { parseBody, protocolError } from '../api/management/parse'
import {
  modelListSchema,
  reconnectSchema,
  sessionListSchema,
  sessionSchema,
  type ModelJson,
  type SessionJson,
} from './session-schemas'

const BASE_PATH = '/v1/realtime'

/** What a session is created with (realtime-api.md "Session create request"); the socket is always a WebSocket. */
export interface CreateSessionParams {
  model: string
  /** `manual` sends `turn_detection: null` (push-to-talk); `server` leaves the model's default on. */
  turnDetection: 'manual' | 'server'
  /** Omitted = `websocket`, the transport every environment can open. */
  transport?: TransportChoice
  modalities?: ('audio' | 'text')[]
  voice?: string
  instructions?: string
  inputAudioTranscription?: boolean
  outputAudioTranscription?: boolean
  maxDurationSec?: number
  /** 0 = no cap; omitted = the service computes one. */
  maxSpendVnd?: number
  metadata?: Record<string, unknown>
}

export type TransportChoice = 'auto' | 'websocket' | 'webrtc'

/**
 * How to reach a session's audio channel. `url` is the WebSocket address, or for WebRTC the session's
 * SDP endpoint (`sdp_url`), whose data channel is named `dataChannel`.
 */
export type SessionConnection =
  | { kind: 'websocket'; url: string; protocol: string; token: string }
  | { kind: 'webrtc'; url: string; protocol: string; token: string; dataChannel: string }

export interface SessionBilling {
  currency: string | null
  estimatedVndPerMin: number | null
  maxSpendVnd: number | null
  /** Present on an ended session. */
  totalVnd: number | null
  chargedVnd: number | null
  unpaidVnd: number | null
}

export interface SessionUsage {
  totalTokens: number | null
  inputTokens: number | null
  outputTokens: number | null
  durationSec: number | null
  audioInSec: number | null
  audioOutSec: number | null
}

export interface RealtimeSessionInfo {
  id: string
  status: string
  model: string
  protocol: string | null
  transport: string | null
  /** ISO timestamps as the service sent them. */
  createdAt: string | null
  connectBy: string | null
  endedAt: string | null
  endReason: string | null
  /** Null for history entries without one. */
  connection: SessionConnection | null
  billing: SessionBilling
  usage: SessionUsage | null
  metadata: Record<string, unknown> | null
}

export interface ReconnectInfo {
  token: string
  url: string
  reconnectBy: string | null
}

export interface SessionPage {
  sessions: RealtimeSessionInfo[]
  hasMore: boolean | null
}

export interface RealtimeModelInfo {
  id: string
  name: string | null
  protocol: string | null
  defaultTransport: string | null
  maxSessionSec: number | null
  voices: string[]
  defaultVoice: string | null
  configured: boolean | null
  estimatedVndPerMin: number | null
  audioInVndPer1M: number | null
  audioOutVndPer1M: number | null
  textInVndPer1M: number | null
  textOutVndPer1M: number | null
  cachedInVndPer1M: number | null
}

export interface ModelList {
  plan: string | null
  models: RealtimeModelInfo[]
}

/** What the session engine needs of the API; SessionsApi is the real one, tests bring their own. */
export interface SessionService {
  create(params: CreateSessionParams, signal?: AbortSignal): Promise<RealtimeSessionInfo>
  /** `knownUrl` is used when the answer names no URL of its own. */
  reconnect(id: string, knownUrl: string, signal?: AbortSignal): Promise<ReconnectInfo>
  delete(id: string): Promise<RealtimeSessionInfo>
}

type Fetch = (path: string, opts?: RequestOptions) => Promise<unknown>

export class SessionsApi implements SessionService {
  readonly #fetch: Fetch

  constructor(
    endpoint: GatewayEndpoint,
    fetchJson: Fetch = (path, opts) => gatewayJson(endpoint, path, opts),
  ) {
    this.#fetch = fetchJson
  }

  async create(params: CreateSessionParams, signal?: AbortSignal): Promise<RealtimeSessionInfo> {
    const path = `${BASE_PATH}/sessions`
    const body = await this.#fetch(path, { method: 'POST', body: createBody(params), signal })
    const session = toSession(parseBody(sessionSchema, body, path))
    if (session.connection === null)
      throw protocolError(path, 'connection', 'no WebSocket url, or SDP url and data channel, with a token')
    return session
  }

  async get(id: string, signal?: AbortSignal): Promise<RealtimeSessionInfo> {
    const path = sessionPath(id)
    return toSession(parseBody(sessionSchema, await this.#fetch(path, { signal }), path))
  }

  async list(limit?: number, signal?: AbortSignal): Promise<SessionPage> {
    const path = `${BASE_PATH}/sessions`
    const body = await this.#fetch(path, { query: { limit }, signal })
    const parsed = parseBody(sessionListSchema, body, path)
    if (Array.isArray(parsed)) return { sessions: parsed.map(toSession), hasMore: null }
    const items = (parsed.data ?? parsed.sessions ?? parsed.items) as SessionJson[]
    return { sessions: items.map(toSession), hasMore: parsed.has_more ?? null }
  }

  /** Ends the session; the answer (the finished session) carries its usage and billing. */
  async delete(id: string): Promise<RealtimeSessionInfo> {
    const path = sessionPath(id)
    const body = await this.#fetch(path, { method: 'DELETE' })
    // "Response body: not shown": when it is not a session, the session is read back.
    const parsed = sessionSchema.safeParse(body)
    return parsed.success ? toSession(parsed.data) : this.get(id)
  }

  async reconnect(id: string, knownUrl: string, signal?: AbortSignal): Promise<ReconnectInfo> {
    const path = `${sessionPath(id)}/reconnect`
    const r = parseBody(reconnectSchema, await this.#fetch(path, { method: 'POST', signal }), path)
    const token = r.connection?.token ?? r.token ?? r.session_token ?? r.client_secret?.value ?? null
    if (!token) throw protocolError(path, 'connection.token', 'missing')
    const url = r.connection?.url ?? r.connection?.sdp_url ?? r.url ?? r.ws_url ?? knownUrl
    return { token, url, reconnectBy: r.reconnect_by ?? r.connect_by ?? null }
  }

  async models(signal?: AbortSignal): Promise<ModelList> {
    const path = `${BASE_PATH}/models`
    const parsed = parseBody(modelListSchema, await this.#fetch(path, { signal }), path)
    if (Array.isArray(parsed)) return { plan: null, models: parsed.map(toModel) }
    const items = (parsed.data ?? parsed.models) as ModelJson[]
    return { plan: parsed.plan ?? null, models: items.map(toModel) }
  }
}

function sessionPath(id: string): string {
  return `${BASE_PATH}/sessions/${encodeURIComponent(id)}`
}

function createBody(p: CreateSessionParams): Record<string, unknown> {
  const body: Record<string, unknown> = { model: p.model, transport: p.transport ?? 'websocket' }
  // Omitted means the model's default detection (hands-free); null turns it off (push-to-talk).
  if (p.turnDetection === 'manual') body.turn_detection = null
  if (p.modalities) body.modalities = p.modalities
  if (p.voice !== undefined) body.voice = p.voice
  if (p.instructions !== undefined) body.instructions = p.instructions
  if (p.inputAudioTranscription !== undefined) body.input_audio_transcription = p.inputAudioTranscription
  if (p.outputAudioTranscription !== undefined) body.output_audio_transcription = p.outputAudioTranscription
  if (p.maxDurationSec !== undefined) body.max_duration_sec = p.maxDurationSec
  if (p.maxSpendVnd !== undefined) body.max_spend_vnd = p.maxSpendVnd
  if (p.metadata !== undefined) body.metadata = p.metadata
  return body
}

function toSession(s: SessionJson): RealtimeSessionInfo {
  const c = s.connection
  const protocol = c?.protocol ?? s.engine_protocol ?? null
  const connection = c && protocol ? toConnection(c, protocol) : null
  const b = s.billing
  const u = s.usage
  return {
    id: s.id,
    status: s.status,
    model: s.model,
    protocol,
    transport: s.transport ?? c?.type ?? null,
    createdAt: s.created_at ?? null,
    connectBy: s.connect_by ?? null,
    endedAt: s.ended_at ?? null,
    endReason: s.end_reason ?? null,
    connection,
    billing: {
      currency: b?.currency ?? null,
      estimatedVndPerMin: b?.estimated_vnd_per_min ?? null,
      maxSpendVnd: b?.max_spend_vnd ?? null,
      totalVnd: b?.total_vnd ?? null,
      chargedVnd: b?.charged_vnd ?? null,
      unpaidVnd: b?.unpaid_vnd ?? null,
    },
    usage: u
      ? {
          totalTokens: u.total_tokens ?? null,
          inputTokens: u.input_tokens ?? null,
          outputTokens: u.output_tokens ?? null,
          durationSec: u.duration_sec ?? null,
          audioInSec: u.audio_in_sec ?? null,
          audioOutSec: u.audio_out_sec ?? null,
        }
      : null,
    metadata: s.metadata ?? null,
  }
}

function toConnection(c: NonNullable<SessionJson['connection']>, protocol: string): SessionConnection | null {
  if (!c.token) return null
  if (c.type === 'websocket' && c.url) return { kind: 'websocket', url: c.url, token: c.token, protocol }
  if (c.type === 'webrtc' && c.sdp_url && c.data_channel)
    return { kind: 'webrtc', url: c.sdp_url, token: c.token, protocol, dataChannel: c.data_channel }
  return null
}

function toModel(m: ModelJson): RealtimeModelInfo {
  const p = m.pricing
  return {
    id: m.id,
    name: m.name ?? null,
    protocol: m.engine_protocol ?? null,
    defaultTransport: m.default_transport ?? null,
    maxSessionSec: m.max_session_sec ?? null,
    voices: m.voices ?? [],
    defaultVoice: m.default_voice ?? null,
    configured: m.configured ?? null,
    estimatedVndPerMin: m.estimated_vnd_per_min ?? null,
    audioInVndPer1M: p?.audio_in ?? null,
    audioOutVndPer1M: p?.audio_out ?? null,
    textInVndPer1M: p?.text_in ?? null,
    textOutVndPer1M: p?.text_out ?? null,
    cachedInVndPer1M: p?.cached_in ?? null,
  }
}
