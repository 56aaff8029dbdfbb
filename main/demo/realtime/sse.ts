// GET /v1/realtime/sessions/{id}/events: the service events as Server-Sent Events, framed as the dialect
// says (default: `id: <seq>\nevent: <svc.type>\ndata: {"svc":{...}}\n\n`, the same JSON a WebSocket
// client receives). Past events are replayed first (after Last-Event-ID when given); the stream ends
// when the session ends.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RealtimeDialect } from './dialect'
import type { RealtimeSession } from './session'

/** A comment line now and then keeps proxies from closing a quiet stream; it is a transport concern, so real time. */
export const SSE_KEEPALIVE_MS = 15_000

export function serveEvents(
  req: IncomingMessage,
  res: ServerResponse,
  session: RealtimeSession,
  dialect: RealtimeDialect,
): void {
  const sseFrame = dialect.sseFrame
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  })
  // A first line sends the headers now, so a client sees the stream open before any event exists.
  res.write(`: events of ${session.id}\n\n`)
  const lastId = Number(req.headers['last-event-id'] ?? 0)
  for (const e of session.events.since(Number.isFinite(lastId) ? lastId : 0)) res.write(sseFrame(e))
  if (session.events.closed) {
    res.end()
    return
  }
  const keepalive = setInterval(() => res.write(': keep-alive\n\n'), SSE_KEEPALIVE_MS)
  const stop = (): void => {
    clearInterval(keepalive)
    unsubscribe()
  }
  const unsubscribe = session.events.subscribe({
    event: (e) => res.write(sseFrame(e)),
    end: () => {
      stop()
      res.end()
    },
  })
  req.on('close', stop)
}
