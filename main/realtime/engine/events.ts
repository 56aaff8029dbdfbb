// The vendor-neutral vocabulary between the realtime session engine and the wire-protocol adapters.
// Adapters turn received frames into `RealtimeEvent`s and `RealtimeCommand`s into frames; nothing here
// names a vendor field, so the engine holds one kind of state whatever protocol the model speaks.

/** Upstream audio: PCM16 mono at 16 kHz (realtime-api.md "WebSocket connection"). */
export const INPUT_RATE_HZ = 16_000
/** Downstream audio unless a frame says otherwise: PCM16 mono at 24 kHz. */
export const OUTPUT_RATE_HZ = 24_000

/**
 * How a response ended. `interrupted` is a barge-in (server VAD, or the user talking over a live-type
 * model); `cancelled` is the client's own `response.cancel`.
 */
export type ResponseStatus = 'completed' | 'cancelled' | 'failed' | 'incomplete' | 'interrupted'

/** Whether assistant text is a caption of its speech or the text modality itself. */
export type TextModality = 'audio' | 'text'

/** Token counts normalised across protocols. `inputCached` is part of the input counts, not extra. */
export interface TokenUsage {
  inputAudio: number
  inputText: number
  inputCached: number
  inputTotal: number
  outputAudio: number
  outputText: number
  outputTotal: number
  total: number
}

/** The gateway's own events (realtime-api.md "Events"), sent under the top-level key `svc`. */
export type ServiceKind =
  | 'session.active'
  | 'usage.settled'
  | 'warning.low_balance'
  | 'warning.max_spend'
  | 'session.ended'
  | 'session.terminated'

/**
 * The spec leaves payload fields "not shown", so the whole payload is kept and the well-known fields are
 * lifted out when present with the expected type (snake_case on the wire, e.g. `amount_vnd`).
 */
export interface ServiceEvent {
  type: 'service'
  kind: ServiceKind | (string & {})
  payload: Readonly<Record<string, unknown>>
  sessionId?: string
  reason?: string
  message?: string
  status?: string
  final?: boolean
  amountVnd?: number
  chargedVnd?: number
  unpaidVnd?: number
  totalVnd?: number
  balanceVnd?: number
  maxSpendVnd?: number
  usedPercent?: number
  nextWindowEstimateVnd?: number
  estimatedVndPerMin?: number
}

/** Ids that place model output: `itemId` is what a Model-R truncate names; live-type ids are synthesized. */
interface OutputIds {
  responseId: string
  itemId: string
}

export type RealtimeEvent =
  | { type: 'session.ready'; sessionId: string | null }
  /** Server VAD heard the user start or stop; `itemId` is the user item it will become, when known. */
  | { type: 'speech.started'; itemId: string | null; audioMs: number | null }
  | { type: 'speech.stopped'; itemId: string | null; audioMs: number | null }
  /** The user's turn is closed and will be answered. Its transcript may still come later. */
  | { type: 'turn.userCommitted'; itemId: string }
  /** `replace: true` means the text replaces the item's text so far; otherwise it is appended. */
  | { type: 'transcript.user.delta'; itemId: string; text: string; replace: boolean }
  /** The item's whole transcript, trimmed. */
  | { type: 'transcript.user.final'; itemId: string; text: string }
  | ({ type: 'response.started' } & Pick<OutputIds, 'responseId'>)
  /** PCM16 mono, decoded; never from a response the client cancelled. */
  | ({ type: 'audio.delta'; pcm: Int16Array; rateHz: number } & OutputIds)
  | ({ type: 'audio.done'; cancelled: boolean } & OutputIds)
  /**
   * WebRTC: the model's voice started or stopped on the media track, which never passes through this
   * process (`output_audio_buffer.started/.stopped/.cleared`, realtime-protocols.md §2.3).
   */
  | { type: 'audio.remote'; phase: 'started' | 'stopped'; responseId: string | null }
  /** The service cut an answer's item to what was heard (a barge-in); its text past that was never spoken. */
  | { type: 'item.truncated'; itemId: string; audioEndMs: number | null }
  /** `cancelled` flags text of a response the client cut off: the user never heard it. */
  | ({
      type: 'transcript.assistant.delta'
      text: string
      modality: TextModality
      cancelled: boolean
    } & OutputIds)
  | ({
      type: 'transcript.assistant.final'
      text: string
      modality: TextModality
      cancelled: boolean
    } & OutputIds)
  /**
   * Live-type only: the model signalled the end of its turn before `turnComplete`. Some models never send
   * `turnComplete`, so the engine starts a timer here and calls `adapter.endTurnNow()` when it runs out.
   */
  | { type: 'response.ending'; responseId: string; signal: 'generationComplete' | 'interrupted' }
  | { type: 'response.done'; responseId: string; status: ResponseStatus; reason: string | null }
  /** Every usage report, once: sum these (per response, or increments for the live type). */
  | { type: 'usage'; responseId: string | null; usage: TokenUsage }
  | { type: 'tool.call'; callId: string; name: string; argumentsJson: string }
  | { type: 'tool.cancelled'; callIds: string[] }
  | ServiceEvent
  /**
   * A protocol error event. `eventId`/`clientEventType` point back at the command frame it answers when
   * the server names one; `itemId` is set for a failed user transcription.
   */
  | {
      type: 'error'
      code: string
      message: string
      recoverable: boolean
      eventId: string | null
      clientEventType: string | null
      itemId: string | null
    }
  /** The connection will be closed in `timeLeftMs` (null when the duration could not be read). */
  | { type: 'goAway'; timeLeftMs: number | null }
  | { type: 'resumption'; handle: string; resumable: boolean }
  /** A frame that is not JSON, not an object, or a gateway event without a type. Reported, never thrown. */
  | { type: 'malformed'; reason: string; sample: string }

export type RealtimeEventType = RealtimeEvent['type']
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>

/** What the engine asks of the wire. Each adapter encodes a command into zero or more frames. */
export type RealtimeCommand =
  | { type: 'appendAudio'; pcm16k: Int16Array }
  /** Opens a user turn (live-type with manual activity); nothing on Model-R. */
  | { type: 'startTurn' }
  /** Closes the user's turn and asks for an answer. */
  | { type: 'commitTurn' }
  /** Drops mic audio not yet committed (Model-R only). */
  | { type: 'clearInput' }
  /**
   * Stops the model talking; its audio still in flight is dropped. Model-R also cuts the item to what
   * was heard: `playedMs` of `itemId` (default: the item that last received audio). Live-type with
   * manual activity sends `activityStart`, which also opens the user's next turn.
   */
  | { type: 'interrupt'; itemId?: string; playedMs: number }
  /** The mic paused (live-type with automatic activity detection). */
  | { type: 'endAudioStream' }
  /** A typed user turn, answered as a spoken one would be. */
  | { type: 'sendText'; text: string }
  /**
   * `error`: `output` says why the call failed, and the model is told it failed. `respond: false` leaves
   * the answer to a later result of the same batch (Model-R; default true).
   */
  | {
      type: 'sendToolResult'
      callId: string
      name: string
      output: string
      error?: boolean
      respond?: boolean
    }
  /** A frame of a shared screen or camera, JPEG in base64; only for a session created with video. */
  | { type: 'sendVideoFrame'; jpegBase64: string }

export type RealtimeCommandType = RealtimeCommand['type']
export type RealtimeCommandOf<T extends RealtimeCommandType> = Extract<RealtimeCommand, { type: T }>
