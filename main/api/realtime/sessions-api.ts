// HTTP client for the realtime sessions API (realtime-api.md "Endpoints"): create, get, list, delete,
// reconnect and the model list, all with the API key. Answers are validated (session-schemas.ts) and
// turned into camelCase records with units in their names; the session token never leaves main.
import { z } from 'zod'
import { gatewayJson, type GatewayEndpoint, type RequestOptions } from '../http'
import { reportCredential } from '../diagnostics'
import { checkServiceUrl } from '../endpoint-rule'
import { parseBody, protocolError } from '../management/parse'
import {
  at,
  BILL_TOTAL,
  CHARGED,
  PER_MIN,
  UNPAID,
  listKey,
  pickBoolean,
  pickMoney,
  pickNumber,
  pickSeconds,
  pickString,
  pickVideoInput,
} from './lenient-fields'
import {
  modelSchema,
  reconnectSchema,
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
  /**
   * The input gates (realtime-api.md "Session create request"); omitted = the service's default,
   * `{audio:true, video:false, text:true}`. Video caps the session at 2 minutes.
   */
  input?: { audio: boolean; video: boolean; text: boolean }
  /** 0 = no cap; omitted = the service computes one. */
  maxSpendVnd?: number
  metadata?: Record<string, unknown>
  /** Function tools the model may call (realtime-api.md "Session create request": `tools`). */
  tools?: FunctionTool[]
}

/** A function tool: its arguments described as a JSON Schema. */
export interface FunctionTool {
  type: 'function'
  name: string
  description: string
  parameters: Record<string, unknown>
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
  /**
   * When the session's time runs out, and its length, where the service says (the spec shows neither:
   * realtime-api.md only lists `max_duration_sec` in the request). Absent when it does not.
   */
  expiresAt?: string
  maxDurationSec?: number
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
  /** Whether the model takes video frames, where the list says (lenient-fields.ts `pickVideoInput`). */
  acceptsVideo: boolean | null
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
  /** One session as the service has it now (how it ended, once it has); optional for tests. */
  get?(id: string, signal?: AbortSignal): Promise<RealtimeSessionInfo>
  /** The realtime models with the caller's prices, for the live cost estimate; optional for tests. */
  models?(signal?: AbortSignal): Promise<ModelList>
}

type Fetch = (path: string, opts?: RequestOptions) => Promise<unknown>

export class SessionsApi implements SessionService {
  readonly #fetch: Fetch
  readonly #baseUrl: string

  constructor(
    endpoint: GatewayEndpoint,
    fetchJson: Fetch = (path, opts) => gatewayJson(endpoint, path, opts),
  ) {
    this.#fetch = fetchJson
    this.#baseUrl = endpoint.baseUrl
  }

  async create(params: CreateSessionParams, signal?: AbortSignal): Promise<RealtimeSessionInfo> {
    const path = `${BASE_PATH}/sessions`
    const body = await this.#fetch(path, { method: 'POST', body: createBody(params), signal })
    const session = toSession(parseBody(sessionSchema, body, path))
    const connection = session.connection
    if (connection === null)
      throw protocolError(path, 'connection', 'no WebSocket url, or SDP url and data channel, with a token')
    // Refused before any socket opens: the token must not go over a downgraded or off-machine clear link.
    try {
      if (connection.kind === 'websocket')
        checkServiceUrl(connection.url, this.#baseUrl, 'websocket', 'session url')
      else checkServiceUrl(connection.url, this.#baseUrl, 'http', 'session sdp_url')
    } catch (err) {
      // The unused session would hold one of the account's session slots until its connect_by.
      this.delete(session.id).catch(() => undefined)
      throw err
    }
    return session
  }

  async get(id: string, signal?: AbortSignal): Promise<RealtimeSessionInfo> {
    const path = sessionPath(id)
    return toSession(parseBody(sessionSchema, await this.#fetch(path, { signal }), path))
  }

  /** "Response shape … not shown": a bare array or an object holding one (lenient-fields.ts `listKey`). */
  async list(limit?: number, signal?: AbortSignal): Promise<SessionPage> {
    const path = `${BASE_PATH}/sessions`
    const body = await this.#fetch(path, { query: { limit }, signal })
    const sessions = parseList(body, LIST_KEYS, sessionSchema, path).map(toSession)
    return { sessions, hasMore: Array.isArray(body) ? null : hasMore(body) }
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
    const token = pickString(r, RECONNECT_TOKEN)
    if (!token) throw protocolError(path, 'connection.token', 'missing')
    reportCredential(token)
    const url = pickString(r, RECONNECT_URL) ?? knownUrl
    // A WebRTC session's reconnect URL is its SDP endpoint; the scheme says which rule applies.
    const kind = /^(wss?):/i.test(url) ? 'websocket' : 'http'
    checkServiceUrl(url, this.#baseUrl, kind, 'reconnect url')
    return { token, url, reconnectBy: pickString(r, RECONNECT_BY) }
  }

  async models(signal?: AbortSignal): Promise<ModelList> {
    const path = `${BASE_PATH}/models`
    const body = await this.#fetch(path, { signal })
    const models = parseList(body, MODEL_LIST_KEYS, modelSchema, path).map(toModel)
    return { plan: Array.isArray(body) ? null : pickString(body, ['plan']), models }
  }
}

// Where the answers the spec leaves "not shown" keep what Loa reads, in the order tried.
const LIST_KEYS = ['data', 'sessions', 'items', 'results', 'records', 'history']
const MODEL_LIST_KEYS = ['data', 'models', 'items', 'results']
const RECONNECT_TOKEN = [
  'connection.token',
  'token',
  'token.value',
  'token.token',
  'session_token',
  'session_token.value',
  'client_secret.value',
  'client_secret',
  'session.connection.token',
]
const RECONNECT_URL = [
  'connection.url',
  'connection.sdp_url',
  'url',
  'ws_url',
  'websocket_url',
  'sdp_url',
  'session.connection.url',
]
const RECONNECT_BY = ['reconnect_by', 'reconnect_before', 'reconnect_until', 'connect_by', 'token.expires_at']

/** The list's entries, each checked by `schema`; a wrong entry is named by where it sits (`data[1].id`). */
function parseList<S extends z.ZodType>(
  body: unknown,
  keys: readonly string[],
  schema: S,
  path: string,
): z.output<S>[] {
  const found = listKey(body, keys)
  if (found === null) throw protocolError(path, '(body)', 'no list in the answer')
  if (found.key === '') return parseBody(z.array(schema), body, path)
  const holder = parseBody(z.looseObject({ [found.key]: z.array(schema) }), body, path)
  return holder[found.key] as z.output<S>[]
}

/** More pages: `has_more`, else whether a next cursor or page link is set. Null when the answer says neither. */
function hasMore(body: unknown): boolean | null {
  const flag = pickBoolean(body, ['has_more', 'more', 'pagination.has_more', 'meta.has_more'])
  if (flag !== null) return flag
  for (const key of ['next_cursor', 'next', 'next_page', 'next_page_token', 'pagination.next_cursor']) {
    const cursor = at(body, key)
    if (cursor !== undefined) return cursor !== null && cursor !== ''
  }
  return null
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
  if (p.input !== undefined) body.input = p.input
  if (p.maxSpendVnd !== undefined) body.max_spend_vnd = p.maxSpendVnd
  if (p.metadata !== undefined) body.metadata = p.metadata
  if (p.tools !== undefined && p.tools.length > 0) body.tools = p.tools
  return body
}

function toSession(s: SessionJson): RealtimeSessionInfo {
  const c = s.connection
  const protocol = c?.protocol ?? s.engine_protocol ?? null
  const connection = c && protocol ? toConnection(c, protocol) : null
  // Whatever answer carried a token (create, get, list), it is kept out of the logs from here on.
  if (connection !== null) reportCredential(connection.token)
  const b = s.billing
  const u = s.usage
  // An ended session's usage and billing fields are "not shown": any plausible name (lenient-fields.ts).
  const seconds = (name: string) => pickSeconds(u, [`${name}_sec`, `${name}_seconds`], [`${name}_ms`])
  const expiresAt = pickString(s, ['expires_at', 'ends_at', 'max_duration_at'])
  const maxDurationSec = pickSeconds(s, ['max_duration_sec', 'max_duration_seconds'], ['max_duration_ms'])
  return {
    ...(expiresAt !== null ? { expiresAt } : {}),
    ...(maxDurationSec !== null && maxDurationSec > 0 ? { maxDurationSec } : {}),
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
      estimatedVndPerMin: b?.estimated_vnd_per_min ?? pickMoney(b, PER_MIN),
      maxSpendVnd: b?.max_spend_vnd ?? null,
      totalVnd: pickMoney(b, BILL_TOTAL),
      chargedVnd: pickMoney(b, CHARGED),
      unpaidVnd: pickMoney(b, UNPAID),
    },
    usage: u
      ? {
          totalTokens: pickNumber(u, ['total_tokens', 'tokens.total']),
          inputTokens: pickNumber(u, ['input_tokens', 'tokens.input']),
          outputTokens: pickNumber(u, ['output_tokens', 'tokens.output']),
          durationSec: seconds('duration'),
          audioInSec: seconds('audio_in'),
          audioOutSec: seconds('audio_out'),
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

/** Names a service may give the flag that says a model can be used: any of them false means it cannot. */
const CONFIGURED_FLAGS = ['configured', 'is_configured', 'available', 'is_available', 'enabled']

/**
 * Whether the model has a complete price table (realtime-api.md: `realtime_model_not_configured`, "model
 * has no complete price table"). A flag set false says no; so does a price table that lists some prices
 * but lacks an audio one. A list with no prices at all says nothing either way (null, unless flagged).
 */
function configured(m: ModelJson, audioPrices: (number | null)[]): boolean | null {
  const flags = CONFIGURED_FLAGS.map((key) => pickBoolean(m, [key])).filter((f) => f !== null)
  if (flags.includes(false)) return false
  const table = ['pricing', 'prices', 'price'].map((key) => at(m, key)).find((v) => v !== undefined)
  if (table !== undefined && audioPrices.includes(null)) return false
  return flags.length > 0 ? true : null
}

/** A model entry: its shape is "not shown", so each field is looked for under its plausible names. */
function toModel(m: ModelJson): RealtimeModelInfo {
  const voices = (m as Record<string, unknown>).voices
  const price = (kind: 'audio' | 'text' | 'cached', way: 'in' | 'out') => {
    const long = way === 'in' ? 'input' : 'output'
    const prices = ['pricing', 'prices', 'price']
    const paths = prices.flatMap((p) => [
      `${p}.${kind}_${way}`,
      `${p}.${long}.${kind}`,
      `${p}.${kind}_${long}`,
    ])
    return pickMoney(m, paths)
  }
  return {
    id: m.id,
    name: pickString(m, ['name', 'display_name']),
    protocol: pickString(m, ['engine_protocol', 'protocol']),
    defaultTransport: pickString(m, ['default_transport', 'transport']),
    maxSessionSec: pickSeconds(
      m,
      ['max_session_sec', 'max_session_seconds', 'max_duration_sec'],
      ['max_session_ms'],
    ),
    voices: Array.isArray(voices) ? voices.filter((v): v is string => typeof v === 'string') : [],
    defaultVoice: pickString(m, ['default_voice']),
    configured: configured(m, [price('audio', 'in'), price('audio', 'out')]),
    estimatedVndPerMin: pickMoney(m, [...PER_MIN, ...PER_MIN.map((k) => `pricing.${k}`)]),
    audioInVndPer1M: price('audio', 'in'),
    audioOutVndPer1M: price('audio', 'out'),
    textInVndPer1M: price('text', 'in'),
    textOutVndPer1M: price('text', 'out'),
    cachedInVndPer1M: price('cached', 'in'),
    acceptsVideo: pickVideoInput(m),
  }
}

/** Spec: the token lives 60 s; used when the session does not say when it must be connected. */
const CONNECT_WINDOW_MS = 60_000

/** From the session's own `connect_by` and `created_at` (server times, so no clock skew), else 60 s. */
export function connectWindowMs(s: RealtimeSessionInfo): number {
  const by = s.connectBy ? Date.parse(s.connectBy) : NaN
  const created = s.createdAt ? Date.parse(s.createdAt) : NaN
  const window = by - created
  return Number.isFinite(window) && window > 0 ? window : CONNECT_WINDOW_MS
}
