// The realtime model list and session history as the contract shows them.
import type { VoiceHistory, VoiceModel, VoiceModels, VoiceSessionSummary } from '../../preload/contract'
import type { ModelList, RealtimeSessionInfo, SessionPage } from '../realtime'

/**
 * The model a conversation opens: the saved one, unless the list shows it cannot be used (no complete
 * price table), then the first that can. A saved model the list does not name is tried as it is: the
 * service's refusal says more than a silent swap would.
 */
export function modelToOpen(models: readonly VoiceModel[], saved: string | null): string | null {
  const listed = models.find((m) => m.id === saved)
  if (saved !== null && (!listed || listed.unavailable === null)) return saved
  return models.find((m) => m.unavailable === null)?.id ?? null
}

export function toVoiceModels(list: ModelList): VoiceModels {
  return { plan: list.plan, models: list.models.map(toVoiceModel) }
}

function toVoiceModel(m: ModelList['models'][number]): VoiceModel {
  return {
    id: m.id,
    name: m.name,
    protocol: protocolFamily(m.protocol),
    voices: m.voices,
    defaultVoice: m.defaultVoice,
    estimatedVndPerMin: m.estimatedVndPerMin,
    maxSessionSec: m.maxSessionSec,
    defaultTransport:
      m.defaultTransport === 'webrtc' || m.defaultTransport === 'websocket' ? m.defaultTransport : null,
    unavailable: m.configured === false ? 'no_price_table' : null,
  }
}

/** `<vendor-a>-realtime-v1` → model-r, `<vendor-b>-live-v1beta` → live; anything else as it came. */
function protocolFamily(protocol: string | null): string | null {
  if (protocol === null) return null
  if (/live/i.test(protocol)) return 'live'
  if (/realtime/i.test(protocol)) return 'model-r'
  return protocol
}

/**
 * Statuses an ended session can carry. The spec shows only `created` (realtime-api.md "States and
 * transitions"), so a session is taken as open unless it says it ended, by its status, end time or reason.
 */
const FINISHED_STATUSES: ReadonlySet<string> = new Set([
  'ended',
  'terminated',
  'cancelled',
  'canceled',
  'expired',
  'failed',
  'completed',
  'closed',
])

export function isOpenSession(s: RealtimeSessionInfo): boolean {
  return !FINISHED_STATUSES.has(s.status.toLowerCase()) && s.endedAt === null && s.endReason === null
}

export function toSessionSummary(s: RealtimeSessionInfo): VoiceSessionSummary {
  return {
    id: s.id,
    model: s.model,
    totalVnd: s.billing.totalVnd ?? s.billing.chargedVnd,
    durationSec: s.usage?.durationSec ?? null,
    endReason: s.endReason,
    startedAt: s.createdAt,
  }
}

export function toVoiceHistory(page: SessionPage): VoiceHistory {
  const sessions = page.sessions.map(toSessionSummary)
  const knownTotalVnd = sessions.reduce((sum, s) => sum + (s.totalVnd ?? 0), 0)
  return {
    sessions,
    totalVnd: sessions.some((s) => s.totalVnd === null) ? null : knownTotalVnd,
    knownTotalVnd,
    totalDurationSec: sessions.reduce((sum, s) => sum + (s.durationSec ?? 0), 0),
  }
}
