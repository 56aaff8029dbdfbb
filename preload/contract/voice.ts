// Voice chat and its talk key: the conversation's state, captions, cost and the WebRTC peer's work.
import type { ErrorKind } from './errors'
import type { VoiceMode } from './settings'
import type { VoiceSharing } from './video'

/** The conversation's state, as the session engine derives it; its moves are main/realtime's to check. */
export type VoiceState =
  /** No session: the next press (or a warm-up) creates one. */
  | 'idle'
  | 'creating'
  | 'connecting'
  /** Connected and quiet. */
  | 'ready'
  /** The key is down: the user's audio streams to the service. */
  | 'listening'
  /** The turn is closed; the answer has not started playing. */
  | 'thinking'
  | 'speaking'
  /** The socket dropped; resuming the same session within 120 s. */
  | 'reconnecting'
  /** The conversation is closing its session. */
  | 'ending'
  /** Closed; a press starts a new conversation. */
  | 'ended'
  /** A session could not be opened (refused, no network); a press tries again. */
  | 'failed'

export interface VoiceModel {
  id: string
  name: string | null
  /** The wire protocol's family, when the service says: `model-r` or `live`. */
  protocol: string | null
  voices: string[]
  defaultVoice: string | null
  /** The service's estimate for a typical conversation on the user's plan. */
  estimatedVndPerMin: number | null
  maxSessionSec: number | null
  /** The transport `auto` picks for this model, when the service says. */
  defaultTransport: VoiceTransport | null
  /** The per-token prices the list gives for the user's plan, as the live cost meter prices usage. */
  tokenPricesVnd: VoiceTokenPrices
  /**
   * Null when the model can be used. `no_price_table`: the service lists it without a complete price
   * table, so opening a session is refused (realtime-api.md `realtime_model_not_configured`).
   */
  unavailable: VoiceModelUnavailable | null
  /** Whether the model takes video (a shared screen or camera), where the list says; null: not said. */
  acceptsVideo?: boolean | null
}

export type VoiceModelUnavailable = 'no_price_table'

/**
 * VND per 1M tokens of each kind, as `GET /v1/realtime/models` prices them for the caller's plan
 * (realtime-api.md "What the service does"); null where the list names no price for that kind. Model L
 * has no cache price, so `cachedIn` is null there even in a complete list.
 */
export interface VoiceTokenPrices {
  audioIn: number | null
  audioOut: number | null
  textIn: number | null
  textOut: number | null
  cachedIn: number | null
}

export interface VoiceModels {
  plan: string | null
  models: VoiceModel[]
}

/**
 * One caption of the conversation; a line is updated in place (same `itemId`) while it streams.
 * Lines read in `order`: the user's words take the place of the turn they belong to, even when their
 * caption arrives after the answer began.
 */
/** A call of one of Loa's tools by the model, as its card in the captions shows it. */
export interface VoiceToolCall {
  name: string
  arguments: Record<string, unknown>
  state: 'running' | 'done' | 'failed' | 'cancelled'
  /** The JSON the model was given; VND amounts are plain numbers. */
  result: unknown
  error: { code: string; message: string } | null
}

export interface VoiceLine {
  /** `tool`: a call of one of Loa's tools (`tool` holds it; `text` is empty). */
  role: 'user' | 'assistant' | 'tool'
  tool?: VoiceToolCall
  itemId: string
  order: number
  text: string
  final: boolean
  /** An answer cut by barge-in: the text past what was heard was never spoken. */
  cancelled: boolean
  /** When the line began (epoch ms). */
  atMs: number
}

export interface VoiceCost {
  /** Settled by the service over every session of this conversation; null when its figure could not be read. */
  settledVnd: number | null
  /** Settled plus the estimate since the last settlement: what the meter shows. */
  totalVnd: number
  /**
   * Used since the last settlement at the model's prices; null when the prices are unknown, and then
   * `totalVnd` holds only what was settled: a floor, not the figure.
   */
  estimateVnd: number | null
  estimatedVndPerMin: number | null
  maxSpendVnd: number | null
  /** The wallet: from the last settlement, else from the account glance. */
  balanceVnd: number | null
  /** How many minutes the balance buys at the current rate; null when either is unknown. */
  minutesLeft: number | null
}

export interface VoiceWarning {
  /**
   * `renewed`: the service cut the session and Loa opened a new one; the model forgot the earlier turns.
   * `video`: sharing started or stopped (`reason` `started`, `stopped` or `elapsed`), which takes a new
   * session: the model forgot the earlier turns too.
   */
  kind: 'low_balance' | 'max_spend' | 'audio_dropped' | 'renewed' | 'video'
  balanceVnd: number | null
  totalVnd: number | null
  maxSpendVnd: number | null
  usedPercent: number | null
  /** For audio_dropped: how much of the user's speech was lost. */
  droppedMs?: number
  /** For renewed: why the service cut the old session (a termination reason, as in VoiceProblem.code). */
  reason?: string
}

/** Something went wrong. `terminated`: the service cut the session; `code` is its reason. */
export interface VoiceProblem {
  kind: ErrorKind | 'terminated'
  /** The service's code or termination reason (`insufficient_balance`, `max_spend_reached`, ...). */
  code: string | null
  message: string
  /** No session could be opened; the next press tries again. */
  fatal: boolean
  retryAfterMs?: number
  /** The service's `request_id` of the refusal, to quote to support. */
  requestId?: string | null
  /**
   * For `terminated`: why no new session followed. `refused`: a new one would be refused or spend past
   * the cap (money, the key); `repeated`: the renewed session was cut again within a minute.
   */
  renewal?: 'refused' | 'repeated'
}

export interface VoiceSessionSummary {
  id: string
  model: string
  totalVnd: number | null
  durationSec: number | null
  endReason: string | null
  /** ISO timestamp, when known. */
  startedAt: string | null
}

export interface VoiceConversationSummary {
  durationMs: number
  /** Null when the service's figure could not be read: shown as unknown, never as 0 ₫. */
  costVnd: number | null
  turns: number
  responses: number
  sessions: VoiceSessionSummary[]
}

/** Everything about the conversation except its lines, pushed on every change. */
export interface VoiceStatus {
  state: VoiceState
  /** The talk key (button, space bar or global hotkey) is down. */
  pressed: boolean
  session: VoiceSessionStatus | null
  cost: VoiceCost | null
  warning: VoiceWarning | null
  problem: VoiceProblem | null
  /** Main wants the microphone open: a conversation is live or the key is down. */
  micWanted: boolean
  mode: VoiceMode
  /** The day's voice spending against Loa's daily budget; absent or null when the budget is off. */
  budget?: VoiceBudget | null
  /** A window, the screen or the camera shared with the model; absent or null when nothing is. */
  sharing?: VoiceSharing | null
  /**
   * `interrupted`: the WebRTC link stopped carrying for a while and may come back; what is said meanwhile
   * is kept and sent again when it does. `ok` (or absent) otherwise, the WebSocket transport always: a
   * link given up shows as the state (`reconnecting`, `failed`) instead.
   */
  link?: VoiceLinkState
}

export type VoiceLinkState = 'ok' | 'interrupted'

/**
 * Loa's daily voice budget (Settings), across conversations. `spentVnd` is what is known of today's
 * spending; with `atLeast` some of it could not be read, so it is a floor. `over`: no new conversation
 * starts today unless the user chose to go on (`overridden`).
 */
export interface VoiceBudget {
  budgetVnd: number
  spentVnd: number
  atLeast: boolean
  level: 'under' | 'near' | 'over'
  overridden: boolean
}

export type VoiceTransport = 'websocket' | 'webrtc'

export interface VoiceSessionStatus {
  id: string
  model: string
  protocol: string
  transport: VoiceTransport
  /**
   * When the service ends the session for its length (epoch ms): its own expiry where it gives one, else
   * the moment it went live plus the length asked for (`max_duration_sec`) or the spec's default.
   */
  endsAtMs: number | null
}

/**
 * What main asks of the page that holds a session's WebRTC peer (the main window). Main creates the
 * session and posts the page's SDP offer itself, so neither the API key nor the session token reaches
 * the page; it learns only the data channel's name. One `linkId` is one peer connection.
 *   open  — make a peer: the microphone track (sent only while `mic` is on), the remote audio to the
 *           chosen output, a data channel named `dataChannel`; then `voice:rtcOffer`.
 *   send  — a model event (JSON text) for the data channel.
 *   mic   — the microphone goes out on the track (key down) or not (key up). `held`: the press so far
 *           went as audio events: the track takes the microphone from the page's next capture frame
 *           (marked on-track) but keeps its audio back until `release`, then stays that far behind;
 *           at key-up, events after the `release` wait until the track has sent what it held.
 *           `backlogMs`: the audio events main still had to send at the switch (they leave paced, so
 *           the `release` may come that much later; the page's wait and hold follow it).
 *   release — the events for everything captured before a held track took over have been sent.
 *   close — hang up and free the peer.
 *   prepare   — make a spare peer for a session created ahead (its offer and ICE candidates gathered),
 *               sent nowhere; the next `open` with the same `dataChannel` takes it and only posts the offer.
 *   unprepare — drop the spare peer.
 */
export type VoiceRtcCommand =
  | { op: 'open'; linkId: number; dataChannel: string }
  | { op: 'prepare'; dataChannel: string }
  | { op: 'unprepare' }
  | { op: 'send'; linkId: number; text: string }
  | { op: 'mic'; linkId: number; on: boolean; held?: boolean; backlogMs?: number }
  | { op: 'release'; linkId: number }
  | { op: 'close'; linkId: number }

/**
 * `connected`: the data channel is open (again, after `interrupted`). `interrupted`: the peer is still
 * there but nothing has come from the service for a while (ICE `disconnected`, or the link fell quiet):
 * what goes out meanwhile may be lost. `failed`/`closed`: the peer is gone (with why, for the log).
 */
export type VoiceRtcState = 'connected' | 'interrupted' | 'failed' | 'closed'

export interface VoiceSnapshot {
  status: VoiceStatus
  /** The conversation so far, in order. */
  lines: VoiceLine[]
  /** The last conversation that ended, for its totals. */
  lastSummary: VoiceConversationSummary | null
}

export interface VoiceHistory {
  sessions: VoiceSessionSummary[]
  /** Null when any session's cost could not be read: a sum that counted it as 0 would say too little. */
  totalVnd: number | null
  /** The sum of the sessions whose cost is known: the total is at least this. */
  knownTotalVnd: number
  totalDurationSec: number
}

// ---- Global hotkey -----------------------------------------------------------------------------------

/**
 * `hold`: real key-down/key-up (hold to talk). `toggle`: the shortcut fires on press only, so one press
 * starts and the next stops. `none`: no global hotkey works (not registered, or no desktop to hook).
 */
export type HotkeyMode = 'hold' | 'toggle' | 'none'

export interface HotkeyStatus {
  accelerator: string
  mode: HotkeyMode
  /** i18n key saying why this mode: `hotkey.reason.<...>`. */
  reasonKey: string
  /** Another application holds this shortcut: registering it was refused. */
  conflict: boolean
  /** The accelerator could not be understood; plain text for the settings page. */
  error: string | null
}
