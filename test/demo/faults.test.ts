// Fault injection, in-process and through the loopback control endpoint, and the endpoint's own guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { call, control, envelope, startServer } from './helpers'

describe('faults', () => {
  let server: DemoServer
  const me = () => call(server, '/v1/management/me', { key: server.keys.ordinary })

  beforeAll(async () => {
    server = await startServer({ seed: 81 })
  })
  afterAll(() => server.close())

  it('failNext answers the next N API requests with 500/502 envelopes, then stops', async () => {
    server.faults.failNext = { count: 2, status: 502 }
    const a = await me()
    const b = await call(server, '/v1/audio/speech', {
      key: server.keys.ordinary,
      body: { model: 'openai/tts-1', voice: 'nova', input: 'x' },
    })
    const c = await me()
    expect([a.status, b.status, c.status]).toEqual([502, 502, 200])
    expect(envelope(a)).toMatchObject({ code: 'upstream_error', type: 'upstream_error' })
    expect(server.faults.failNext).toBeNull()
    server.faults.failNext = { count: 1, status: 500 }
    const d = await me()
    expect(d.status).toBe(500)
    expect(envelope(d).type).toBe('api_error')
  })

  it('rateLimitBurst answers 429 with the given Retry-After', async () => {
    server.faults.rateLimitBurst = { count: 1, retryAfterSec: 7 }
    const res = await me()
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(envelope(res).type).toBe('rate_limit_error')
    expect((await me()).status).toBe(200)
  })

  it('latency delays every API answer by at least the given time', async () => {
    server.faults.latencyMs = 150
    try {
      const t0 = performance.now()
      expect((await me()).status).toBe(200)
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140)
    } finally {
      server.faults.latencyMs = 0
    }
  })

  it('the control endpoint switches faults over HTTP and reports wallets', async () => {
    const set = await control(server, 'faults', { failNext: { count: 1, status: 500 } })
    expect(set.json.failNext).toEqual({ count: 1, status: 500 })
    expect((await me()).status).toBe(500)
    expect((await me()).status).toBe(200)
    const bad = await control(server, 'faults', { failNext: { count: 1, status: 404 } })
    expect(bad.status).toBe(400)
    await control(server, 'faults', { latencyMs: 5, dropWebSocketAfterMs: 100 })
    expect(server.faults.dropWebSocketAfterMs).toBe(100)
    await control(server, 'faults', { lateEndEvent: { count: 1, delayMs: 4_000 } })
    expect(server.faults.lateEndEvent).toEqual({ count: 1, delayMs: 4_000 })
    await control(server, 'faults/reset', {})
    expect(server.faults).toEqual({
      dropWebSocketAfterMs: null,
      failNext: null,
      latencyMs: 0,
      rateLimitBurst: null,
      terminateOnCommit: null,
      failChannel: null,
      failSdp: null,
      sdpConflict: null,
      toolCallNext: null,
      lateEndEvent: null,
    })
    const state = (await call(server, '/__demo/state')).json
    expect(state.accounts.map((a: { key: string }) => a.key).sort()).toEqual([
      'basic',
      'disabled',
      'free',
      'internal',
      'locked',
      'ordinary',
      'reseller',
      'restricted',
      'ultra',
    ])
    expect(state.timeScale).toBe(1)
  })

  it('faults do not touch the control endpoint itself', async () => {
    server.faults.failNext = { count: 1, status: 500 }
    expect((await call(server, '/__demo/state')).status).toBe(200)
    expect(server.faults.failNext).toEqual({ count: 1, status: 500 })
    await control(server, 'faults/reset', {})
  })

  it('refuses control requests that come from a web page', async () => {
    const res = await call(server, '/__demo/state', { headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
  })
})
