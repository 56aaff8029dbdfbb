// The service-event stream over real HTTP: the API key and Accept header, resuming after a broken stream
// with Last-Event-ID, no event delivered twice when a service replays from the start, the end of the
// session ending the stream, and a session that is gone.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../main/realtime/engine/engine-clock'
import {
  serviceEventStreams,
  type ServiceEventHandlers,
} from '../../../main/realtime/transports/service-event-stream'

type Handler = (req: IncomingMessage, res: ServerResponse, call: number) => void

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function serve(handler: Handler) {
  const requests: IncomingMessage[] = []
  const server = createServer((req, res) => {
    requests.push(req)
    handler(req, res, requests.length)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  const { port } = server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, requests }
}

function sse(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
}

const settled = (id: number, amount: number): string =>
  `id: ${id}\nevent: usage.settled\ndata: {"svc":{"type":"usage.settled","amount_vnd":${amount}}}\n\n`

function listen(): ServiceEventHandlers & { frames: unknown[]; ended: Promise<string> } {
  let endWith: (why: string) => void = () => {}
  const ended = new Promise<string>((resolve) => (endWith = resolve))
  const frames: unknown[] = []
  return { frames, ended, frame: (t) => frames.push(JSON.parse(t)), end: (why) => endWith(why) }
}

describe('service event stream', () => {
  it('resumes after a broken stream from the last id, and delivers each event once', async () => {
    const { baseUrl, requests } = await serve((req, res, call) => {
      sse(res)
      if (call === 1) {
        // Two events, then the connection breaks without the end.
        res.write('retry: 50\n\n' + settled(1, 100) + settled(2, 200))
        setTimeout(() => res.destroy(), 30)
        return
      }
      // This service ignores Last-Event-ID and replays everything.
      res.end(
        settled(1, 100) +
          settled(2, 200) +
          settled(3, 300) +
          'id: 4\nevent: session.ended\ndata: {"reason":"client_deleted"}\n\n',
      )
    })
    const open = serviceEventStreams({ baseUrl, key: 'sk-test' }, { clock: systemClock })
    const handlers = listen()
    const stream = open('sess_1', handlers)
    expect(await handlers.ended).toBe('ended')
    stream.stop()
    expect(handlers.frames).toEqual([
      { svc: { type: 'usage.settled', amount_vnd: 100 } },
      { svc: { type: 'usage.settled', amount_vnd: 200 } },
      { svc: { type: 'usage.settled', amount_vnd: 300 } },
      { svc: { type: 'session.ended', reason: 'client_deleted' } },
    ])
    expect(requests.map((r) => r.url)).toEqual([
      '/v1/realtime/sessions/sess_1/events',
      '/v1/realtime/sessions/sess_1/events',
    ])
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-test')
    expect(requests[0]?.headers.accept).toBe('text/event-stream')
    expect(requests[0]?.headers['last-event-id']).toBeUndefined()
    expect(requests[1]?.headers['last-event-id']).toBe('2')
  })

  it('a new stream of the same session (a resumed link) starts after what the last one gave', async () => {
    const { baseUrl, requests } = await serve((_req, res) => {
      sse(res)
      res.write(settled(1, 100))
    })
    const open = serviceEventStreams({ baseUrl, key: 'k' }, { clock: systemClock })
    const first = listen()
    const a = open('sess_2', first)
    await expect.poll(() => first.frames.length).toBe(1)
    a.stop()
    const second = listen()
    const b = open('sess_2', second)
    await expect.poll(() => requests.length).toBe(2)
    await new Promise((r) => setTimeout(r, 50))
    b.stop()
    expect(requests[1]?.headers['last-event-id']).toBe('1')
    expect(second.frames).toEqual([])
  })

  it('stops for good when the session is not there', async () => {
    const { baseUrl, requests } = await serve((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' })
      res.end('{"error":{"code":"session_not_found","message":"No session"}}')
    })
    const handlers = listen()
    serviceEventStreams({ baseUrl, key: 'k' }, { clock: systemClock })('sess_3', handlers)
    expect(await handlers.ended).toBe('gone')
    await new Promise((r) => setTimeout(r, 100))
    expect(requests).toHaveLength(1)
  })

  it('tries again after a server error until it gets the stream', async () => {
    const { baseUrl, requests } = await serve((_req, res, call) => {
      if (call === 1) {
        res.writeHead(503, { 'Content-Type': 'application/json' })
        res.end('{"error":{"code":"overloaded"}}')
        return
      }
      sse(res)
      res.end('id: 9\nevent: session.terminated\ndata: {"reason":"maintenance"}\n\n')
    })
    const handlers = listen()
    serviceEventStreams({ baseUrl, key: 'k' }, { clock: systemClock })('sess_4', handlers)
    expect(await handlers.ended).toBe('ended')
    expect(requests).toHaveLength(2)
    expect(handlers.frames).toEqual([{ svc: { type: 'session.terminated', reason: 'maintenance' } }])
  })
})

describe('the stream as a lost WebRTC channel reads it', () => {
  it('says the session ended right after the end event, while the service keeps the stream open', async () => {
    let closed = false
    const { baseUrl } = await serve((req, res) => {
      sse(res)
      req.on('close', () => (closed = true))
      res.write('id: 1\nevent: session.terminated\ndata: {"reason":"maintenance"}\n\n')
    })
    const handlers = listen()
    serviceEventStreams({ baseUrl, key: 'k' }, { clock: systemClock })('sess_5', handlers)
    expect(await handlers.ended).toBe('ended')
    expect(handlers.frames).toEqual([{ svc: { type: 'session.terminated', reason: 'maintenance' } }])
    // Nothing more is read: the stream is let go.
    await expect.poll(() => closed).toBe(true)
  })

  it('retryNow opens a broken stream again at once, not after the delay it asked for', async () => {
    const { baseUrl, requests } = await serve((_req, res, call) => {
      sse(res)
      // A minute's retry delay: only retryNow brings the second request within the test's time.
      if (call === 1) return void res.end('retry: 60000\n\n' + settled(1, 100))
      res.end('id: 2\nevent: session.terminated\ndata: {"reason":"maintenance"}\n\n')
    })
    const handlers = listen()
    const stream = serviceEventStreams({ baseUrl, key: 'k' }, { clock: systemClock })('sess_6', handlers)
    await expect.poll(() => handlers.frames.length).toBe(1)
    stream.retryNow()
    expect(await handlers.ended).toBe('ended')
    expect(requests).toHaveLength(2)
    expect(requests[1]?.headers['last-event-id']).toBe('1')
  })
})
