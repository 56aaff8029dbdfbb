// The Session object (realtime-api.md "Session object"). Finished sessions add `ended_at`,
// `end_reason`, and the full `usage` and `billing` objects that match the wallet history.
import { INPUT_SAMPLE_RATE_HZ, OUTPUT_SAMPLE_RATE_HZ } from './conversation'
import type { RealtimeDialect } from './dialect'
import { SETTLE_INTERVAL_SEC } from './models'
import type { RealtimeSession } from './session'
import { usageJson } from './usage'

export const WEBRTC_DATA_CHANNEL = 'realtime-events'

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

export function websocketUrl(baseUrl: string, sessionId: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/v1/realtime/sessions/${sessionId}/ws`
}

function connectionJson(s: RealtimeSession, baseUrl: string): Record<string, unknown> {
  if (s.params.transport === 'webrtc') {
    return {
      type: 'webrtc',
      sdp_url: `${baseUrl}/v1/realtime/sessions/${s.id}/sdp`,
      data_channel: WEBRTC_DATA_CHANNEL,
      token: s.token.token,
      token_expires_at: iso(s.token.expiresAtMs),
    }
  }
  return {
    type: 'websocket',
    url: websocketUrl(baseUrl, s.id),
    protocol: s.params.model.engineProtocol,
    token: s.token.token,
  }
}

export function sessionJson(
  s: RealtimeSession,
  baseUrl: string,
  dialect: RealtimeDialect,
): Record<string, unknown> {
  const terms = {
    currency: 'VND',
    settle_interval_sec: SETTLE_INTERVAL_SEC,
    estimated_vnd_per_min: s.estimatedVndPerMin,
    max_spend_vnd: s.params.maxSpendVnd,
  }
  const json: Record<string, unknown> = {
    id: s.id,
    object: 'realtime.session',
    status: dialect.status(s.status),
    model: s.params.model.id,
    engine_protocol: s.params.model.engineProtocol,
    transport: s.params.transport,
    billing_basis: 'token',
    connect_by: iso(s.connectByMs),
    connection: connectionJson(s, baseUrl),
    billing: terms,
    created_at: iso(s.createdAtMs),
    metadata: s.params.metadata,
  }
  if (!s.finished) return json
  const durationMs = s.activatedAtMs === null ? 0 : (s.endedAtMs ?? s.activatedAtMs) - s.activatedAtMs
  return {
    ...json,
    ended_at: iso(s.endedAtMs ?? s.createdAtMs),
    end_reason: s.endReason,
    usage: dialect.endedUsage(
      usageJson(s.billing.total),
      durationMs / 1000,
      s.recorder.receivedSamples / INPUT_SAMPLE_RATE_HZ,
      s.recorder.sentSamples24k / OUTPUT_SAMPLE_RATE_HZ,
      s.model.conversation.responsesStarted,
    ),
    billing: dialect.endedBilling(
      terms,
      { totalVnd: s.billing.totalVnd, chargedVnd: s.billing.chargedVnd, unpaidVnd: s.billing.unpaidVnd },
      s.billing.windows,
    ),
  }
}
