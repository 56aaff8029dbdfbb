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

/** realtime-api.md "Session create request": `max_duration_sec` defaults to 30 minutes. */
export const SPEC_DEFAULT_SESSION_SEC = 1_800
/** The same table's maxima: 24 h for Model L (the live family), 60 min for Model R and R-mini. */
const SPEC_LIVE_MAX_SESSION_SEC = 86_400
const SPEC_R_MAX_SESSION_SEC = 3_600

/**
 * How long a session on `model` may run: the model list's own figure, else the spec's for its family.
 * A model the list does not describe gets the shorter maximum, which every model accepts.
 */
export function sessionLimitSec(model: VoiceModel | undefined): number {
  if (model?.maxSessionSec) return model.maxSessionSec
  return model?.protocol === 'live' ? SPEC_LIVE_MAX_SESSION_SEC : SPEC_R_MAX_SESSION_SEC
}

/**
 * The session length to ask for: the setting cut to the model's maximum, so a 24-hour setting opens a
 * 60-minute session on Model R rather than a refusal. Null (no setting) leaves `max_duration_sec` out.
 */
export function sessionLengthSec(setting: number | null, model: VoiceModel | undefined): number | null {
  return setting === null ? null : Math.min(setting, sessionLimitSec(model))
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
    acceptsVideo: m.acceptsVideo,
    tokenPricesVnd: {
      audioIn: m.audioInVndPer1M,
      audioOut: m.audioOutVndPer1M,
      textIn: m.textInVndPer1M,
      textOut: m.textOutVndPer1M,
      cachedIn: m.cachedInVndPer1M,
    },
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
