// Billing of POST /v1/audio/speech: characters x unit price, bonus before real money, usage records,
// insufficient balance, the free model, the Classic monthly allowance, and the key allowlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { accountState, call, control, envelope, startServer } from './helpers'

const round2 = (x: number) => Math.round(x * 100) / 100

describe('speech billing', () => {
  let server: DemoServer
  let prices: Record<string, number>
  const speak = (body: object, key = server.keys.ordinary) => call(server, '/v1/audio/speech', { key, body })

  beforeAll(async () => {
    server = await startServer({ seed: 41 })
    const models = (await call(server, '/v1/models/tts', { key: server.keys.ordinary })).json.data
    prices = Object.fromEntries(
      models.map((m: { id: string; price_vnd_per_1m_chars: number }) => [m.id, m.price_vnd_per_1m_chars]),
    )
  })
  afterAll(() => server.close())

  it('charges characters / 1e6 x unit price, bonus first then real, and appends a usage record', async () => {
    await control(server, 'wallet', { key: 'ordinary', realVND: 100_000, bonusVND: 10 })
    const input = 'Xin chào, đây là bài kiểm tra tính tiền theo ký tự.'
    const chars = [...input.normalize('NFC')].length
    const expected = round2((chars / 1e6) * prices['openai/tts-1-hd']!)
    expect(expected).toBeGreaterThan(10)
    const statsBefore = (await call(server, '/v1/management/usage/stats', { key: server.keys.ordinary })).json

    const res = await speak({ model: 'openai/tts-1-hd', voice: 'alloy', input })
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('x-billed-characters'))).toBe(chars)
    expect(Number(res.headers.get('x-cost-vnd'))).toBe(expected)

    const me = (await call(server, '/v1/management/me', { key: server.keys.ordinary })).json
    expect(me.balance.bonusVND).toBe(0)
    expect(me.balance.realVND).toBe(round2(100_000 - (expected - 10)))

    const latest = (await call(server, '/v1/management/usage?limit=1', { key: server.keys.ordinary })).json
      .data[0]
    expect(latest).toMatchObject({
      model: 'openai/tts-1-hd',
      inputTokens: chars,
      costVND: expected,
      keySource: 'PRIMARY',
    })
    expect(Date.parse(latest.completedAt)).toBeGreaterThanOrEqual(Date.parse(latest.date))
    const stats = (await call(server, '/v1/management/usage/stats', { key: server.keys.ordinary })).json
    expect(stats.totalRequests).toBe(statsBefore.totalRequests + 1)
    expect(stats.totalCostVND).toBeCloseTo(statsBefore.totalCostVND + expected, 2)
    const models = (await call(server, '/v1/management/usage/models', { key: server.keys.ordinary })).json
      .data
    expect(models.find((m: { modelName: string }) => m.modelName === 'TTS-1 HD')).toMatchObject({
      provider: 'openai',
      requestCount: 1,
    })
  })

  it('refuses with 400 insufficient_balance when the wallet cannot pay, and charges nothing', async () => {
    const before = await accountState(server, 'free')
    const input = 'x'.repeat(4000)
    const cost = (4000 / 1e6) * prices['openai/tts-1-hd']!
    expect(cost).toBeGreaterThan(before.wallet.totalVND)
    const res = await speak({ model: 'openai/tts-1-hd', voice: 'nova', input }, server.keys.free)
    expect(res.status).toBe(400)
    expect(envelope(res)).toMatchObject({ code: 'insufficient_balance', type: 'invalid_request_error' })
    const after = await accountState(server, 'free')
    expect(after.wallet).toEqual(before.wallet)
    expect(after.usageRecords).toBe(before.usageRecords)
  })

  it('the free model costs nothing, even with an empty wallet, and is still recorded', async () => {
    await control(server, 'wallet', { key: 'free', realVND: 0, bonusVND: 0 })
    const before = await accountState(server, 'free')
    const res = await speak(
      { model: 'google/translate-tts', voice: 'vi', input: 'Miễn phí.' },
      server.keys.free,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-cost-vnd')).toBe('0')
    const after = await accountState(server, 'free')
    expect(after.wallet.totalVND).toBe(0)
    expect(after.usageRecords).toBe(before.usageRecords + 1)
  })

  it('Classic bills nothing within its 4,000,000 free characters a month', async () => {
    const before = await accountState(server, 'basic')
    const res = await speak(
      { model: 'google/standard', voice: 'vi-VN-Standard-B', input: 'Giọng cổ điển.' },
      server.keys.basic,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-cost-vnd')).toBe('0')
    expect((await accountState(server, 'basic')).wallet).toEqual(before.wallet)
  })

  it('a key with a model allowlist gets 403 for other models, free of charge, and 200 for listed ones', async () => {
    const before = await accountState(server, 'restricted')
    const denied = await speak(
      { model: 'openai/tts-1-hd', voice: 'nova', input: 'Hi' },
      server.keys.restricted,
    )
    expect(denied.status).toBe(403)
    expect(envelope(denied)).toMatchObject({ code: 'model_not_allowed', param: 'model' })
    expect((await accountState(server, 'restricted')).wallet).toEqual(before.wallet)
    expect(
      (await speak({ model: 'openai/tts-1', voice: 'nova', input: 'Hi' }, server.keys.restricted)).status,
    ).toBe(200)
    const listed = (await call(server, '/v1/models/tts', { key: server.keys.restricted })).json.data
    expect(listed.find((m: { id: string }) => m.id === 'openai/tts-1-hd').allowed_for_key).toBe(false)
  })

  it('does not charge when the request fails before audio (bad JSON)', async () => {
    const before = await accountState(server, 'ordinary')
    const res = await fetch(`${server.baseUrl}/v1/audio/speech`, {
      method: 'POST',
      headers: {
        'User-Agent': 't',
        Authorization: `Bearer ${server.keys.ordinary}`,
        'Content-Type': 'application/json',
      },
      body: '{"model": ',
    })
    expect(res.status).toBe(400)
    expect((await accountState(server, 'ordinary')).wallet).toEqual(before.wallet)
  })
})
