// What every part of the demo service shares: the clock, the accounts and their wallets, the ledger,
// fault injection and the speech synthesizer. The HTTP server builds one DemoContext and hands it to
// the management, TTS and realtime parts, which never reach each other directly.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** Service time. With a time scale of X, one real second is X service seconds. */
export interface DemoClock {
  readonly timeScale: number
  /** Service time in epoch milliseconds. */
  now(): number
  /** Runs `fn` after `serviceMs` of service time. */
  setTimeout(fn: () => void, serviceMs: number): NodeJS.Timeout
  setInterval(fn: () => void, serviceMs: number): NodeJS.Timeout
}

export type AccountKind = 'ordinary' | 'reseller' | 'internal' | 'disabled' | 'locked'

/** Upper-case plan code as the API returns it. */
export type PlanCode = 'FREE' | 'BASIC' | 'ADVANCED_PLUS' | 'ULTRA'

export interface DemoAccount {
  id: string
  email: string
  name: string
  plan: PlanCode
  planExpiresAt: string
  kind: AccountKind
  wallet: { realVND: number; bonusVND: number }
  /** TTS model ids this account's key may use; undefined = all. */
  modelAllowlist?: string[]
}

/** One row of `/v1/management/usage`, as the spec names its fields. */
export interface UsageRecord {
  id: string
  date: string
  completedAt: string
  model: string
  inputTokens: number
  outputTokens: number
  totalTokens: number
  cacheHitTokens: number
  reasoningTokens: number
  costVND: number
  costBeforeDiscount: number
  discountPercent: number
  keySource: string
}

export type ChargeResult = { ok: true; balanceVND: number } | { ok: false; reason: 'insufficient_balance' }

export interface DemoLedger {
  /** Takes `amountVND` from the wallet (bonus first, then real) and appends the usage record. */
  charge(account: DemoAccount, amountVND: number, record: Omit<UsageRecord, 'id'>): ChargeResult
  balanceVND(account: DemoAccount): number
}

export type AuthResult =
  | {
      ok: true
      account: DemoAccount
      key: string
      /**
       * The key has reached its own spending limit: it may still read (management, lists), but whatever
       * would spend with it (paid speech, a realtime session) is refused. Absent means false.
       */
      atSpendLimit?: boolean
    }
  | { ok: false; status: number; body: ErrorEnvelope }

export interface ErrorEnvelope {
  error: { message: string; type: string; param: string | null; code: string; request_id: string }
}

/** Faults the tests switch on, in-process or through the loopback control endpoint. */
export interface DemoFaults {
  /** Close every newly opened realtime WebSocket abruptly (no close frame) after this many real ms. */
  dropWebSocketAfterMs: number | null
  /** Answer the next N HTTP requests (outside the control endpoint) with this status. */
  failNext: { count: number; status: 500 | 502 } | null
  /** Real milliseconds added before every HTTP answer. */
  latencyMs: number
  /** Answer the next N HTTP requests with 429 and this Retry-After (seconds). */
  rateLimitBurst: { count: number; retryAfterSec: number } | null
  /**
   * Cut the next N sessions with `session.terminated` the moment a turn of theirs is committed, before
   * the answer. `reason` is the word sent (any string, so a client can be shown one it has never seen);
   * the session itself ends as a system error.
   */
  terminateOnCommit: { count: number; reason: string } | null
  /** Close the next N realtime WebSocket upgrades at once with 4503 (the audio channel failed). */
  failChannel: { count: number } | null
  /** Answer the next N SDP offers with this 5xx, before anything else is checked. */
  failSdp: { count: number; status: 500 | 502 | 503 } | null
  /**
   * Answer the next N SDP offers with 409 `realtime_session_already_connected`, as when the answer to an
   * earlier offer was lost on the way: the service holds a connection the client never got.
   */
  sdpConflict: { count: number } | null
  /**
   * The next N spoken turns call this tool (when the session declared it) instead of being answered:
   * the demo cannot hear which tool a user asked for. `args` are the call's arguments.
   */
  toolCallNext: { count: number; name: string; args: Record<string, unknown> } | null
  /**
   * The next N sessions to end say so on their SSE stream (`session.ended` / `session.terminated`, then
   * the stream's end) only `delayMs` real ms after the end: the peer or socket closes at once, and the
   * session as read with GET already says how it ended. A slow event path, as on a busy service.
   */
  lateEndEvent: { count: number; delayMs: number } | null
}

export interface SpeechSynth {
  /**
   * Real speech for `text`: mono PCM16 at `sampleRateHz`. `lang` is an ISO 639-1 code ('vi', 'en', ...).
   */
  synthesize(text: string, opts: { lang: string; sampleRateHz: number; speed?: number }): Promise<Int16Array>
}

/**
 * How the realtime API answers where its spec says "not shown": `default` is the demo's first reading,
 * `alt` another plausible one for every such detail (demo/README.md "Variants").
 */
export type DemoVariant = 'default' | 'alt'

/** Where the realtime WebSocket accepts the session token: `Authorization: Bearer`, `?token=`, or any way. */
export type WsTokenMode = 'header' | 'query' | 'any'

export interface DemoContext {
  /** Absent means `default`. */
  readonly variant?: DemoVariant
  /** Absent means the variant's own mode (`any` for default, `query` for alt). */
  readonly wsToken?: WsTokenMode
  clock: DemoClock
  /** Deterministic randomness for the given seed. Returns a float in [0, 1). */
  random(): number
  accounts: DemoAccount[]
  /** Authenticates `Authorization: Bearer` or `X-API-Key`. */
  authenticate(req: IncomingMessage): AuthResult
  ledger: DemoLedger
  faults: DemoFaults
  speech: SpeechSynth
  /** Writes the spec's error envelope with a fresh request id. */
  sendError(
    res: ServerResponse,
    status: number,
    code: string,
    type: string,
    message: string,
    param?: string | null,
    headers?: Record<string, string>,
  ): void
  /** The base URL the server listens on, e.g. http://127.0.0.1:43123 */
  baseUrl(): string
}

/**
 * A part of the service that plugs into the demo server (the realtime API does). The server offers each
 * HTTP request and WebSocket upgrade to its mounts in turn; `true` means the mount answered it.
 */
export interface DemoMount {
  handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): boolean | Promise<boolean>
  handleUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Called when the server closes: end sockets and timers the mount owns. */
  close?(): void | Promise<void>
}

export type DemoMountFactory = (ctx: DemoContext) => DemoMount
