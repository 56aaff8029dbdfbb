// The sessions API client: against the demo service for the real shapes, and against hand-made bodies
// for the shapes the spec leaves open and for answers that break the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import type { RequestOptions } from '../../../main/api/http'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'

let demo: DemoServer
let api: SessionsApi
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 1 })
  api = new SessionsApi({ baseUrl: demo.baseUrl, key: demo.keys.ordinary })
})
afterAll(async () => {
  await demo.close()
})

describe('against the demo service', () => {
  it('creates a push-to-talk WebSocket session with the create fields, and reads it back', async () => {
    const session = await api.create({
      model: 'openai/gpt-realtime',
      turnDetection: 'manual',
      modalities: ['audio', 'text'],
      voice: 'marin',
      instructions: 'Be brief.',
      inputAudioTranscription: true,
      outputAudioTranscription: false,
      maxDurationSec: 600,
      maxSpendVnd: 60_000,
      metadata: { app: 'loa' },
    })
    expect(session).toMatchObject({
      status: 'created',
      model: 'openai/gpt-realtime',
      protocol: 'openai-realtime-v1',
      transport: 'websocket',
      billing: { currency: 'VND', estimatedVndPerMin: 2_723, maxSpendVnd: 60_000 },
      metadata: { app: 'loa' },
    })
    expect(session.connection?.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/realtime\/sessions\/sess_\w+\/ws$/)
    expect(session.connection?.token).toBeTruthy()
    expect((await api.get(session.id)).id).toBe(session.id)
    const fresh = await api.reconnect(session.id, 'ws://unused')
    expect(fresh.token).not.toBe(session.connection?.token)
    expect(fresh.url).toBe(session.connection?.url)
    const ended = await api.delete(session.id)
    expect(ended).toMatchObject({ id: session.id, status: 'cancelled', endReason: 'client_deleted' })
    expect(ended.billing.totalVnd).toBe(0)
  })

  it('reads an empty wallet (402) as a short wallet with the request id, not invalid input', async () => {
    const account = demo.context.accounts.find((a) => a.label === 'ordinary')!
    const kept = { ...account.wallet }
    const setWallet = (realVND: number, bonusVND: number) =>
      fetch(`${demo.baseUrl}/__demo/wallet`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'loa-test' },
        body: JSON.stringify({ key: 'ordinary', realVND, bonusVND }),
      })
    expect((await setWallet(0, 0)).status).toBe(200)
    try {
      const err = await api
        .create({ model: 'openai/gpt-realtime', turnDetection: 'manual' })
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(GatewayError)
      expect(err).toMatchObject({
        kind: 'insufficient_balance',
        details: { status: 402, code: 'insufficient_balance', requestId: expect.stringMatching(/\S/) },
      })
    } finally {
      await setWallet(kept.realVND, kept.bonusVND)
    }
  })

  it('lists history newest first and the models with their VND per minute', async () => {
    const a = await api.create({ model: 'google/gemini-live-2.5-flash', turnDetection: 'server' })
    const b = await api.create({ model: 'openai/gpt-realtime-mini', turnDetection: 'manual' })
    const page = await api.list(2)
    expect(page.sessions.map((s) => s.id)).toEqual([b.id, a.id])
    expect(page.hasMore).toBe(true)
    const { plan, models } = await api.models()
    expect(plan).toBe('ADVANCED_PLUS')
    expect(models.map((m) => [m.id, m.estimatedVndPerMin])).toEqual(
      expect.arrayContaining([
        ['google/gemini-live-2.5-flash', 2_709],
        ['openai/gpt-realtime', 2_723],
        ['openai/gpt-realtime-mini', 909],
      ]),
    )
    expect(models.find((m) => m.id === 'openai/gpt-realtime')).toMatchObject({
      audioInVndPer1M: 1_375_000,
      audioOutVndPer1M: 2_722_500,
    })
    await Promise.all([api.delete(a.id), api.delete(b.id)])
  })

  it('passes the service’s refusals on as GatewayErrors with the code', async () => {
    const err = await api.create({ model: 'no/such-model', turnDetection: 'manual' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).details).toMatchObject({ status: 404, code: 'model_not_found' })
  })
})

/** An API whose every call answers `body`, recording what was asked. */
function canned(body: unknown): { api: SessionsApi; asked: { path: string; opts?: RequestOptions }[] } {
  const asked: { path: string; opts?: RequestOptions }[] = []
  const api = new SessionsApi({ baseUrl: 'http://x', key: 'k' }, async (path, opts) => {
    asked.push(opts === undefined ? { path } : { path, opts })
    return body
  })
  return { api, asked }
}

const SESSION = {
  id: 'sess_1',
  status: 'created',
  model: 'm',
  engine_protocol: 'openai-realtime-v1',
  connection: { type: 'websocket', url: 'wss://gw/ws', protocol: 'openai-realtime-v1', token: 't' },
  billing: { estimated_vnd_per_min: 100, max_spend_vnd: 50_000 },
  connect_by: '2026-01-01T00:01:00Z',
  something_new: { nested: true },
}

describe('shapes the spec leaves open', () => {
  it('sends turn_detection null for push-to-talk and leaves it out for hands-free', async () => {
    const { api, asked } = canned(SESSION)
    await api.create({ model: 'm', turnDetection: 'manual' })
    await api.create({ model: 'm', turnDetection: 'server' })
    expect(asked[0]?.opts?.body).toEqual({ model: 'm', transport: 'websocket', turn_detection: null })
    expect(asked[1]?.opts?.body).toEqual({ model: 'm', transport: 'websocket' })
  })

  it.each([
    ['a bare array', [SESSION]],
    ['{data}', { data: [SESSION], has_more: false }],
    ['{sessions}', { sessions: [SESSION] }],
    ['{items}', { items: [SESSION] }],
  ])('reads the history list as %s', async (_name, body) => {
    const { api } = canned(body)
    const page = await api.list(5)
    expect(page.sessions.map((s) => s.id)).toEqual(['sess_1'])
  })

  it.each([
    ['connection.token', { connection: { token: 'n1', url: 'wss://new' } }, 'n1', 'wss://new'],
    ['token + url', { token: 'n2', url: 'wss://other' }, 'n2', 'wss://other'],
    ['client_secret.value', { client_secret: { value: 'n3' } }, 'n3', 'wss://known'],
    [
      'a whole session',
      { ...SESSION, connection: { ...SESSION.connection, token: 'n4' } },
      'n4',
      'wss://gw/ws',
    ],
  ])('finds the new token in a reconnect answer holding %s', async (_name, body, token, url) => {
    const { api } = canned(body)
    expect(await api.reconnect('sess_1', 'wss://known')).toMatchObject({ token, url })
  })

  it('reads models from {data}, {models} or an array, with missing prices as null', async () => {
    for (const body of [{ data: [{ id: 'a' }] }, { models: [{ id: 'a' }] }, [{ id: 'a' }]]) {
      const { api } = canned(body)
      const { models } = await api.models()
      expect(models).toEqual([
        expect.objectContaining({ id: 'a', estimatedVndPerMin: null, audioInVndPer1M: null }),
      ])
    }
  })
})

describe('answers that break the contract', () => {
  it.each([
    ['a number id', { ...SESSION, id: 7 }, 'id'],
    [
      'a string price',
      { ...SESSION, billing: { estimated_vnd_per_min: 'cheap' } },
      'billing.estimated_vnd_per_min',
    ],
    ['no connection', { ...SESSION, connection: null }, 'connection'],
  ])('refuses a session with %s, naming the field', async (_name, body, field) => {
    const { api } = canned(body)
    const err = await api.create({ model: 'm', turnDetection: 'manual' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect(err).toMatchObject({ kind: 'protocol', field })
  })

  it('names the history entry that is wrong', async () => {
    const { api } = canned({ data: [SESSION, { ...SESSION, status: 3 }] })
    await expect(api.list()).rejects.toMatchObject({ kind: 'protocol', field: 'data[1].status' })
  })

  it('refuses a reconnect answer without a token', async () => {
    const { api } = canned({ url: 'wss://x' })
    await expect(api.reconnect('sess_1', 'wss://x')).rejects.toMatchObject({
      kind: 'protocol',
      field: 'connection.token',
    })
  })
})
