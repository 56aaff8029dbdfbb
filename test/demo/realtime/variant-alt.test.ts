// The `alt` variant: every realtime detail the spec leaves "not shown" answered another plausible way
// than the default (demo/README.md "Variants"), and the WebSocket token modes.
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoServer, variantFromEnv } from '../../../main/demo/server'
import { call, createSession, sine, sleep, TestSocket, toBase64, type Json } from './client'
import { startHarness, type Harness } from './harness'

let h: Harness
afterEach(async () => {
  await h.close()
})

const R_WS = { model: 'openai/gpt-realtime', transport: 'websocket', turn_detection: null }
const get = async (id: string) =>
  (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${id}`, { key: 'key-basic' })).json

async function oneTurn(socket: TestSocket): Promise<void> {
  socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
  socket.send({ type: 'input_audio_buffer.commit' })
  socket.send({ type: 'response.create' })
  await socket.type('response.done')
}

async function alt(timeScale = 200): Promise<Harness> {
  return startHarness({ timeScale, realtime: { variant: 'alt' } })
}

describe('alt variant: billing', () => {
  it('writes usage.settled with money objects, the window nested, usage in camelCase', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await oneTurn(socket)
    const settled = await socket.svc('usage.settled', 1, 5_000)
    expect(settled).toMatchObject({
      type: 'usage.settled',
      session_id: s.id,
      window: { index: 0, final: false },
      cost: { currency: 'VND' },
      session_cost: { currency: 'VND' },
      balance: { currency: 'VND' },
    })
    expect(settled.cost.amount).toBeGreaterThan(0)
    expect(settled.session_cost.amount).toBe(settled.cost.amount)
    expect(settled.usage.totalTokens).toBeGreaterThan(0)
    for (const name of ['amount_vnd', 'total_vnd', 'balance_vnd', 'window_index', 'final'])
      expect(settled).not.toHaveProperty(name)
    socket.ws.close(1000)
  })

  it('gives an ended session a cost object, usage in camelCase with milliseconds, and other status words', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.svc('session.active')
    expect((await get(s.id)).status).toBe('connected')
    await oneTurn(socket)
    const deleted = (await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' }))
      .json
    expect(deleted.status).toBe('closed')
    expect(deleted.billing.cost.amount).toBeGreaterThan(0)
    expect(deleted.billing).toMatchObject({ currency: 'VND', cost: { currency: 'VND' } })
    expect(deleted.billing).not.toHaveProperty('total_vnd')
    expect(deleted.billing.windows[0]).toMatchObject({ index: 0, cost: { currency: 'VND' } })
    expect(deleted.usage.totalTokens).toBeGreaterThan(0)
    expect(deleted.usage.durationMs).toBeGreaterThan(0)
    expect(deleted.usage).not.toHaveProperty('duration_sec')
    const ended = await socket.svc('session.ended')
    expect(ended).toMatchObject({ status: 'closed', session_cost: { amount: deleted.billing.cost.amount } })
    expect(await get(s.id)).toEqual(deleted)
  })

  it('calls a session cut by the service stopped, and one never connected canceled', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.svc('session.active')
    h.mount.terminateSession(s.id, 'maintenance')
    const cut = await socket.svc('session.terminated')
    expect(cut).toMatchObject({ reason: 'maintenance', session_cost: { currency: 'VND' } })
    expect((await get(s.id)).status).toBe('stopped')
    const never = await createSession(h.baseUrl, 'key-basic', R_WS)
    await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${never.id}`, { key: 'key-basic' })
    expect((await get(never.id)).status).toBe('canceled')
  })
})

describe('alt variant: HTTP shapes', () => {
  it('lists sessions as {results, next_cursor}', async () => {
    h = await alt()
    const a = await createSession(h.baseUrl, 'key-basic', R_WS)
    const b = await createSession(h.baseUrl, 'key-basic', R_WS)
    const page = (await call(h.baseUrl, 'GET', '/v1/realtime/sessions?limit=1', { key: 'key-basic' })).json
    expect(Object.keys(page).sort()).toEqual(['next_cursor', 'results'])
    expect(page.results.map((s: Json) => s.id)).toEqual([b.id])
    expect(page.next_cursor).toBe(b.id)
    const rest = (
      await call(h.baseUrl, 'GET', `/v1/realtime/sessions?limit=5&after=${page.next_cursor}`, {
        key: 'key-basic',
      })
    ).json
    expect(rest).toEqual({ results: [expect.objectContaining({ id: a.id })], next_cursor: null })
  })

  it('answers reconnect with {token: {value}} and no session object', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const first = await TestSocket.open(s.connection.url, s.connection.token)
    await first.svc('session.active')
    first.ws.terminate()
    await sleep(50)
    const r = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, { key: 'key-basic' })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      session_id: s.id,
      token: { value: expect.any(String) },
      url: s.connection.url,
    })
    expect(r.json).not.toHaveProperty('connection')
    expect(typeof r.json.reconnect_before).toBe('string')
    const again = await TestSocket.open(s.connection.url, r.json.token.value)
    expect((await again.svc('session.active')).resumed).toBe(true)
    again.ws.close(1000)
  })

  it('lists the models as a bare array with prices split by direction', async () => {
    h = await alt()
    const models = (await call(h.baseUrl, 'GET', '/v1/realtime/models', { key: 'key-basic' })).json
    expect(Array.isArray(models)).toBe(true)
    const r = models.find((m: Json) => m.id === 'openai/gpt-realtime')
    expect(r).toMatchObject({
      protocol: 'openai-realtime-v1',
      vnd_per_minute: 2_723,
      prices: { currency: 'VND', input: { audio: 1_375_000 }, output: { audio: 2_722_500 } },
    })
    expect(r).not.toHaveProperty('pricing')
    expect(r).not.toHaveProperty('estimated_vnd_per_min')
  })

  it('writes errors flat, {code, message, requestId}, without X-Request-Id', async () => {
    h = await alt()
    const missing = await call(h.baseUrl, 'GET', '/v1/realtime/sessions/sess_nope', { key: 'key-basic' })
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({
      code: 'session_not_found',
      message: expect.any(String),
      requestId: expect.stringMatching(/^req_/),
    })
    expect(missing.headers.get('x-request-id')).toBeNull()
    const noKey = await call(h.baseUrl, 'GET', '/v1/realtime/sessions')
    expect(noKey.status).toBe(401)
    expect(noKey.json).toMatchObject({ code: 'invalid_api_key', requestId: expect.any(String) })
  })

  it('frames SSE as event: <type> with the bare payload as data', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.svc('session.active')
    await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    const res = await fetch(`${h.baseUrl}/v1/realtime/sessions/${s.id}/events`, {
      headers: { authorization: 'Bearer key-basic' },
    })
    const text = await res.text()
    const frames = text.split('\n\n').filter((f) => f.startsWith('id:'))
    expect(frames[0]).toMatch(/^id: 1\nevent: session\.active\ndata: \{/)
    const data = JSON.parse(frames[0]?.split('\ndata: ')[1] ?? '') as Json
    expect(data).not.toHaveProperty('svc')
    expect(data).not.toHaveProperty('type')
    expect(data.session_id).toBe(s.id)
    expect(frames.at(-1)).toMatch(/event: session\.ended\n/)
  })
})

describe('WebSocket token modes', () => {
  it('alt takes the token only as ?token=', async () => {
    h = await alt()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const refused = await TestSocket.open(s.connection.url, s.connection.token, { tokenVia: 'header' }).catch(
      (e: { status: number; body: Json }) => e,
    )
    expect(refused).toMatchObject({ status: 401, body: { code: 'missing_session_token' } })
    const socket = await TestSocket.open(s.connection.url, s.connection.token, { tokenVia: 'query' })
    await socket.svc('session.active')
    socket.ws.close(1000)
  })

  it('header mode takes only Authorization: Bearer', async () => {
    h = await startHarness({ timeScale: 200, realtime: { wsToken: 'header' } })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const refused = await TestSocket.open(s.connection.url, s.connection.token, { tokenVia: 'query' }).catch(
      (e: { status: number; body: Json }) => e,
    )
    expect(refused).toMatchObject({ status: 401, body: { error: { code: 'missing_session_token' } } })
    const socket = await TestSocket.open(s.connection.url, s.connection.token, { tokenVia: 'header' })
    await socket.svc('session.active')
    socket.ws.close(1000)
  })

  it('a token in both places is accepted in every mode', async () => {
    for (const wsToken of ['header', 'query', 'any'] as const) {
      h = await startHarness({ timeScale: 200, realtime: { variant: 'alt', wsToken } })
      const s = await createSession(h.baseUrl, 'key-basic', R_WS)
      const socket = await TestSocket.open(s.connection.url, s.connection.token, {
        tokenVia: 'query',
        headers: { authorization: `Bearer ${s.connection.token}` },
      })
      expect((await socket.svc('session.active')).session_id).toBe(s.id)
      socket.ws.close(1000)
      await h.close()
    }
    h = await alt()
  })
})

describe('choosing the variant', () => {
  it('startDemoServer takes variant and LOA_DEMO_VARIANT, and refuses an unknown one', async () => {
    expect(variantFromEnv({})).toBe('default')
    expect(variantFromEnv({ LOA_DEMO_VARIANT: 'alt' })).toBe('alt')
    expect(() => variantFromEnv({ LOA_DEMO_VARIANT: 'bogus' })).toThrow(/default, alt/)
    h = await alt()
    const demo = await startDemoServer({ port: 0, variant: 'alt' })
    try {
      const r = await fetch(`${demo.baseUrl}/v1/realtime/sessions`, {
        headers: { Authorization: `Bearer ${demo.keys.ordinary}`, 'User-Agent': 'test' },
      })
      expect(Object.keys((await r.json()) as object).sort()).toEqual(['next_cursor', 'results'])
    } finally {
      await demo.close()
    }
  })
})
