// Reads GET /v1/realtime/sessions/{id}/events while it streams: the service's own events of a WebRTC
// session, which never travel on the data channel.
import type { Json } from './werift-client'

export interface ServiceEvents {
  /** The `svc` objects so far, in order. */
  readonly events: Json[]
  /** The `n`-th event (1-based) of `type`, waiting for it if needed. */
  next(type: string, n?: number, timeoutMs?: number): Promise<Json>
  /** Resolves when the service ends the stream. */
  readonly ended: Promise<void>
  close(): void
}

export async function openServiceEvents(
  baseUrl: string,
  sessionId: string,
  key: string,
): Promise<ServiceEvents> {
  const abort = new AbortController()
  const res = await fetch(`${baseUrl}/v1/realtime/sessions/${sessionId}/events`, {
    headers: { authorization: `Bearer ${key}` },
    signal: abort.signal,
  })
  if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`)
  const events: Json[] = []
  let waiters: (() => void)[] = []
  const wake = (): void => {
    for (const w of waiters) w()
    waiters = []
  }
  const ended = (async () => {
    const decoder = new TextDecoder()
    let text = ''
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true })
        const frames = text.split('\n\n')
        text = frames.pop() ?? ''
        for (const frame of frames) {
          const data = frame.split('\n').find((l) => l.startsWith('data: '))
          if (data) events.push(JSON.parse(data.slice('data: '.length)).svc)
        }
        wake()
      }
    } catch {
      // Aborted by close().
    }
    wake()
  })()
  let done = false
  void ended.then(() => (done = true))

  return {
    events,
    ended,
    async next(type, n = 1, timeoutMs = 8_000) {
      const deadline = performance.now() + timeoutMs
      for (;;) {
        const found = events.filter((e) => e.type === type)
        if (found.length >= n) return found[n - 1]
        const left = deadline - performance.now()
        if (done || left <= 0)
          throw new Error(`no ${type}; events were ${events.map((e) => e.type).join(', ')}`)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(t)
            resolve()
          })
        })
      }
    },
    close: () => abort.abort(),
  }
}
