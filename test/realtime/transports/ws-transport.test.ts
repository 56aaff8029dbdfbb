// The WebSocket transport over real sockets: how it opens (token, abort, timeout, refusals read like
// gateway errors), and the promise of its life: frames, at most one error, then exactly one close.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws'
import { closeMeaning } from '../../../main/realtime/transports/close-codes'
import {
  TransportError,
  type TransportClose,
  type TransportListener,
} from '../../../main/realtime/transports/transport'
import { connectWebSocket } from '../../../main/realtime/transports/ws-transport'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

interface Served {
  url: string
  sockets: ServerSocket[]
  headers: Record<string, string | string[] | undefined>[]
  /** The request target of each upgrade, query included. */
  paths: string[]
}

async function serve(
  opts: { refuse?: { status: number; body: string }; silent?: boolean; hang?: boolean } = {},
) {
  const server: Server = createServer()
  const wss = new WebSocketServer({ noServer: true, autoPong: !opts.silent })
  const served: Served = { url: '', sockets: [], headers: [], paths: [] }
  const raw = new Set<{ destroy(): void }>()
  server.on('upgrade', (req, socket, head) => {
    raw.add(socket)
    served.headers.push(req.headers)
    served.paths.push(req.url ?? '')
    if (opts.hang) return
    if (opts.refuse) {
      const { status, body } = opts.refuse
      socket.end(
        `HTTP/1.1 ${status} No\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => served.sockets.push(ws))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  served.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`
  closers.push(
    () =>
      new Promise((resolve) => {
        for (const ws of wss.clients) ws.terminate()
        for (const socket of raw) socket.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return served
}

function recorder() {
  const log: { frames: string[]; errors: TransportError[]; closes: TransportClose[] } = {
    frames: [],
    errors: [],
    closes: [],
  }
  let resolveClosed: (c: TransportClose) => void = () => {}
  const closed = new Promise<TransportClose>((resolve) => (resolveClosed = resolve))
  const listener: TransportListener = {
    frame: (d) => log.frames.push(String(d)),
    error: (e) => log.errors.push(e),
    close: (c) => {
      log.closes.push(c)
      resolveClosed(c)
    },
  }
  return { log, listener, closed }
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms))

describe('opening', () => {
  it('presents the token as a Bearer header and ?token= at once, with a User-Agent, and carries frames both ways', async () => {
    const s = await serve()
    const r = recorder()
    const target = { url: `${s.url}?lang=vi`, token: 'tok/1+=' }
    const t = await connectWebSocket(target, r.listener, { timeoutMs: 2_000 })
    expect(s.headers[0]).toMatchObject({
      authorization: 'Bearer tok/1+=',
      'user-agent': expect.stringMatching(/^Loa\//),
    })
    const query = new URL(s.paths[0] ?? '', 'http://x').searchParams
    expect(query.get('token')).toBe('tok/1+=')
    expect(query.get('lang')).toBe('vi')
    expect(target.url).not.toContain('token')
    const got: string[] = []
    s.sockets[0]!.on('message', (d) => got.push(String(d)))
    expect(t.send('{"a":1}')).toBe(true)
    s.sockets[0]!.send('{"b":2}')
    await settle()
    expect(got).toEqual(['{"a":1}'])
    expect(r.log.frames).toEqual(['{"b":2}'])
    t.close()
    expect((await r.closed).byUs).toBe(true)
  })

  it('reads a refused upgrade like a gateway error: status and the envelope’s code', async () => {
    const body = JSON.stringify({
      error: { message: 'Token too old.', type: 'invalid_request_error', code: 'realtime_token_expired' },
    })
    const s = await serve({ refuse: { status: 401, body } })
    const r = recorder()
    const err = await connectWebSocket({ url: s.url, token: 't' }, r.listener, { timeoutMs: 2_000 }).catch(
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(TransportError)
    expect(err).toMatchObject({
      kind: 'auth',
      code: 'realtime_token_expired',
      status: 401,
      message: 'Token too old.',
    })
    expect(r.log).toEqual({ frames: [], errors: [], closes: [] })
  })

  it('reads a short wallet and an edge block in a refused upgrade for what they are', async () => {
    const wallet = JSON.stringify({
      error: { message: 'Wallet too low.', type: 'billing_error', code: 'insufficient_balance' },
    })
    const open = async (status: number, body: string) => {
      const s = await serve({ refuse: { status, body } })
      return connectWebSocket({ url: s.url, token: 't' }, recorder().listener, { timeoutMs: 2_000 }).catch(
        (e: unknown) => e,
      )
    }
    expect(await open(402, wallet)).toMatchObject({
      kind: 'insufficient_balance',
      code: 'insufficient_balance',
    })
    expect(await open(403, '<html>Error code: 1010</html>')).toMatchObject({
      kind: 'blocked',
      code: 'edge_blocked',
      status: 403,
    })
  })

  it('gives up on a handshake that never answers, and can be aborted', async () => {
    const s = await serve({ hang: true })
    const timedOut = await connectWebSocket({ url: s.url, token: 't' }, recorder().listener, {
      timeoutMs: 200,
    }).catch((e: unknown) => e)
    expect(timedOut).toMatchObject({ code: 'timeout' })
    const abort = new AbortController()
    const pending = connectWebSocket({ url: s.url, token: 't' }, recorder().listener, {
      timeoutMs: 5_000,
      signal: abort.signal,
    })
    setTimeout(() => abort.abort(), 50)
    await expect(pending).rejects.toMatchObject({ code: 'aborted' })
  })

  it('reports a refused connection as a network error', async () => {
    const err = await connectWebSocket({ url: 'ws://127.0.0.1:1/ws', token: 't' }, recorder().listener, {
      timeoutMs: 1_000,
    }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'network', code: 'network' })
  })
})

describe('a socket’s life', () => {
  it('hears the service’s close code once, with no error', async () => {
    const s = await serve()
    const r = recorder()
    await connectWebSocket({ url: s.url, token: 't' }, r.listener, { timeoutMs: 2_000 })
    s.sockets[0]!.close(4409, 'realtime_token_used')
    await r.closed
    await settle()
    expect(r.log.closes).toEqual([{ code: 4409, reason: 'realtime_token_used', byUs: false }])
    expect(r.log.errors).toEqual([])
  })

  it('on an abrupt drop: at most one error, then exactly one close 1006', async () => {
    const s = await serve()
    const r = recorder()
    const t = await connectWebSocket({ url: s.url, token: 't' }, r.listener, { timeoutMs: 2_000 })
    s.sockets[0]!.terminate()
    await r.closed
    t.close()
    await settle()
    expect(r.log.closes).toEqual([{ code: 1006, reason: '', byUs: false }])
    expect(r.log.errors.length).toBeLessThanOrEqual(1)
    expect(t.open).toBe(false)
    expect(t.send('{}')).toBe(false)
  })

  it('gives up on a service that stops answering, even pings', async () => {
    const s = await serve({ silent: true })
    const r = recorder()
    await connectWebSocket(
      { url: s.url, token: 't' },
      r.listener,
      { timeoutMs: 2_000 },
      { silencePingMs: 100 },
    )
    const close = await r.closed
    expect(close).toMatchObject({ code: 1006, byUs: false })
    expect(r.log.errors).toHaveLength(1)
    expect(r.log.errors[0]?.message).toMatch(/stopped answering/)
  })
})

describe('close codes', () => {
  it.each([
    [4000, 'ended'],
    [1000, 'ended'],
    [4400, 'bug'],
    [4409, 'reconnect'],
    [4413, 'slow-down'],
    [4503, 'recreate'],
    [1006, 'network'],
    [1011, 'network'],
  ] as const)('%i means %s', (code, action) => {
    expect(closeMeaning(code).action).toBe(action)
  })
})
