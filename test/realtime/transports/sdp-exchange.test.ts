// The SDP exchange over real HTTP: what is sent (offer as application/sdp, the session token), what is
// accepted as an answer, refusals read like gateway errors, the 5-a-minute budget kept on our side, and a
// 429 waited out once within the deadline.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { systemClock } from '../../../main/realtime/engine/engine-clock'
import { SDP_CALLS_PER_MINUTE, SdpBudget, sdpExchanger } from '../../../main/realtime/transports/sdp-exchange'
import { ManualClock } from '../support/manual-clock'

const ANSWER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n'
const OFFER = 'v=0\r\no=- 9 9 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

interface Seen {
  headers: IncomingMessage['headers']
  method: string
  body: string
}

async function serve(answer: (call: number, res: ServerResponse) => void) {
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ headers: req.headers, method: req.method ?? '', body })
      answer(seen.length, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/v1/realtime/sessions/s1/sdp`, seen }
}

function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify({ error: { code, message: `refused: ${code}`, type: 'invalid_request_error' } }))
}

const within = (ms: number) => ({ clock: systemClock, deadlineMs: systemClock.now() + ms })

describe('sdp exchange', () => {
  it('posts the offer as application/sdp with the session token and returns the answer', async () => {
    const { url, seen } = await serve((_n, res) => {
      res.writeHead(201, { 'Content-Type': 'application/sdp' })
      res.end(ANSWER)
    })
    const answer = await sdpExchanger()(url, 'tok_1', OFFER, within(5_000))
    expect(answer).toBe(ANSWER)
    expect(seen).toHaveLength(1)
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.body).toBe(OFFER)
    expect(seen[0]?.headers['content-type']).toBe('application/sdp')
    expect(seen[0]?.headers.authorization).toBe('Bearer tok_1')
  })

  it('reads refusals as gateway errors with their codes', async () => {
    const { url } = await serve((n, res) =>
      n === 1
        ? refuse(res, 409, 'realtime_session_already_connected')
        : refuse(res, 401, 'realtime_token_expired'),
    )
    const exchange = sdpExchanger()
    const conflict = await exchange(url, 't', OFFER, within(5_000)).catch((e: unknown) => e)
    expect(conflict).toBeInstanceOf(GatewayError)
    expect((conflict as GatewayError).details).toMatchObject({
      status: 409,
      code: 'realtime_session_already_connected',
    })
    const expired = await exchange(url, 't', OFFER, within(5_000)).catch((e: unknown) => e)
    expect((expired as GatewayError).kind).toBe('auth')
    expect((expired as GatewayError).details.code).toBe('realtime_token_expired')
  })

  it('refuses an answer that is not SDP', async () => {
    const { url } = await serve((_n, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<html>captive portal</html>')
    })
    const err = await sdpExchanger()(url, 't', OFFER, within(5_000)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).kind).toBe('protocol')
  })

  it('waits out one 429 by its Retry-After, inside the deadline', async () => {
    const { url, seen } = await serve((n, res) => {
      if (n === 1) return refuse(res, 429, 'rate_limit_exceeded', { 'Retry-After': '0.2' })
      res.writeHead(201, { 'Content-Type': 'application/sdp' })
      res.end(ANSWER)
    })
    const started = Date.now()
    expect(await sdpExchanger()(url, 't', OFFER, within(5_000))).toBe(ANSWER)
    expect(seen).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(180)
  })

  it('gives up on a 429 whose wait ends after the deadline, without calling again', async () => {
    const { url, seen } = await serve((_n, res) =>
      refuse(res, 429, 'rate_limit_exceeded', { 'Retry-After': '30' }),
    )
    const err = await sdpExchanger()(url, 't', OFFER, within(2_000)).catch((e: unknown) => e)
    expect((err as GatewayError).kind).toBe('rate_limit')
    expect(seen).toHaveLength(1)
  })
})

describe('SdpBudget', () => {
  it('allows five calls a minute per session and says when the next may go', () => {
    const clock = new ManualClock()
    const budget = new SdpBudget()
    const url = 'https://gw/v1/realtime/sessions/a/sdp'
    for (let i = 0; i < SDP_CALLS_PER_MINUTE; i++) {
      expect(budget.waitMs(url, clock.now())).toBe(0)
      budget.take(url, clock.now())
      clock.advance(1_000)
    }
    expect(budget.waitMs(url, clock.now())).toBe(55_000)
    expect(budget.waitMs('https://gw/v1/realtime/sessions/b/sdp', clock.now())).toBe(0)
    clock.advance(55_000)
    expect(budget.waitMs(url, clock.now())).toBe(0)
  })

  it('makes a sixth call within the minute wait for its slot instead of meeting a 429', async () => {
    const { url, seen } = await serve((_n, res) => {
      res.writeHead(201, { 'Content-Type': 'application/sdp' })
      res.end(ANSWER)
    })
    const budget = new SdpBudget()
    const exchange = sdpExchanger(budget)
    for (let i = 0; i < SDP_CALLS_PER_MINUTE; i++) await exchange(url, 't', OFFER, within(5_000))
    const err = await exchange(url, 't', OFFER, within(5_000)).catch((e: unknown) => e)
    expect((err as GatewayError).kind).toBe('rate_limit')
    expect((err as GatewayError).retryAfterMs).toBeGreaterThan(50_000)
    expect(seen).toHaveLength(SDP_CALLS_PER_MINUTE)
  })
})
