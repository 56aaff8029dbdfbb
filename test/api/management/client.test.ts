// ManagementClient over real HTTP: every endpoint against the demo service, and every error kind the UI
// acts on, from the demo where it can produce it and from a scripted stub where it cannot.
import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { ManagementClient } from '../../../main/api/management/client'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { envelope, startStubGateway, type Reply } from '../../support/stub-gateway'

let demo: DemoServer
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 4, mounts: [] })
})
afterAll(() => demo.close())

let stopStub: (() => Promise<void>) | null = null
afterEach(async () => {
  await stopStub?.()
  stopStub = null
  Object.assign(demo.faults, { failNext: null, rateLimitBurst: null })
  demo.context.behaviour.modelNotFoundShape = 'envelope'
})

const clientFor = (key: keyof DemoServer['keys']) =>
  new ManagementClient({ endpoint: { baseUrl: demo.baseUrl, key: demo.keys[key] } })

async function stub(route: (path: string) => Reply) {
  const g = await startStubGateway(route)
  stopStub = g.close
  return { ...g, client: new ManagementClient({ endpoint: { baseUrl: g.baseUrl, key: 'sk-stub-0001' } }) }
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(GatewayError)
  return err as GatewayError
}

describe('ManagementClient against the demo service', () => {
  it('reads the account, usage and pools of an ordinary account', async () => {
    const c = clientFor('ordinary')
    const me = await c.me()
    expect(me.plan).toBe('ADVANCED_PLUS')
    expect(me.balance.totalVND).toBeCloseTo(me.balance.realVND + me.balance.bonusVND, 2)
    const usage = await c.usage({ limit: 5 })
    expect(usage.data).toHaveLength(5)
    expect(usage.total).toBeGreaterThan(5)
    const dates = usage.data.map((r) => r.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    const daily = await c.usageDaily({ days: 3 })
    expect(daily.data.length).toBeGreaterThan(0)
    expect(daily.data.length).toBeLessThanOrEqual(3)
    expect((await c.usageModels()).data.length).toBeGreaterThan(0)
    expect((await c.usageStats()).totalRequests).toBeGreaterThanOrEqual(usage.total)
    const quota = await c.quota()
    expect(quota.pool_a.remaining).toBeLessThanOrEqual(quota.pool_a.totalQuota)
    const savings = await c.savings()
    expect(savings.totalSavedVND).toBeGreaterThanOrEqual(0)
    expect(c.access).toBe('full')
  })

  it('reads the whole catalog and single models of every kind', async () => {
    const c = clientFor('ordinary')
    const catalog = await c.models()
    expect(new Set(catalog.data.map((m) => m.kind))).toEqual(new Set(['text', 'image', 'video', 'embedding']))
    const text = await c.textModels()
    expect(text.data).toHaveLength(catalog.counts.text)
    const image = await c.imageModels()
    expect(new Set(image.data.flatMap((m) => m.pricing.generation.map((e) => e.shape)))).toEqual(
      new Set(['quality_size', 'resolution']),
    )
    const video = await c.videoModels()
    expect(new Set(video.data.map((m) => m.pricing.shape))).toEqual(
      new Set(['per_resolution', 'by_input_type', 'flat']),
    )
    expect((await c.embeddingModels()).data.length).toBe(catalog.counts.embedding)
    expect(await c.model('sora-2-pro')).toMatchObject({
      kind: 'video',
      model: { pricing: { shape: 'by_input_type' } },
    })
    expect(await c.model('qwen/qwen3-235b-a22b')).toMatchObject({
      kind: 'text',
      model: { model_id: 'qwen/qwen3-235b-a22b' },
    })
  })

  it('clamps limit to 200: the demo has more records and returns 200', async () => {
    const page = await clientFor('ordinary').usage({ limit: 10_000 })
    expect(page.data).toHaveLength(200)
  })
})

describe('what the client sends', () => {
  it('clamps limit to 1..200 and days to 1..365 before they leave, and encodes model ids', async () => {
    const g = await stub(() => ({ status: 200, body: { data: [], total: 0 } }))
    await g.client.usage({ limit: 1000 })
    await g.client.usage({ limit: 0 })
    await g.client.usage({ limit: -7 })
    await g.client.usage({ limit: Number.NaN })
    await g.client.usage()
    await g.client.usageDaily({ days: 9999 })
    await g.client.usageDaily({ days: 2.7 })
    await g.client.model('a/b c?d').catch(() => {})
    expect(g.seen.map((s) => s.path)).toEqual([
      '/v1/management/usage?limit=200',
      '/v1/management/usage?limit=1',
      '/v1/management/usage?limit=1',
      '/v1/management/usage?limit=50',
      '/v1/management/usage?limit=50',
      '/v1/management/usage/daily?days=365',
      '/v1/management/usage/daily?days=2',
      '/v1/management/models/a%2Fb%20c%3Fd',
    ])
  })
})

describe('error kinds', () => {
  it('401 from a revoked key is auth', async () => {
    const err = await failure(clientFor('revoked').me())
    expect(err).toMatchObject({ kind: 'auth', details: { status: 401, code: 'invalid_api_key' } })
    expect(err.details.requestId).toBeTruthy()
  })

  it.each(['reseller', 'internal'] as const)(
    '403 for a %s account on Account & Usage is forbidden, and the catalog still answers',
    async (who) => {
      const c = clientFor(who)
      const err = await failure(c.me())
      expect(err).toMatchObject({
        kind: 'forbidden',
        details: { status: 403, code: 'insufficient_permissions' },
      })
      expect(c.access).toBe('catalog_only')
      expect((await c.textModels()).data.length).toBeGreaterThan(0)
    },
  )

  it('asks the catalog once per key, then reuses the finding', async () => {
    const c = clientFor('reseller')
    await failure(c.me())
    expect(c.budget.stats().sent).toBe(2) // /me, then /models to tell reseller from locked
    await failure(c.usageStats())
    await failure(c.savings())
    expect(c.budget.stats().sent).toBe(4)
  })

  it.each(['disabled', 'locked'] as const)(
    '403 for a %s account is account_locked, everywhere',
    async (who) => {
      const c = clientFor(who)
      expect(await failure(c.me())).toMatchObject({ kind: 'account_locked', details: { status: 403 } })
      expect(await failure(c.models())).toMatchObject({ kind: 'account_locked' })
      expect(await failure(c.model('gpt-4.1'))).toMatchObject({ kind: 'account_locked' })
      expect(c.access).toBe('locked')
    },
  )

  it('403 on Account & Usage with the catalog unreachable stays forbidden and is asked again next time', async () => {
    const g = await stub((path) =>
      path === '/v1/management/models'
        ? { status: 503, raw: '<html>maintenance</html>' }
        : envelope(403, 'insufficient_permissions', 'no', 'permission_error'),
    )
    expect(await failure(g.client.me())).toMatchObject({ kind: 'forbidden' })
    expect(await failure(g.client.quota())).toMatchObject({ kind: 'forbidden' })
    expect(g.seen.filter((s) => s.path === '/v1/management/models')).toHaveLength(2)
    expect(g.client.access).toBe('unknown')
  })

  it.each(['envelope', 'flat'] as const)('404 for an unknown model is not_found (%s body)', async (shape) => {
    demo.context.behaviour.modelNotFoundShape = shape
    const err = await failure(clientFor('ordinary').model('no-such-model'))
    expect(err).toMatchObject({ kind: 'not_found', details: { status: 404, code: 'model_not_found' } })
    expect(err.message).toContain('no-such-model')
  })

  it('429 pauses the budget for Retry-After and the retried request succeeds', async () => {
    demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 1 }
    const c = clientFor('free')
    const me = await c.me()
    expect(me.plan).toBe('FREE')
    expect(c.budget.stats()).toMatchObject({ sent: 2, rateLimited: 1 })
  })

  it('429 twice in a row is rate_limit with retryAfterMs read from Retry-After', async () => {
    demo.faults.rateLimitBurst = { count: 2, retryAfterSec: 1 }
    const err = await failure(clientFor('free').usageStats())
    expect(err).toMatchObject({ kind: 'rate_limit', retryAfterMs: 1000, details: { status: 429 } })
  })

  it.each([500, 502] as const)('%i is server, and is not retried', async (status) => {
    demo.faults.failNext = { count: 1, status }
    const c = clientFor('basic')
    expect(await failure(c.usageModels())).toMatchObject({ kind: 'server', details: { status } })
    expect(c.budget.stats().sent).toBe(1)
    expect((await c.usageModels()).data).toBeDefined()
  })

  it('no answer at all is network', async () => {
    const port = await closedPort()
    const c = new ManagementClient({ endpoint: { baseUrl: `http://127.0.0.1:${port}`, key: 'sk-none-0001' } })
    expect(await failure(c.me())).toMatchObject({ kind: 'network' })
  })

  it('a 200 whose body is not JSON is protocol; an HTML 502 is server', async () => {
    const g = await stub((path) =>
      path.endsWith('/me')
        ? { status: 200, raw: '<html>hello</html>' }
        : { status: 502, raw: '<html>bad gw</html>' },
    )
    expect(await failure(g.client.me())).toMatchObject({ kind: 'protocol' })
    expect(await failure(g.client.usageStats())).toMatchObject({ kind: 'server', details: { status: 502 } })
  })

  it('a 200 with a wrong field is protocol naming it', async () => {
    const g = await stub(() => ({ status: 200, body: { totalRequests: 'many' } }))
    const err = await failure(g.client.usageStats())
    expect(err).toMatchObject({ kind: 'protocol', field: 'totalRequests' })
  })
})

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
