// The session WebSocket's admission rules: how the token is presented, single use, expiry, a second
// connection, frame format, and the transport check.
import { afterEach, describe, expect, it } from 'vitest'
import { call, createSession, sleep, TestSocket, type Json } from './client'
import { startHarness, type Harness } from './harness'

let h: Harness
afterEach(async () => {
  await h.close()
})

const R_WS = { model: 'openai/gpt-realtime', transport: 'websocket' }

async function refusal(url: string, token: string): Promise<{ status: number; body: Json }> {
  try {
    const s = await TestSocket.open(url, token)
    s.ws.close()
  } catch (err) {
    return err as { status: number; body: Json }
  }
  throw new Error('the upgrade was accepted')
}

describe('session token', () => {
  it.each(['query', 'header', 'protocol'] as const)(
    'is accepted through %s and starts the session',
    async (via) => {
      h = await startHarness()
      const s = await createSession(h.baseUrl, 'key-basic', R_WS)
      const socket = await TestSocket.open(s.connection.url, s.connection.token, {
        tokenVia: via,
        protocols: ['realtime'],
      })
      const created = await socket.type('session.created')
      expect(created.session).toMatchObject({ id: s.id, model: 'openai/gpt-realtime', type: 'realtime' })
      const active = await socket.svc('session.active')
      expect(active).toMatchObject({
        session_id: s.id,
        resumed: false,
        billing: { currency: 'VND', settle_interval_sec: 60 },
      })
      if (via === 'protocol') expect(socket.ws.protocol).toBe('realtime')
      const got = await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
      expect(got.json.status).toBe('active')
      socket.ws.close()
    },
  )

  it('works once: the same token again is closed with 4409', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const first = await TestSocket.open(s.connection.url, s.connection.token)
    await first.type('session.created')
    const second = await TestSocket.open(s.connection.url, s.connection.token)
    expect(await second.closed).toEqual({ code: 4409, reason: 'realtime_session_already_connected' })
    // The first connection is unaffected.
    first.send({ type: 'response.cancel' })
    expect((await first.type('error')).error.code).toBe('response_cancel_not_active')
    // After the first connection drops, the spent token still cannot be replayed.
    first.ws.terminate()
    await first.closed
    await sleep(50)
    const replay = await TestSocket.open(s.connection.url, s.connection.token)
    expect(await replay.closed).toEqual({ code: 4409, reason: 'realtime_token_used' })
  })

  it('expires after 60 s of service time with realtime_token_expired', async () => {
    h = await startHarness({ timeScale: 60 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    await sleep(1_100)
    const r = await refusal(s.connection.url, s.connection.token)
    expect(r.status).toBe(401)
    expect(r.body.error.code).toBe('realtime_token_expired')
  })

  it('refuses a missing, unknown or foreign token over HTTP before the upgrade', async () => {
    h = await startHarness()
    const a = await createSession(h.baseUrl, 'key-basic', R_WS)
    const b = await createSession(h.baseUrl, 'key-basic', R_WS)
    const missing = await refusal(a.connection.url, '')
    expect(missing.status).toBe(401)
    expect(missing.body.error.code).toBe('missing_session_token')
    expect((await refusal(a.connection.url, 'rtt_made_up')).body.error.code).toBe('invalid_session_token')
    expect((await refusal(a.connection.url, b.connection.token)).body.error.code).toBe(
      'invalid_session_token',
    )
    expect(
      (await refusal(`${h.baseUrl.replace('http', 'ws')}/v1/realtime/sessions/sess_none/ws`, 'x')).status,
    ).toBe(404)
  })

  it('refuses a WebSocket on a WebRTC session', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', { model: 'openai/gpt-realtime' })
    const url = `${h.baseUrl.replace('http', 'ws')}/v1/realtime/sessions/${s.id}/ws`
    const r = await refusal(url, s.connection.token)
    expect(r.status).toBe(400)
    expect(r.body.error.code).toBe('realtime_transport_mismatch')
  })

  it('closes a socket on a finished session with 4503', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    expect((await socket.closed).code).toBe(4503)
  })
})

describe('frames', () => {
  it('closes with 4400 on a binary frame', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.type('session.created')
    socket.ws.send(Buffer.from([1, 2, 3, 4]))
    expect((await socket.closed).code).toBe(4400)
  })

  it('closes with 4400 on text that is not JSON', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    socket.ws.send('hello')
    expect(await socket.closed).toEqual({ code: 4400, reason: 'frame is not valid JSON' })
  })

  it('answers an unknown Model-R event with an error event and keeps the session', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    socket.send({ type: 'does.not.exist', event_id: 'evt_1' })
    const err = await socket.type('error')
    expect(err.error).toMatchObject({ code: 'invalid_event', event_id: 'evt_1' })
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)
    socket.ws.close()
  })

  it('closes a live-type socket with 4400 on an unknown message key', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', { model: 'google/gemini-live-2.5-flash' })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.waitFor((m) => 'setupComplete' in m)
    socket.send({ setup: { model: 'ignored' } })
    socket.send({ bogus: {} })
    expect((await socket.closed).code).toBe(4400)
  })
})
