// A session's life on service time: connect_by, idle, max duration, DELETE, client close, drops and
// reconnect within (and after) the 120-second window.
import { afterEach, describe, expect, it } from 'vitest'
import { call, createSession, sine, sleep, TestSocket, toBase64 } from './client'
import { startHarness, type Harness } from './harness'

let h: Harness
afterEach(async () => {
  await h.close()
})

const R_WS = { model: 'openai/gpt-realtime', transport: 'websocket', turn_detection: null }
const get = async (id: string) =>
  (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${id}`, { key: 'key-basic' })).json

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(v)}`)
    await sleep(25)
  }
}

async function turn(socket: TestSocket, n: number): Promise<void> {
  socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
  socket.send({ type: 'input_audio_buffer.commit' })
  socket.send({ type: 'response.create' })
  await socket.type('response.done', n)
}

describe('before connecting', () => {
  it('cancels a session not connected by connect_by, without a charge', async () => {
    h = await startHarness({ timeScale: 200 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const ended = await until(
      () => get(s.id),
      (v) => v.status !== 'created',
    )
    expect(ended).toMatchObject({
      status: 'cancelled',
      end_reason: 'not_connected',
      billing: { total_vnd: 0, windows: [] },
    })
    expect(Date.parse(ended.ended_at)).toBeGreaterThanOrEqual(Date.parse(s.connect_by))
    expect(h.ledger.records).toHaveLength(0)
    expect(h.account('key-basic').wallet.realVND).toBe(1_000_000)
  })
})

describe('while connected', () => {
  it('ends an idle session after 3 minutes with session.ended and close 4000', async () => {
    h = await startHarness({ timeScale: 200 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    const ended = await socket.svc('session.ended', 1, 5_000)
    expect(ended).toMatchObject({ session_id: s.id, status: 'ended', reason: 'idle_timeout' })
    expect((await socket.closed).code).toBe(4000)
    const final = await get(s.id)
    expect(final.status).toBe('ended')
    expect(final.usage.duration_sec).toBeGreaterThanOrEqual(180)
  })

  it('stays open while the client keeps sending events', async () => {
    h = await startHarness({ timeScale: 200 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    // 60 service seconds between events, for 5 service minutes.
    for (let i = 0; i < 5; i++) {
      await sleep(300)
      socket.send({ type: 'input_audio_buffer.clear' })
    }
    expect((await get(s.id)).status).toBe('active')
    socket.ws.close()
  })

  it('terminates at max_duration_sec with reason max_duration_reached', async () => {
    h = await startHarness({ timeScale: 20 })
    const s = await createSession(h.baseUrl, 'key-basic', { ...R_WS, max_duration_sec: 10 })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    expect(await socket.svc('session.terminated')).toMatchObject({ reason: 'max_duration_reached' })
    expect((await socket.closed).code).toBe(4000)
    expect((await get(s.id)).status).toBe('terminated')
  })

  it('DELETE settles the bill, closes the socket with 4000 and returns usage and billing', async () => {
    h = await startHarness({ timeScale: 2 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await turn(socket, 1)
    const del = await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    const ended = del.json
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'client_deleted' })
    expect(ended.usage).toMatchObject({
      responses: 1,
      audio_in_sec: 0.5,
      input_token_details: { audio_tokens: 5 },
    })
    expect(ended.usage.output_token_details.audio_tokens).toBeGreaterThan(0)
    expect(ended.billing.total_vnd).toBeGreaterThan(0)
    expect(ended.billing.charged_vnd).toBe(ended.billing.total_vnd)
    expect(await socket.closed).toEqual({ code: 4000, reason: 'ended: client_deleted' })
    const settled = await socket.svc('usage.settled')
    expect(settled).toMatchObject({ final: true, amount_vnd: ended.billing.total_vnd })
    expect(socket.messages.at(-1)?.svc).toMatchObject({ type: 'session.ended', reason: 'client_deleted' })
    expect(h.ledger.records).toHaveLength(1)
    expect(h.ledger.records[0]).toMatchObject({
      model: 'openai/gpt-realtime',
      costVND: ended.billing.total_vnd,
    })
    expect(h.account('key-basic').wallet.realVND).toBe(1_000_000 - ended.billing.total_vnd)
    // Deleting again changes nothing.
    const again = await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    expect(again.json.billing.total_vnd).toBe(ended.billing.total_vnd)
    expect(h.ledger.records).toHaveLength(1)
  })

  it('a clean close by the client (1000) ends the session', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.type('session.created')
    socket.ws.close(1000)
    expect(
      await until(
        () => get(s.id),
        (v) => v.status !== 'active',
      ),
    ).toMatchObject({
      status: 'ended',
      end_reason: 'client_closed',
    })
  })
})

describe('reconnect', () => {
  it('resumes after a drop with a new token, keeping the conversation', async () => {
    h = await startHarness({ timeScale: 2 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const createdReal = Date.now()
    const first = await TestSocket.open(s.connection.url, s.connection.token)
    await turn(first, 1)
    const droppedReal = Date.now()
    first.ws.terminate()
    await first.closed
    await until(
      () => get(s.id),
      (v) => v.status === 'active',
    )

    const r = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, { key: 'key-basic' })
    expect(r.status).toBe(200)
    expect(r.json.connection.token).not.toBe(s.connection.token)
    // Service time runs at twice real time: the window is 120 service seconds from the drop.
    const dropServiceMs = Date.parse(s.created_at) + (droppedReal - createdReal) * 2
    expect(Date.parse(r.json.reconnect_by) - dropServiceMs).toBeGreaterThanOrEqual(120_000 - 50)
    expect(Date.parse(r.json.reconnect_by) - dropServiceMs).toBeLessThanOrEqual(120_000 + 200)

    const old = await TestSocket.open(s.connection.url, s.connection.token)
    expect((await old.closed).code).toBe(4409)
    const second = await TestSocket.open(r.json.connection.url, r.json.connection.token)
    await second.type('session.created')
    expect(await second.svc('session.active')).toMatchObject({ resumed: true })
    await turn(second, 1)
    expect(h.speechCalls.map((c) => c.text)).toEqual([
      'Tôi đã nghe 0,5 giây bạn nói. Đây là lượt thứ 1.',
      'Tôi đã nghe 0,5 giây bạn nói. Đây là lượt thứ 2.',
    ])
    const committed = await second.type('input_audio_buffer.committed')
    expect(committed.previous_item_id).toBe(h.mount.getSessionDebug(s.id)?.items[1]?.id)
    second.ws.close()
  })

  it('ends the session when nobody reconnects within 120 s, and refuses reconnect after', async () => {
    h = await startHarness({ timeScale: 200 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.type('session.created')
    socket.ws.terminate()
    const ended = await until(
      () => get(s.id),
      (v) => v.status !== 'active',
    )
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'connection_lost' })
    const r = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, { key: 'key-basic' })
    expect(r.status).toBe(409)
    expect(r.json.error.code).toBe('realtime_session_ended')
  })

  it('takes the session from a socket that is still open and closes that one with 4409', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const first = await TestSocket.open(s.connection.url, s.connection.token)
    await first.type('session.created')
    const r = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, { key: 'key-basic' })
    expect(r.json.reconnect_by).toBeNull()
    const second = await TestSocket.open(r.json.connection.url, r.json.connection.token)
    expect(await first.closed).toEqual({ code: 4409, reason: 'realtime_session_already_connected' })
    await second.type('session.created')
    expect((await get(s.id)).status).toBe('active')
    second.ws.close()
  })

  it('survives the drop fault: sockets cut without a close frame, then a clean reconnect', async () => {
    h = await startHarness()
    h.faults.dropWebSocketAfterMs = 100
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const dropped = await TestSocket.open(s.connection.url, s.connection.token)
    expect((await dropped.closed).code).toBe(1006)
    expect((await get(s.id)).status).toBe('active')
    h.faults.dropWebSocketAfterMs = null
    const r = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, { key: 'key-basic' })
    const socket = await TestSocket.open(r.json.connection.url, r.json.connection.token)
    await sleep(200)
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)
    socket.ws.close()
  })
})
