// Billing on service time: usage.settled windows priced from their token counts and charged to the
// ledger, warnings, and the cuts (spending cap, empty wallet, revoked key, maintenance).
import { afterEach, describe, expect, it } from 'vitest'
import { REALTIME_MODELS } from '../../../main/demo/realtime'
import { call, createSession, sine, sleep, TestSocket, toBase64, type Json } from './client'
import { startHarness, type Harness } from './harness'

let h: Harness
afterEach(async () => {
  await h.close()
})

const R = 'openai/gpt-realtime'
const R_WS = { model: R, transport: 'websocket', turn_detection: null }
const prices = REALTIME_MODELS.find((m) => m.id === R)!.prices

/** Exact VND of a `usage` object, from the model's published prices. */
function priceOf(u: Json): number {
  const i = u.input_token_details
  const o = u.output_token_details
  return (
    (i.audio_tokens * prices.audio_in! +
      i.text_tokens * prices.text_in! +
      i.cached_tokens * prices.cached_in! +
      o.audio_tokens * prices.audio_out! +
      o.text_tokens * prices.text_out!) /
    1_000_000
  )
}

async function turn(socket: TestSocket, n: number): Promise<void> {
  socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
  socket.send({ type: 'input_audio_buffer.commit' })
  socket.send({ type: 'response.create' })
  await socket.type('response.done', n)
}

const settled = (socket: TestSocket) =>
  socket.messages.filter((m) => m.svc?.type === 'usage.settled').map((m) => m.svc)

describe('usage.settled', () => {
  it('settles every 60 s of service time at the price of the tokens used, with one ledger record per paid window', async () => {
    h = await startHarness({ timeScale: 60 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await turn(socket, 1)
    await socket.svc('usage.settled')
    await turn(socket, 2)
    const afterSecond = settled(socket).length
    await socket.svc('usage.settled', afterSecond + 1)
    await socket.svc('usage.settled', afterSecond + 2)
    const ended = (await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' }))
      .json
    await socket.closed

    const windows = settled(socket)
    expect(windows.length).toBeGreaterThanOrEqual(4)
    let exact = 0
    let previousTotal = 0
    for (const w of windows) {
      if (!w.final) expect(w.window_sec).toBeCloseTo(60, -1)
      exact += priceOf(w.usage)
      expect(w.total_vnd).toBe(Math.round(exact))
      expect(w.amount_vnd).toBe(w.total_vnd - previousTotal)
      previousTotal = w.total_vnd
    }
    expect(windows.some((w) => w.amount_vnd === 0)).toBe(true)
    expect(windows.at(-1)?.final).toBe(true)
    expect(Math.round(priceOf(ended.usage))).toBe(ended.billing.total_vnd)
    expect(ended.billing.windows.map((w: Json) => w.amount_vnd)).toEqual(windows.map((w) => w.amount_vnd))

    const paid = windows.filter((w) => w.amount_vnd > 0)
    expect(h.ledger.records.map((r) => r.costVND)).toEqual(paid.map((w) => w.amount_vnd))
    for (const [i, r] of h.ledger.records.entries()) {
      const w = paid[i]
      expect(r).toMatchObject({
        model: R,
        inputTokens: w.usage.input_tokens,
        outputTokens: w.usage.output_tokens,
        totalTokens: w.usage.total_tokens,
        cacheHitTokens: w.usage.input_token_details.cached_tokens,
        keySource: 'PRIMARY',
        completedAt: w.at,
        date: w.window_start,
      })
    }
    expect(h.account('key-basic').wallet.realVND).toBe(1_000_000 - ended.billing.total_vnd)
    expect(windows.at(-1)?.balance_vnd).toBe(1_000_000 - ended.billing.total_vnd)
  })
})

describe('cuts and warnings', () => {
  it('warns at 80% of max_spend_vnd and terminates at the cap', async () => {
    h = await startHarness({ timeScale: 2 })
    const s = await createSession(h.baseUrl, 'key-basic', { ...R_WS, max_spend_vnd: 100 })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const warning = await socket.svc('warning.max_spend')
    expect(warning.max_spend_vnd).toBe(100)
    expect(warning.used_percent).toBeGreaterThan(80)
    const cut = await socket.svc('session.terminated')
    expect(cut).toMatchObject({ reason: 'max_spend_reached' })
    expect((await socket.closed).code).toBe(4000)
    // Cut within one audio chunk (and a word of transcript) of the cap.
    expect(cut.total_vnd).toBeGreaterThanOrEqual(100)
    expect(cut.total_vnd).toBeLessThan(100 + 20)
    const final = (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })).json
    expect(final).toMatchObject({ status: 'terminated', end_reason: 'max_spend_reached' })
    expect(h.ledger.records.reduce((n, r) => n + r.costVND, 0)).toBe(cut.total_vnd)
  })

  it('warns when the wallet cannot cover the next window, then cuts with insufficient_balance when it runs dry', async () => {
    h = await startHarness({ timeScale: 60 })
    h.account('key-low').wallet.realVND = 2_800
    const s = await createSession(h.baseUrl, 'key-low', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await turn(socket, 1)
    const low = await socket.svc('warning.low_balance')
    expect(low.next_window_estimate_vnd).toBe(2_723)
    expect(low.balance_vnd).toBeLessThan(2_723)
    h.setMsPerChar(2_000)
    socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    expect(await socket.svc('session.terminated')).toMatchObject({ reason: 'insufficient_balance' })
    const final = (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key: 'key-low' })).json
    expect(final.status).toBe('terminated')
    expect(h.account('key-low').wallet.realVND).toBe(0)
    expect(final.billing.charged_vnd).toBe(2_800)
    expect(final.billing.total_vnd).toBe(final.billing.charged_vnd + final.billing.unpaid_vnd)
  })

  it('terminates with key_revoked at the next settlement after the key is revoked', async () => {
    h = await startHarness({ timeScale: 120 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await socket.svc('usage.settled')
    h.revoke('key-basic')
    expect(await socket.svc('session.terminated')).toMatchObject({ reason: 'key_revoked' })
    expect((await socket.closed).code).toBe(4000)
  })

  it('terminates with maintenance through the loopback control endpoint and when the service closes', async () => {
    h = await startHarness()
    const a = await createSession(h.baseUrl, 'key-basic', R_WS)
    const socket = await TestSocket.open(a.connection.url, a.connection.token)
    await socket.svc('session.active')
    const bad = await call(h.baseUrl, 'POST', `/__demo/realtime/sessions/${a.id}/terminate`, {
      body: { reason: 'boredom' },
    })
    expect(bad.status).toBe(400)
    const r = await call(h.baseUrl, 'POST', `/__demo/realtime/sessions/${a.id}/terminate`, {
      body: { reason: 'system_error' },
    })
    expect(r.json).toMatchObject({ status: 'terminated', end_reason: 'system_error' })
    expect(await socket.svc('session.terminated')).toMatchObject({ reason: 'system_error' })

    const b = await createSession(h.baseUrl, 'key-basic', R_WS)
    const other = await TestSocket.open(b.connection.url, b.connection.token)
    await other.svc('session.active')
    h.mount.close()
    expect(await other.svc('session.terminated')).toMatchObject({ reason: 'maintenance' })
    await sleep(10)
  })
})

describe('SSE events', () => {
  it('streams the service events as id/event/data frames and ends with the session', async () => {
    h = await startHarness({ timeScale: 60 })
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    const res = await fetch(`${h.baseUrl}/v1/realtime/sessions/${s.id}/events`, {
      headers: { authorization: 'Bearer key-basic' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const body = res.text()
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    await turn(socket, 1)
    await socket.svc('usage.settled')
    await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    const text = await body

    const frames = text.split('\n\n').filter((f) => f.startsWith('id:'))
    const parsed = frames.map((f) => {
      const [id, event, data] = f.split('\n')
      return { id: Number(id?.slice(4)), event: event?.slice(7), data: JSON.parse(data?.slice(6) ?? '') }
    })
    expect(parsed[0]).toMatchObject({
      id: 1,
      event: 'session.active',
      data: { svc: { type: 'session.active', session_id: s.id } },
    })
    expect(parsed.at(-1)).toMatchObject({
      event: 'session.ended',
      data: { svc: { reason: 'client_deleted' } },
    })
    expect(parsed.map((p) => p.id)).toEqual(parsed.map((_, i) => i + 1))
    for (const p of parsed) expect(p.data.svc.type).toBe(p.event)
    // The WebSocket carried the same events.
    const wsEvents = socket.messages.filter((m) => m.svc).map((m) => m.svc)
    expect(parsed.map((p) => p.data.svc)).toEqual(wsEvents)

    // A late reader gets the whole history, or what follows Last-Event-ID, and the stream closes at once.
    const replay = await fetch(`${h.baseUrl}/v1/realtime/sessions/${s.id}/events`, {
      headers: { authorization: 'Bearer key-basic', 'last-event-id': String(parsed.length - 1) },
    })
    const tail = (await replay.text()).split('\n\n').filter((f) => f.startsWith('id:'))
    expect(tail).toEqual([frames.at(-1)])
  })

  it('needs the API key of the session owner', async () => {
    h = await startHarness()
    const s = await createSession(h.baseUrl, 'key-basic', R_WS)
    expect((await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}/events`)).status).toBe(401)
    expect(
      (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}/events`, { key: 'key-free' })).status,
    ).toBe(404)
  })
})
