// Account & Usage endpoints: field names and types of the spec, ordering, parameters, aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { advanceClock, call, control, envelope, startServer } from './helpers'

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe('Account & Usage', () => {
  let server: DemoServer
  const get = (path: string, key = server.keys.ordinary) => call(server, `/v1/management${path}`, { key })

  beforeAll(async () => {
    server = await startServer({ seed: 5 })
  })
  afterAll(() => server.close())

  it('/me returns the account with a plan code and a balance in three parts', async () => {
    const { status, json } = await get('/me')
    expect(status).toBe(200)
    expect(Object.keys(json).sort()).toEqual(['balance', 'email', 'id', 'name', 'plan', 'planExpiresAt'])
    expect(json.plan).toBe('ADVANCED_PLUS')
    expect(json.planExpiresAt).toMatch(ISO)
    expect(json.email).toMatch(/^[a-z0-9.]+@[a-z.]+$/)
    expect(json.name).toMatch(/[À-ỹ]/) // a Vietnamese name carries diacritics
    expect(json.balance.totalVND).toBeCloseTo(json.balance.realVND + json.balance.bonusVND, 2)
    expect(json.balance.bonusVND).toBeGreaterThan(0)
  })

  it('/me of the free account shows the FREE plan and a nearly empty wallet', async () => {
    const { json } = await get('/me', server.keys.free)
    expect(json.plan).toBe('FREE')
    expect(json.balance.realVND).toBe(0)
    expect(json.balance.totalVND).toBeLessThan(5_000)
  })

  it('/usage returns 50 records by default, newest date first, with every field typed', async () => {
    const { json } = await get('/usage')
    expect(json.data).toHaveLength(50)
    expect(json.total).toBeGreaterThan(1000)
    const numbers = [
      'inputTokens',
      'outputTokens',
      'totalTokens',
      'cacheHitTokens',
      'reasoningTokens',
      'costVND',
      'costBeforeDiscount',
      'discountPercent',
    ]
    for (const r of json.data) {
      expect(Object.keys(r).sort()).toEqual(
        [...numbers, 'completedAt', 'date', 'id', 'keySource', 'model'].sort(),
      )
      for (const n of numbers) expect(typeof r[n]).toBe('number')
      expect(r.date).toMatch(ISO)
      expect(r.completedAt).toMatch(ISO)
      expect(Date.parse(r.completedAt)).toBeGreaterThanOrEqual(Date.parse(r.date))
      expect(r.costVND).toBeLessThanOrEqual(r.costBeforeDiscount)
    }
    const dates = json.data.map((r: { date: string }) => r.date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('/usage history spans ~90 days, a dozen models, several key sources, and date/completedAt gaps', async () => {
    const { json } = await get('/usage?limit=200')
    expect(json.data).toHaveLength(200)
    const all = json.data as {
      date: string
      completedAt: string
      model: string
      keySource: string
      cacheHitTokens: number
      reasoningTokens: number
      discountPercent: number
    }[]
    expect(new Set(all.map((r) => r.keySource)).has('PRIMARY')).toBe(true)
    expect(new Set(all.map((r) => r.keySource)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(all.map((r) => r.model)).size).toBeGreaterThanOrEqual(10)
    expect(all.some((r) => r.cacheHitTokens > 0)).toBe(true)
    expect(all.some((r) => r.reasoningTokens > 0)).toBe(true)
    expect(all.some((r) => r.discountPercent > 0)).toBe(true)
    const gapsSec = all.map((r) => (Date.parse(r.completedAt) - Date.parse(r.date)) / 1000)
    expect(gapsSec.some((g) => g < 30)).toBe(true)
    expect(gapsSec.some((g) => g > 600)).toBe(true)
    const daily = await get('/usage/daily?days=365')
    const active = daily.json.data.filter((d: { requestCount: number }) => d.requestCount > 0)
    expect(active.length).toBeGreaterThanOrEqual(85)
    expect(active.length).toBeLessThanOrEqual(91)
  })

  it('/usage limit: default 50, above 200 clamps, zero/negative/non-numeric are 400', async () => {
    expect((await get('/usage?limit=3')).json.data).toHaveLength(3)
    expect((await get('/usage?limit=')).json.data).toHaveLength(50)
    expect((await get('/usage?limit=1000')).json.data).toHaveLength(200)
    for (const bad of ['0', '-5', 'abc', '2.5']) {
      const res = await get(`/usage?limit=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(envelope(res)).toMatchObject({
        type: 'invalid_request_error',
        code: 'invalid_parameter',
        param: 'limit',
      })
    }
  })

  it('/usage/daily: one item per day ending today, oldest first, same rules for days', async () => {
    const def = await get('/usage/daily')
    expect(def.json.data).toHaveLength(7)
    for (const d of def.json.data) {
      expect(Object.keys(d).sort()).toEqual(['date', 'requestCount', 'totalCostVND', 'totalTokens'])
      expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    const dates = def.json.data.map((d: { date: string }) => d.date)
    expect([...dates].sort()).toEqual(dates)
    expect((await get('/usage/daily?days=30')).json.data).toHaveLength(30)
    expect((await get('/usage/daily?days=9999')).json.data).toHaveLength(365)
    for (const bad of ['0', '-1', 'week']) {
      const res = await get(`/usage/daily?days=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(envelope(res).param).toBe('days')
    }
  })

  it('/usage/models and /usage/stats agree with the full history', async () => {
    const models = (await get('/usage/models')).json.data
    const stats = (await get('/usage/stats')).json
    const usage = (await get('/usage')).json
    expect(Object.keys(stats).sort()).toEqual([
      'last7DaysCostVND',
      'last7DaysTokens',
      'totalCostVND',
      'totalRequests',
      'totalTokens',
    ])
    expect(stats.totalRequests).toBe(usage.total)
    const sum = (k: string) => models.reduce((s: number, m: Record<string, number>) => s + (m[k] ?? 0), 0)
    expect(sum('requestCount')).toBe(stats.totalRequests)
    expect(sum('totalTokens')).toBe(stats.totalTokens)
    expect(sum('totalCostVND')).toBeCloseTo(stats.totalCostVND, 0)
    expect(stats.last7DaysTokens).toBeGreaterThan(0)
    expect(stats.last7DaysTokens).toBeLessThan(stats.totalTokens)
    for (const m of models) {
      expect(Object.keys(m).sort()).toEqual([
        'modelId',
        'modelName',
        'provider',
        'requestCount',
        'totalCostVND',
        'totalTokens',
      ])
      expect(m.modelId).toMatch(/^cm[0-9a-f]{23}$/)
    }
    const week = (await get('/usage/daily?days=7')).json.data
    expect(week.reduce((s: number, d: { requestCount: number }) => s + d.requestCount, 0)).toBeGreaterThan(0)
  })

  it('/cliproxy-quota has pool_a and pool_b of the same shape', async () => {
    const { json } = await get('/cliproxy-quota')
    for (const pool of [json.pool_a, json.pool_b]) {
      expect(Object.keys(pool).sort()).toEqual(['emails', 'remaining', 'totalQuota', 'usedInWindow'])
      expect(pool.remaining).toBe(pool.totalQuota - pool.usedInWindow)
      for (const e of pool.emails) {
        expect(Object.keys(e).sort()).toEqual(['email', 'quota', 'tier', 'used'])
        expect(e.email).toMatch(/@/)
        expect(e.used).toBeLessThanOrEqual(e.quota)
      }
      expect(pool.emails.reduce((s: number, e: { quota: number }) => s + e.quota, 0)).toBe(pool.totalQuota)
    }
    expect(json.pool_a.emails.length).toBeGreaterThan(0)
    const free = (await get('/cliproxy-quota', server.keys.free)).json
    expect(free.pool_a.emails).toEqual([])
    expect(free.pool_a.totalQuota).toBe(0)
  })

  it('/savings adds up and is recomputed only every 5 minutes of service time', async () => {
    const s = await startServer({ seed: 5 })
    try {
      const first = (await call(s, '/v1/management/savings', { key: s.keys.ordinary })).json
      expect(Object.keys(first).sort()).toEqual([
        'cacheHit',
        'discount',
        'freeModels',
        'pool_a',
        'pool_b',
        'savingsPercent',
        'totalSavedVND',
        'totalSpentVND',
      ])
      expect(Object.keys(first.freeModels).sort()).toEqual(['requests', 'tokens'])
      const parts =
        first.pool_a.savedVND + first.pool_b.savedVND + first.cacheHit.savedVND + first.discount.savedVND
      expect(first.totalSavedVND).toBeCloseTo(parts, 1)
      expect(first.savingsPercent).toBeCloseTo(
        (100 * first.totalSavedVND) / (first.totalSavedVND + first.totalSpentVND),
        1,
      )
      const stats = (await call(s, '/v1/management/usage/stats', { key: s.keys.ordinary })).json
      expect(first.totalSpentVND).toBeCloseTo(stats.totalCostVND, 1)

      const speech = await call(s, '/v1/audio/speech', {
        key: s.keys.ordinary,
        body: { model: 'openai/tts-1-hd', voice: 'nova', input: 'Tiết kiệm.' },
      })
      expect(speech.status).toBe(200)
      const cost = Number(speech.headers.get('x-cost-vnd'))
      expect(cost).toBeGreaterThan(0)

      const cached = (await call(s, '/v1/management/savings', { key: s.keys.ordinary })).json
      expect(cached).toEqual(first)
      await advanceClock(s, 5 * 60_000)
      const fresh = (await call(s, '/v1/management/savings', { key: s.keys.ordinary })).json
      expect(fresh.totalSpentVND).toBeCloseTo(first.totalSpentVND + cost, 2)
    } finally {
      await s.close()
    }
  })

  it('the control endpoint reports the same wallet as /me', async () => {
    const me = (await get('/me')).json
    const state = await call(server, '/__demo/state')
    const ordinary = state.json.accounts.find((a: { key: string }) => a.key === 'ordinary')
    expect(ordinary.wallet.totalVND).toBe(me.balance.totalVND)
    await control(server, 'wallet', { key: 'ordinary', bonusVND: 0 })
    expect((await get('/me')).json.balance.bonusVND).toBe(0)
  })
})
