// One SSE event of `GET /sessions/{id}/events` as the frame a WebSocket would have carried, `{"svc":{...}}`,
// so the adapters read the service's events the same way whichever transport runs. The spec leaves the
// SSE frame format "not shown"; every plausible shape is accepted:
//   data: {"svc":{"type":"usage.settled",...}}       (the WebSocket's own envelope)
//   data: {"type":"usage.settled",...}               (the event itself)
//   event: usage.settled + data: {"amount_vnd":...}  (the type only in the SSE event name)
//   event: session.ended + data: some text           (no JSON at all)
import type { SseEvent } from './sse-parser'

type JsonObject = Record<string, unknown>

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The event's type and its `{svc}` frame text, or null when it says nothing a client could use. */
export function serviceEventFrame(event: SseEvent): { type: string; frame: string } | null {
  const named = event.type !== 'message' && event.type !== '' ? event.type : null
  let parsed: unknown
  try {
    parsed = JSON.parse(event.data)
  } catch {
    if (named === null) return null
    const text = event.data.trim()
    return framed(text === '' ? { type: named } : { type: named, message: text })
  }
  if (!isObject(parsed)) return named === null ? null : framed({ type: named })
  const inner = isObject(parsed.svc) ? parsed.svc : parsed
  const type = typeof inner.type === 'string' && inner.type !== '' ? inner.type : named
  if (type === null) return null
  return framed({ ...inner, type })
}

function framed(svc: JsonObject & { type: string }): { type: string; frame: string } {
  return { type: svc.type, frame: JSON.stringify({ svc }) }
}
