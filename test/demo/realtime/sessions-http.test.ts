// The HTTP API of /v1/realtime: models, session creation with every parameter's default, bound and
// error, history, get, and the auth rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createSession, type Json } from './client'
import { startHarness, type Harness } from './harness'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const R = 'openai/gpt-realtime'
const L = 'google/gemini-live-2.5-flash'
const create = (body: unknown, key = 'key-basic') =>
  call(h.baseUrl, 'POST', '/v1/realtime/sessions', { key, body })

describe('GET /v1/realtime/models', () => {
  it('lists the three models with the spec prices and a per-minute estimate for the plan', async () => {
    const a = await call(h.baseUrl, 'GET', '/v1/realtime/models', { key: 'key-free' })
    expect(a.status).toBe(200)
    expect(a.json.plan).toBe('FREE')
    const byId = Object.fromEntries(a.json.data.map((m: Json) => [m.id, m]))
    expect(byId[L]).toMatchObject({
      engine_protocol: 'gemini-live-v1beta',
      default_transport: 'websocket',
      max_session_sec: 86_400,
      configured: true,
      estimated_vnd_per_min: 2_709,
      pricing: { currency: 'VND', audio_in: 137_500, audio_out: 550_000, cached_in: null },
    })
    expect(byId[R]).toMatchObject({
      engine_protocol: 'openai-realtime-v1',
      default_transport: 'webrtc',
      max_session_sec: 3_600,
      estimated_vnd_per_min: 2_723,
      pricing: { audio_in: 1_375_000, audio_out: 2_722_500 },
    })
    expect(byId['openai/gpt-realtime-mini']).toMatchObject({
      estimated_vnd_per_min: 909,
      pricing: { audio_in: 426_250, audio_out: 825_000 },
    })
    expect(byId['openai/gpt-4o-realtime-preview'].configured).toBe(false)
  })

  it('needs a valid key (401) from an enabled account (403)', async () => {
    expect((await call(h.baseUrl, 'GET', '/v1/realtime/models')).status).toBe(401)
    expect((await call(h.baseUrl, 'GET', '/v1/realtime/models', { key: 'nope' })).status).toBe(401)
    const disabled = await call(h.baseUrl, 'GET', '/v1/realtime/models', { key: 'key-disabled' })
    expect(disabled.status).toBe(403)
    expect(disabled.json.error.code).toBe('insufficient_permissions')
  })
})

describe('POST /v1/realtime/sessions', () => {
  it('fills every default and returns the session object of the spec', async () => {
    const a = await create({ model: R })
    expect(a.status).toBe(200)
    const s = a.json
    expect(s.id).toMatch(/^sess_[A-Za-z0-9]{24}$/)
    expect(s).toMatchObject({
      object: 'realtime.session',
      status: 'created',
      model: R,
      engine_protocol: 'openai-realtime-v1',
      transport: 'webrtc',
      billing_basis: 'token',
      billing: { currency: 'VND', settle_interval_sec: 60, estimated_vnd_per_min: 2_723 },
      metadata: null,
    })
    // 30 min at 2,723 VND/min with 1.5x headroom, rounded up to 1,000.
    expect(s.billing.max_spend_vnd).toBe(123_000)
    expect(s.connection).toMatchObject({ type: 'webrtc', data_channel: 'realtime-events' })
    expect(s.connection.sdp_url).toBe(`${h.baseUrl}/v1/realtime/sessions/${s.id}/sdp`)
    expect(s.connection.token).toMatch(/^rtt_/)
    const connectBy = Date.parse(s.connect_by) - Date.parse(s.created_at)
    expect(connectBy).toBe(60_000)
    expect(Date.parse(s.connection.token_expires_at) - Date.parse(s.created_at)).toBe(60_000)
  })

  it('gives Model L a websocket connection with its protocol and a 50,000 VND minimum cap', async () => {
    const s = (await create({ model: L, max_duration_sec: 60 })).json
    expect(s.transport).toBe('websocket')
    expect(s.connection).toEqual({
      type: 'websocket',
      url: `${h.baseUrl.replace('http', 'ws')}/v1/realtime/sessions/${s.id}/ws`,
      protocol: 'gemini-live-v1beta',
      token: expect.stringMatching(/^rtt_/),
    })
    expect(s.billing.max_spend_vnd).toBe(50_000)
  })

  it('takes transport websocket for Model R and keeps metadata unchanged', async () => {
    const metadata = { user: 'an', nested: { list: [1, 2, 3] }, note: 'xin chào' }
    const s = (await create({ model: R, transport: 'websocket', metadata, max_spend_vnd: 0 })).json
    expect(s.connection.type).toBe('websocket')
    expect(s.connection.protocol).toBe('openai-realtime-v1')
    expect(s.metadata).toEqual(metadata)
    expect(s.billing.max_spend_vnd).toBe(0)
  })

  it('accepts every parameter within its bounds', async () => {
    const a = await create({
      model: 'openai/gpt-realtime-mini',
      transport: 'websocket',
      modalities: ['audio', 'text'],
      voice: 'cedar',
      instructions: 'Speak English.',
      tools: [{ type: 'function', name: 'get_time', description: 'Time', parameters: { type: 'object' } }],
      turn_detection: null,
      input_audio_transcription: false,
      output_audio_transcription: true,
      input: { audio: true, video: false, text: true },
      max_duration_sec: 3_600,
      max_spend_vnd: 75_000,
    })
    expect(a.status).toBe(200)
    expect(a.json.billing.max_spend_vnd).toBe(75_000)
  })

  it.each([
    [{}, 'missing_required_parameter', 'model'],
    [{ model: R, transport: 'sip' }, 'invalid_parameter', 'transport'],
    [{ model: R, modalities: [] }, 'invalid_parameter', 'modalities'],
    [{ model: R, modalities: ['audio', 'audio'] }, 'invalid_parameter', 'modalities'],
    [{ model: R, voice: 'Kore' }, 'invalid_parameter', 'voice'],
    [{ model: R, turn_detection: { type: 'semantic_vad' } }, 'invalid_parameter', 'turn_detection.type'],
    [{ model: R, turn_detection: { threshold: 2 } }, 'invalid_parameter', 'turn_detection.threshold'],
    [{ model: R, max_duration_sec: 3_601 }, 'invalid_parameter', 'max_duration_sec'],
    [{ model: R, max_duration_sec: 5 }, 'invalid_parameter', 'max_duration_sec'],
    [{ model: L, max_duration_sec: 86_401 }, 'invalid_parameter', 'max_duration_sec'],
    [{ model: R, max_spend_vnd: -1 }, 'invalid_parameter', 'max_spend_vnd'],
    [{ model: R, metadata: { blob: 'x'.repeat(1_100) } }, 'invalid_parameter', 'metadata'],
    [{ model: R, input: { smell: true } }, 'unknown_parameter', 'input.smell'],
    [{ model: R, temperature: 0.5 }, 'unknown_parameter', 'temperature'],
  ])('refuses %j with 400 %s on %s', async (body, code, param) => {
    const a = await create(body)
    expect(a.status).toBe(400)
    expect(a.json.error).toMatchObject({ code, param, type: 'invalid_request_error' })
    expect(a.json.error.request_id).toEqual(expect.any(String))
  })

  it('refuses instructions over 16,384 characters with 400 instructions_too_long, and takes 16,384', async () => {
    const long = await create({ model: R, instructions: 'x'.repeat(16_385) })
    expect(long.status).toBe(400)
    expect(long.json.error).toMatchObject({
      code: 'instructions_too_long',
      param: 'instructions',
      type: 'invalid_request_error',
    })
    expect(long.json.error.message).toMatch(/16384/)
    expect((await create({ model: R, instructions: 'x'.repeat(16_384) })).status).toBe(200)
  })

  it('accepts the longest durations each model allows', async () => {
    expect((await create({ model: L, max_duration_sec: 86_400 })).status).toBe(200)
    expect((await create({ model: R, max_duration_sec: 3_600 })).status).toBe(200)
  })

  it('answers 404 for an unknown model and realtime_model_not_configured for an incomplete price table', async () => {
    const unknown = await create({ model: 'acme/nothing' })
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.code).toBe('model_not_found')
    const incomplete = await create({ model: 'openai/gpt-4o-realtime-preview' })
    expect(incomplete.status).toBe(400)
    expect(incomplete.json.error.code).toBe('realtime_model_not_configured')
  })

  it('answers 503 realtime_no_route while a model is switched off, in process or through the control endpoint', async () => {
    h.mount.setModelRoutable(R, false)
    const off = await create({ model: R })
    expect(off.status).toBe(503)
    expect(off.json.error.code).toBe('realtime_no_route')
    h.mount.setModelRoutable(R, true)
    expect((await create({ model: R })).status).toBe(200)
    await call(h.baseUrl, 'POST', '/__demo/realtime/routes', { body: { model: L, available: false } })
    expect((await create({ model: L })).json.error.code).toBe('realtime_no_route')
    await call(h.baseUrl, 'POST', '/__demo/realtime/routes', { body: { model: L, available: true } })
    expect((await create({ model: L })).status).toBe(200)
  })

  it('refuses video for models without it and caps a video session at 2 minutes', async () => {
    const refused = await create({ model: R, input: { video: true } })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ code: 'realtime_video_not_allowed', param: 'input.video' })
    const s = (await create({ model: L, input: { video: true }, max_duration_sec: 1_800 })).json
    expect(h.mount.getSessionDebug(s.id)).toBeDefined()
    // The cap shows in the computed spending cap: 2 minutes at Model L's price is under the 50,000 minimum.
    expect(s.billing.max_spend_vnd).toBe(50_000)
  })

  it('limits concurrent sessions by plan (FREE: 3) and frees a slot when one ends', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await createSession(h.baseUrl, 'key-free', { model: R })).id)
    const fourth = await create({ model: R }, 'key-free')
    expect(fourth.status).toBe(409)
    expect(fourth.json.error.code).toBe('realtime_session_limit')
    await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${ids[0]}`, { key: 'key-free' })
    expect((await create({ model: R }, 'key-free')).status).toBe(200)
  })

  it('allows 10 concurrent sessions on BASIC', async () => {
    for (let i = 0; i < 10; i++) expect((await create({ model: R })).status).toBe(200)
    expect((await create({ model: R })).json.error.code).toBe('realtime_session_limit')
  })

  it('refuses a wallet that cannot pay one minute with 402 insufficient_balance', async () => {
    const a = await create({ model: R }, 'key-poor')
    expect(a.status).toBe(402)
    expect(a.json.error.code).toBe('insufficient_balance')
    // The same wallet can open the cheaper mini model (909 VND/min).
    expect((await create({ model: 'openai/gpt-realtime-mini' }, 'key-poor')).status).toBe(200)
  })

  it('answers 429 rate_limit_exceeded with Retry-After above 60 creations a minute', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await create({ model: 'acme/nothing' }, 'key-ultra')).status)
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true)
    const last = await create({ model: R }, 'key-ultra')
    expect(last.status).toBe(429)
    expect(last.json.error.code).toBe('rate_limit_exceeded')
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another account is not affected.
    expect((await create({ model: R }, 'key-basic')).status).toBe(200)
  })

  it('needs a valid key', async () => {
    expect((await create({ model: R }, 'wrong')).status).toBe(401)
    expect((await create({ model: R }, 'key-disabled')).status).toBe(403)
  })
})

describe('GET and list', () => {
  it('returns one session, hides other accounts, and lists history newest first with paging', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await createSession(h.baseUrl, 'key-basic', { model: R })).id)
    const one = await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${ids[1]}`, { key: 'key-basic' })
    expect(one.json.id).toBe(ids[1])
    expect(
      (await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${ids[1]}`, { key: 'key-free' })).status,
    ).toBe(404)

    const page1 = await call(h.baseUrl, 'GET', '/v1/realtime/sessions?limit=2', { key: 'key-basic' })
    expect(page1.json).toMatchObject({ object: 'list', has_more: true, first_id: ids[2], last_id: ids[1] })
    expect(page1.json.data.map((s: Json) => s.id)).toEqual([ids[2], ids[1]])
    const page2 = await call(h.baseUrl, 'GET', `/v1/realtime/sessions?limit=2&after=${ids[1]}`, {
      key: 'key-basic',
    })
    expect(page2.json.data.map((s: Json) => s.id)).toEqual([ids[0]])
    expect(page2.json.has_more).toBe(false)
    const all = await call(h.baseUrl, 'GET', '/v1/realtime/sessions', { key: 'key-basic' })
    expect(all.json.data).toHaveLength(3)
    for (const bad of ['0', '101', 'x']) {
      const a = await call(h.baseUrl, 'GET', `/v1/realtime/sessions?limit=${bad}`, { key: 'key-basic' })
      expect(a.status).toBe(400)
      expect(a.json.error.param).toBe('limit')
    }
    expect(
      (await call(h.baseUrl, 'GET', '/v1/realtime/sessions?limit=100', { key: 'key-basic' })).status,
    ).toBe(200)
  })

  it('DELETE of a session never connected cancels it without a charge', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', { model: R })
    const a = await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    expect(a.json).toMatchObject({
      status: 'cancelled',
      end_reason: 'client_deleted',
      billing: { total_vnd: 0 },
    })
    expect(h.ledger.records).toHaveLength(0)
  })
})

describe('SDP endpoint', () => {
  it('checks the session token, refuses a body that is no offer, and allows 5 calls a minute', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', { model: R })
    const sdp = (token?: string) =>
      fetch(s.connection.sdp_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/sdp',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: 'v=0\r\n',
      })
    expect((await sdp()).status).toBe(401)
    expect((await sdp('key-basic')).status).toBe(401)
    // A real exchange is in webrtc-sdp.test.ts; this body has no media at all.
    const answer = await sdp(s.connection.token)
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as Json).error.code).toBe('invalid_sdp_offer')
    for (let i = 0; i < 4; i++) await sdp(s.connection.token)
    expect((await sdp(s.connection.token)).status).toBe(429)
  })
})
