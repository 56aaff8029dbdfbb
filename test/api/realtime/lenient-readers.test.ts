// Every shape Loa accepts where realtime-api.md says "not shown": service-event amounts, an ended
// session's usage and billing, the history and model lists, the reconnect answer and the error envelope.
import { describe, expect, it } from 'vitest'
import { readEnvelope } from '../../../main/api/gateway-error'
import { serviceEvent } from '../../../main/realtime/adapters/service-events'
import type { ServiceEvent } from '../../../main/realtime/engine/events'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'

const svc = (payload: Record<string, unknown>) => serviceEvent(payload) as ServiceEvent

function canned(body: unknown): SessionsApi {
  return new SessionsApi({ baseUrl: 'http://x', key: 'k' }, async () => body)
}

const SESSION = {
  id: 'sess_1',
  status: 'closed',
  model: 'm',
  engine_protocol: 'openai-realtime-v1',
  connection: { type: 'websocket', url: 'wss://gw/ws', protocol: 'openai-realtime-v1', token: 't' },
  billing: { currency: 'VND', estimated_vnd_per_min: 100, max_spend_vnd: 50_000 },
  ended_at: '2026-01-01T00:05:00Z',
}

describe('usage.settled amounts', () => {
  it.each([
    ['snake_case', { amount_vnd: 120, total_vnd: 480, balance_vnd: 9_000 }],
    ['camelCase', { amountVnd: 120, totalVnd: 480, balanceVnd: 9_000 }],
    ['upper-case unit', { costVND: 120, totalCostVND: 480, balanceVND: 9_000 }],
    ['cost_vnd names', { cost_vnd: 120, session_cost_vnd: 480, wallet_balance_vnd: 9_000 }],
    [
      'money objects',
      {
        cost: { amount: 120, currency: 'VND' },
        session_cost: { amount: 480, currency: 'VND' },
        balance: { amount: 9_000, currency: 'VND' },
      },
    ],
    ['nested {cost: {vnd}}', { cost: { vnd: 120 }, total: { vnd: 480 }, wallet: { balance: 9_000 } }],
    ['decimal strings', { amount_vnd: '120', total_vnd: '480.00', balance_vnd: '9000' }],
    ['the window nested', { window: { amount_vnd: 120 }, totals: { vnd: 480 }, balance: 9_000 }],
  ])('reads the window, the total and the balance from %s', (_name, fields) => {
    expect(svc({ type: 'usage.settled', ...fields })).toMatchObject({
      amountVnd: 120,
      totalVnd: 480,
      balanceVnd: 9_000,
    })
  })

  it('reads final at the top or in the window, and session.active terms in billing', () => {
    expect(svc({ type: 'usage.settled', final: true }).final).toBe(true)
    expect(svc({ type: 'usage.settled', window: { final: true } }).final).toBe(true)
    expect(svc({ type: 'usage.settled', is_final: false }).final).toBe(false)
    expect(
      svc({ type: 'session.active', billing: { estimated_vnd_per_min: 2_709, max_spend_vnd: 50_000 } }),
    ).toMatchObject({ estimatedVndPerMin: 2_709, maxSpendVnd: 50_000 })
  })

  it('takes no amount from the wrong currency or the wrong type, rather than 0', () => {
    const e = svc({ type: 'usage.settled', cost: { amount: 5, currency: 'USD' }, total_vnd: 'lots' })
    expect(e.amountVnd).toBeUndefined()
    expect(e.totalVnd).toBeUndefined()
  })

  it('reads the ended and terminated totals and the warnings under other names', () => {
    expect(svc({ type: 'session.ended', status: 'closed', session_cost: { amount: 77 } })).toMatchObject({
      status: 'closed',
      totalVnd: 77,
    })
    expect(svc({ type: 'session.terminated', end_reason: 'maintenance', total_cost_vnd: 9 })).toMatchObject({
      reason: 'maintenance',
      totalVnd: 9,
    })
    expect(
      svc({
        type: 'warning.max_spend',
        session_cost: { amount: 41 },
        max_spend: { amount: 50 },
        percent_used: 82,
      }),
    ).toMatchObject({ totalVnd: 41, maxSpendVnd: 50, usedPercent: 82 })
  })
})

describe('an ended session', () => {
  it.each([
    ['total_vnd', { total_vnd: 480, charged_vnd: 400, unpaid_vnd: 80 }],
    ['a cost object', { cost: { amount: 480, currency: 'VND', charged: 400, unpaid: 80 } }],
    ['camelCase VND', { totalCostVND: 480, chargedVND: 400, unpaidVND: 80 }],
  ])('reads the final bill from %s', async (_name, bill) => {
    const s = await canned({ ...SESSION, billing: { ...SESSION.billing, ...bill } }).get('sess_1')
    expect(s.billing).toMatchObject({
      totalVnd: 480,
      chargedVnd: 400,
      unpaidVnd: 80,
      estimatedVndPerMin: 100,
    })
  })

  it('leaves a total it cannot find null, not 0', async () => {
    const s = await canned({ ...SESSION, billing: { ...SESSION.billing, money: 'plenty' } }).get('sess_1')
    expect(s.billing.totalVnd).toBeNull()
  })

  it.each([
    ['seconds', { total_tokens: 90, duration_sec: 12.5, audio_in_sec: 3, audio_out_sec: 4 }],
    ['camelCase milliseconds', { totalTokens: 90, durationMs: 12_500, audioInMs: 3_000, audioOutMs: 4_000 }],
    [
      'nested tokens',
      { tokens: { total: 90 }, duration_seconds: 12.5, audio_in_ms: 3_000, audio_out_sec: 4 },
    ],
  ])('reads usage in %s', async (_name, usage) => {
    const s = await canned({ ...SESSION, usage }).get('sess_1')
    expect(s.usage).toMatchObject({ totalTokens: 90, durationSec: 12.5, audioInSec: 3, audioOutSec: 4 })
  })

  it('shows an unknown status as it is', async () => {
    expect((await canned({ ...SESSION, status: 'hibernating' }).get('sess_1')).status).toBe('hibernating')
  })
})

describe('the history list', () => {
  it.each([
    ['{data, has_more}', { object: 'list', data: [SESSION], has_more: true }, true],
    ['{sessions, has_more}', { sessions: [SESSION], has_more: false }, false],
    ['{results, next_cursor}', { results: [SESSION], next_cursor: 'sess_1' }, true],
    ['{results, next_cursor: null}', { results: [SESSION], next_cursor: null }, false],
    ['{items, pagination}', { items: [SESSION], pagination: { has_more: true } }, true],
    ['{records, total}', { records: [SESSION], total: 1 }, null],
    ['a bare array', [SESSION], null],
    ['one array under an unusual key', { history_entries: [SESSION], count: 1 }, null],
  ])('reads %s', async (_name, body, hasMore) => {
    const page = await canned(body).list()
    expect(page.sessions.map((s) => s.id)).toEqual(['sess_1'])
    expect(page.hasMore).toBe(hasMore)
  })

  it('refuses an answer that holds no list', async () => {
    await expect(canned({ total: 3 }).list()).rejects.toMatchObject({ kind: 'protocol' })
  })
})

describe('the reconnect answer', () => {
  it.each([
    ['{token: {value}}', { token: { value: 'n1', expires_in_sec: 60 }, url: 'wss://new' }, 'n1', 'wss://new'],
    ['{session_token}', { session_token: 'n2' }, 'n2', 'wss://known'],
    [
      '{session: {connection}}',
      { session: { connection: { token: 'n3', url: 'wss://s' } } },
      'n3',
      'wss://s',
    ],
    ['{client_secret: {value}}', { client_secret: { value: 'n4' }, ws_url: 'wss://w' }, 'n4', 'wss://w'],
  ])('finds the token in %s', async (_name, body, token, url) => {
    expect(await canned(body).reconnect('sess_1', 'wss://known')).toMatchObject({ token, url })
  })

  it('reads reconnect_before as the deadline', async () => {
    const r = await canned({ token: 'n', reconnect_before: '2026-01-01T00:02:00Z' }).reconnect('s', 'wss://k')
    expect(r.reconnectBy).toBe('2026-01-01T00:02:00Z')
  })
})

describe('the realtime models list', () => {
  it.each([
    [
      'the default shape',
      {
        object: 'list',
        plan: 'BASIC',
        data: [
          {
            id: 'r',
            engine_protocol: 'p',
            estimated_vnd_per_min: 2_723,
            pricing: { audio_in: 1_375_000, audio_out: 2_722_500, cached_in: 11_000 },
          },
        ],
      },
      'BASIC',
    ],
    [
      'a bare array with prices split by direction',
      [
        {
          id: 'r',
          protocol: 'p',
          vnd_per_minute: 2_723,
          prices: { input: { audio: 1_375_000, cached: 11_000 }, output: { audio: 2_722_500 } },
        },
      ],
      null,
    ],
    [
      '{models} with *_input prices',
      {
        models: [
          {
            id: 'r',
            protocol: 'p',
            pricing: { audio_input: 1_375_000, audio_output: 2_722_500, cached_input: 11_000 },
            estimated_vnd_per_minute: 2_723,
          },
        ],
      },
      null,
    ],
  ])('reads %s', async (_name, body, plan) => {
    const list = await canned(body).models()
    expect(list.plan).toBe(plan)
    expect(list.models[0]).toMatchObject({
      id: 'r',
      protocol: 'p',
      estimatedVndPerMin: 2_723,
      audioInVndPer1M: 1_375_000,
      audioOutVndPer1M: 2_722_500,
      cachedInVndPer1M: 11_000,
    })
  })
})

describe('the error envelope', () => {
  it.each([
    ['nested', { error: { code: 'c', message: 'm', type: 't', request_id: 'req_1' } }],
    ['nested camelCase id', { error: { code: 'c', message: 'm', requestId: 'req_1' } }],
    ['flat camelCase', { code: 'c', message: 'm', requestId: 'req_1' }],
    ['flat snake_case', { code: 'c', message: 'm', request_id: 'req_1' }],
    ['{error: code, message}', { error: 'c', message: 'm', request_id: 'req_1' }],
    ['{errors: [...]}', { errors: [{ code: 'c', message: 'm' }], request_id: 'req_1' }],
    ['{error_code, detail}', { error_code: 'c', detail: 'm', requestId: 'req_1' }],
  ])('reads code, message and request id from %s', (_name, body) => {
    expect(readEnvelope(body)).toMatchObject({ code: 'c', message: 'm', requestId: 'req_1' })
  })

  it('reads nothing from a body that is not an envelope', () => {
    expect(readEnvelope({ errors: [null] })).toEqual({
      code: null,
      message: null,
      type: null,
      requestId: null,
    })
    expect(readEnvelope('<html>')).toEqual({ code: null, message: null, type: null, requestId: null })
  })
})
