// The rules of the session link's recovery paths (session-link.ts): how long a dropped session may be
// resumed, how often it is retried, when a new session replaces it and when the link gives up, and what
// each give-up tells the user. Kept apart so the link reads as the paths and this as their bounds.
import { GatewayError } from '../../api/gateway-error'
import type { RealtimeSessionInfo } from '../../api/realtime/sessions-api'
import { AppError } from '../../errors'
import type { EngineError } from '../engine/engine-events'
import { TransportError } from '../transports/transport'
import { terminationCause } from './termination-policy'

/** Spec: "reconnect within 120 seconds"; the last seconds are left for the round trips. */
export const RECONNECT_WINDOW_MS = 120_000
export const WINDOW_MARGIN_MS = 3_000
const RETRY_DELAYS_MS = [0, 250, 500, 1_000, 2_000, 4_000, 5_000]
/** New sessions in a row without one opening: beyond this the service is refusing, not flaking. */
export const MAX_RECREATES = 2
/** Sockets taken over right after opening (4409) in a row: another client holds the session. */
export const MAX_TAKEOVERS = 3
/** realtime-api.md close code 4503: "create a new session and retry", once; a second in a row is the service's trouble. */
export const MAX_CHANNEL_RETRIES = 1
export const ALREADY_CONNECTED = 'realtime_session_already_connected'
export const RECREATE_CODES: readonly string[] = [
  'realtime_token_expired',
  'invalid_session_token',
  'session_not_found',
  'realtime_session_ended',
]

/** The wait before the `attempt`-th resume: quick at first, then every 5 s until the window closes. */
export function retryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 0
}

export function takenOverError(): AppError {
  return new AppError(
    'forbidden',
    'Another connection keeps taking this session over; reconnect to take it back.',
    { code: ALREADY_CONNECTED },
  )
}

export function channelFailedTwiceError(): AppError {
  return new AppError(
    'server',
    'The service could not open an audio channel for two sessions in a row; try again in a minute.',
    { code: 'realtime_channel_failed' },
  )
}

export function noChannelError(): AppError {
  return new AppError('server', 'The service could not open an audio channel; try again later.')
}

export function sessionIsGone(err: unknown): boolean {
  // A refused SDP offer during a resume: the session itself is over.
  if (err instanceof TransportError)
    return err.code === 'realtime_session_ended' || err.code === 'session_not_found'
  if (!(err instanceof GatewayError)) return false
  const { status, code } = err.details
  return (
    status === 404 || status === 409 || status === 410 || (code !== null && RECREATE_CODES.includes(code))
  )
}

/** How a session ended, as the link reports it to the engine. */
export interface SessionEnd {
  sessionId: string
  model: string
  reason: string
  terminated: boolean
  message: string | null
  totalVnd: number | null
  durationSec: number | null
}

export function endOf(
  s: RealtimeSessionInfo,
  reason: string,
  terminated: boolean,
  message: string | null,
  totalVnd: number | null,
): SessionEnd {
  return { sessionId: s.id, model: s.model, reason, terminated, message, totalVnd, durationSec: null }
}

export function engineError(err: unknown): EngineError {
  if (err instanceof GatewayError) {
    const out: EngineError = {
      kind: err.kind,
      code: err.code ?? err.details.code,
      message: err.message,
      requestId: err.details.requestId,
    }
    if (err.retryAfterMs !== undefined) out.retryAfterMs = err.retryAfterMs
    return out
  }
  if (err instanceof TransportError) return { kind: err.kind, code: err.code, message: err.message }
  if (err instanceof AppError) return { kind: err.kind, code: err.code ?? null, message: err.message }
  return { kind: 'internal', code: null, message: err instanceof Error ? err.message : String(err) }
}

/**
 * How a session read after its end ended. The spec shows no status but `created`, so a cut is known by
 * its reason naming one of the causes the spec lists for `session.terminated` (or a status that says so).
 */
export function readEnd(s: RealtimeSessionInfo): { reason: string; terminated: boolean } | null {
  if (s.endReason === null) return null
  const terminated = s.status.toLowerCase() === 'terminated' || terminationCause(s.endReason) !== 'unknown'
  return { reason: s.endReason, terminated }
}
