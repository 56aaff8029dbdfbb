// What the session engine tells its UI: plain data only, so every event can cross IPC as it is.
import type { ErrorKind } from '../../../preload/contract'
import type { WireProtocol } from '../adapters/adapter'
import type { CostSnapshot } from './cost-meter'
import type { EngineState } from './engine-state'
import type { ResponseStatus, TokenUsage } from './events'
import type { Renewal, TerminationCause } from '../link/termination-policy'

export type { CostSnapshot } from './cost-meter'
export type { EngineState } from './engine-state'

export interface SessionRecord {
  id: string
  model: string
  /** Final total from the service when it was read back; else what was settled. */
  totalVnd: number | null
  durationSec: number | null
  /** Why it ended: `client_deleted`, `idle_timeout`, a termination reason, ... */
  endReason: string | null
}

export interface ConversationSummary {
  sessions: SessionRecord[]
  /** From the first session going live to the end. */
  durationMs: number
  /** The service's settled cost; null when it could not be read (never 0 for "unknown"). */
  costVnd: number | null
  tokens: TokenUsage
  /** Turns sent for an answer (short presses not counted). */
  turns: number
  /** Answers that started. */
  responses: number
}

export interface EngineError {
  kind: ErrorKind
  /** The service's code when it gave one (`insufficient_balance`, `realtime_session_limit`, ...). */
  code: string | null
  message: string
  retryAfterMs?: number
  /** The service's `request_id` of the refusal, to quote to support. */
  requestId?: string | null
}

export type EngineEvent =
  | { type: 'state'; state: EngineState; previous: EngineState }
  /** A socket is open. `resumed`: the same session after a drop, the conversation kept. */
  | {
      type: 'session'
      sessionId: string
      model: string
      protocol: WireProtocol
      transport: 'websocket' | 'webrtc'
      resumed: boolean
      /** Null when the session was not created for this opening (a resume). */
      createMs: number | null
      connectMs: number
      /** When the session's time runs out and how long it may run, where the service says; else null. */
      expiresAt: string | null
      maxDurationSec: number | null
    }
  /**
   * WebRTC: the microphone may go out on the media track now (the audio held while the link opened has
   * been sent as events), or no longer (the link is gone). `held`: mid-press, the track's audio waits
   * for `trackReleased`, after `backlogMs` of audio events still to be sent.
   */
  | { type: 'track'; live: boolean; held: boolean; backlogMs: number }
  /** WebRTC: the events for what was captured before a held track took over have been sent. */
  | { type: 'trackReleased' }
  /**
   * WebRTC: the peer stopped hearing the service (`interrupted`; the press is held for the link's return)
   * or no longer is, because the link came back or is gone (dropped, ended, failed, replaced).
   */
  | { type: 'link'; interrupted: boolean }
  /** The user's words, by item: `text` is the whole caption so far. */
  | { type: 'caption'; role: 'user'; itemId: string; text: string; final: boolean }
  /** The model's words: `delta` is new, `text` the whole so far; `cancelled` text was never heard. */
  | {
      type: 'caption'
      role: 'assistant'
      itemId: string
      responseId: string
      text: string
      delta: string
      final: boolean
      cancelled: boolean
    }
  /**
   * `committed`: the key went up and the turn will be answered; `sent`: its end-of-turn message left on
   * the socket (later than `committed` when held audio was still being paced out); `discarded`: too short.
   */
  | { type: 'turn'; phase: 'committed' | 'sent' | 'discarded'; turnId: number; audioMs: number }
  | { type: 'response'; phase: 'started'; responseId: string }
  | { type: 'response'; phase: 'done'; responseId: string; status: ResponseStatus }
  | { type: 'cost'; cost: CostSnapshot }
  | {
      type: 'warning'
      kind: 'low_balance' | 'max_spend'
      balanceVnd: number | null
      totalVnd: number | null
      maxSpendVnd: number | null
      usedPercent: number | null
    }
  /**
   * The service cut the session. `reason` is the service's word, `cause` Loa's reading of it;
   * `renewal` says whether a new session is on its way (the model then remembers nothing of the earlier
   * turns) or the next press has to open one (termination-policy.ts).
   */
  | {
      type: 'terminated'
      sessionId: string
      reason: string
      message: string | null
      cause: TerminationCause
      renewal: Renewal
    }
  /** A session closed for another reason (idle, DELETE, lost for good). */
  | { type: 'sessionEnded'; sessionId: string; reason: string; totalVnd: number | null }
  /** Audio held while there was no socket grew past its cap; the oldest was dropped. */
  | { type: 'audioDropped'; ms: number }
  /** `fatal`: no session could be opened and the engine is `failed`; otherwise the session goes on. */
  | { type: 'error'; error: EngineError; fatal: boolean }
  | { type: 'summary'; summary: ConversationSummary }
  | ToolCallEvent

export interface ToolCallError {
  code: string
  message: string
}

/**
 * The model called one of the app's tools: `started` with its arguments, then `done` with the result
 * the model was given, `failed` with the error it was given, or `cancelled` by the service (not answered).
 */
export type ToolCallEvent =
  | { type: 'tool'; phase: 'started'; callId: string; name: string; arguments: Record<string, unknown> }
  | { type: 'tool'; phase: 'done'; callId: string; name: string; result: unknown }
  | { type: 'tool'; phase: 'failed'; callId: string; name: string; error: ToolCallError }
  | { type: 'tool'; phase: 'cancelled'; callId: string; name: string }

export type EngineEventType = EngineEvent['type']
export type EngineListener = (event: EngineEvent) => void
