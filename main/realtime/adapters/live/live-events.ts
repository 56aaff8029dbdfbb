// Live-type server messages -> app events. A message has no `type`: one or more top-level keys say
// what it holds (realtime-protocols.md §1, §3.3), and this table is keyed by them. Its order is the
// order keys of one frame are handled in: `usageMetadata` before `serverContent`, so usage sent beside
// `turnComplete` is credited to the turn it closes.
import type { RealtimeEvent } from '../../engine/events'
import { arr, num, obj, str } from '../../../api/json-fields'
import { liveUsage } from '../usage'
import type { LiveTurns } from './live-turns'
import { serverContent } from './live-server-content'

type Handler = (value: unknown, turns: LiveTurns, out: RealtimeEvent[]) => void

const ignore: Handler = () => {}

export const LIVE_EVENTS: Readonly<Record<string, Handler>> = {
  setupComplete: (v, _t, out) => out.push({ type: 'session.ready', sessionId: str(obj(v)?.sessionId) }),
  voiceActivity: (v, t, out) => {
    const activity = obj(v)
    const kind = str(activity?.voiceActivityType)
    const audioMs = durationMs(activity?.audioOffset)
    if (kind === 'ACTIVITY_START') {
      t.userActivityStarted(out)
      out.push({ type: 'speech.started', itemId: null, audioMs })
    } else if (kind === 'ACTIVITY_END') out.push({ type: 'speech.stopped', itemId: null, audioMs })
    else t.stats.invalidEvents++
  },
  voiceActivityDetectionSignal: ignore,
  usageMetadata: (v, t, out) => {
    const usage = obj(v)
    if (!usage) return void t.stats.invalidEvents++
    out.push({ type: 'usage', responseId: t.responseId, usage: liveUsage(usage) })
  },
  serverContent: (v, t, out) => {
    const content = obj(v)
    if (!content) return void t.stats.invalidEvents++
    serverContent(content, t, out)
  },
  toolCall: (v, t, out) => {
    for (const call of arr(obj(v)?.functionCalls)) {
      const c = obj(call)
      const callId = str(c?.id)
      if (callId === null) {
        t.stats.invalidEvents++
        continue
      }
      const argumentsJson = jsonText(obj(c?.args) ?? {})
      if (argumentsJson === null) {
        t.stats.invalidEvents++
        continue
      }
      out.push({ type: 'tool.call', callId, name: str(c?.name) ?? '', argumentsJson })
    }
  },
  toolCallCancellation: (v, _t, out) => {
    const callIds = arr(obj(v)?.ids).filter((id): id is string => typeof id === 'string')
    if (callIds.length > 0) out.push({ type: 'tool.cancelled', callIds })
  },
  goAway: (v, _t, out) => out.push({ type: 'goAway', timeLeftMs: durationMs(obj(v)?.timeLeft) }),
  // Arrives unasked and often empty (`{}`) while the model is generating: only a handle is news.
  sessionResumptionUpdate: (v, _t, out) => {
    const update = obj(v)
    const handle = str(update?.newHandle)
    if (handle) out.push({ type: 'resumption', handle, resumable: update?.resumable === true })
  },
}

/** Arguments nested deeper than the stack allows cannot be re-serialised; the call is then invalid. */
function jsonText(v: unknown): string | null {
  try {
    return JSON.stringify(v)
  } catch {
    return null
  }
}

/**
 * A protobuf Duration: JSON gives `"50s"` or `"0.200s"`; `{seconds, nanos}` is accepted too.
 * Null when unreadable.
 */
export function durationMs(v: unknown): number | null {
  const text = str(v)
  if (text !== null) {
    const seconds = /^(\d{1,12}(?:\.\d{1,9})?)s$/.exec(text.trim())?.[1]
    return seconds === undefined ? null : Math.round(Number(seconds) * 1000)
  }
  const d = obj(v)
  const seconds = num(d?.seconds) ?? (typeof d?.seconds === 'string' ? Number(d.seconds) : NaN)
  const nanos = num(d?.nanos) ?? 0
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000 + nanos / 1e6) : null
}
