// The UI's facade: the glance painted from cache then refreshed, per-part errors, update events, and the
// tray's refresh policy on simulated time; plus a reseller account against the demo service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AccountService,
  createAccountService,
  type AccountUpdate,
} from '../../../main/api/management/account-service'
import { CacheFile } from '../../../main/api/management/cache-file'
import { managementRequests as req } from '../../../main/api/management/requests'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { meBody } from './support/fixtures'
import { DEFAULT_ANSWERS, refusal, removeTempDirs, simulate, tempDir } from './support/simulated'

const MINUTE_MS = 60_000

afterAll(removeTempDirs)
const ACCOUNT_PATHS = Object.keys(DEFAULT_ANSWERS).filter((p) => !p.startsWith('/v1/management/models'))

describe('AccountService', () => {
  it('paints the glance from the cache at once, then refreshes stale parts and says so', async () => {
    const dir = tempDir()
    const first = await simulate({ dir })
    await new AccountService({ cache: first.cache, clock: first.clock }).refreshGlance()
    await first.file.flush()

    const second = await simulate({ dir, clock: first.clock })
    await second.clock.advance(90_000)
    second.answers['/v1/management/me'] = { ...meBody, balance: { ...meBody.balance, totalVND: 10 } }
    const service = new AccountService({ cache: second.cache, clock: second.clock })
    const updates: AccountUpdate[] = []
    service.onUpdate((u) => updates.push(u))

    const painted = service.glance()
    expect(painted.me).toMatchObject({ stale: true, refreshing: true, ageMs: 90_000, error: null })
    expect(painted.me.value?.balance.totalVND).toBe(1_250_000)
    expect(painted.me.fetchedAt).toBe(new Date(first.clock.now() - 90_000).toISOString())
    expect(painted.savings).toMatchObject({ stale: false, refreshing: false })
    expect(second.calls).toEqual(['/v1/management/me'])

    await second.clock.advance(0)
    const last = updates.at(-1)
    expect(last?.requestId).toBe('/v1/management/me')
    expect(last?.glance.me).toMatchObject({ stale: false, refreshing: false, ageMs: 0 })
    expect(last?.glance.me.value?.balance.totalVND).toBe(10)
  })

  it('keeps errors per part: a reseller sees forbidden on Account & Usage and a working catalog', async () => {
    const answers = Object.fromEntries(ACCOUNT_PATHS.map((p) => [p, refusal(403)]))
    const sim = await simulate({ answers })
    const service = new AccountService({ cache: sim.cache, clock: sim.clock })
    const glance = await service.refreshGlance()
    for (const part of [glance.me, glance.quota, glance.savings, glance.daily, glance.stats]) {
      expect(part.value).toBeNull()
      expect(part.error).toMatchObject({ kind: 'forbidden' })
    }
    expect(glance.access).toBe('catalog_only')
    const catalog = await service.fetchView(req.textModels())
    expect(catalog.error).toBeNull()
    expect(catalog.value?.data[0]?.model_id).toBe('gpt-4.1')
  })

  it('with the popup closed spends 15 requests in 10 minutes: /me every minute, the rest lazily', async () => {
    const sim = await simulate()
    const service = new AccountService({ cache: sim.cache, clock: sim.clock })
    service.start()
    await sim.clock.advance(10 * MINUTE_MS - 1)
    service.stop()
    const count = (path: string) => sim.calls.filter((c) => c.startsWith(path)).length
    expect(count('/v1/management/me')).toBe(10)
    expect(count('/v1/management/cliproxy-quota')).toBe(2)
    expect(count('/v1/management/savings')).toBe(1)
    expect(count('/v1/management/usage/daily')).toBe(1)
    expect(count('/v1/management/usage/stats')).toBe(1)
    expect(sim.calls).toHaveLength(15)
  })

  it('opening the popup refreshes what is stale at once, at the front of the queue', async () => {
    const sim = await simulate()
    const service = new AccountService({ cache: sim.cache, clock: sim.clock })
    await service.refreshGlance()
    sim.calls.length = 0
    await sim.clock.advance(3 * MINUTE_MS)
    service.setPopupOpen(true)
    await sim.clock.advance(0)
    expect(sim.calls.sort()).toEqual(['/v1/management/cliproxy-quota', '/v1/management/me'])
  })

  it('keeps telling listeners after the periodic refresh stops, and nothing after dispose', async () => {
    const sim = await simulate()
    const service = new AccountService({ cache: sim.cache, clock: sim.clock })
    const heard: string[] = []
    service.onUpdate((u) => heard.push(u.requestId))
    service.start()
    service.stop()
    await sim.clock.advance(0)
    expect(heard).toHaveLength(5)
    service.view(req.models())
    await sim.clock.advance(0)
    expect(heard).toHaveLength(6)
    service.dispose()
    service.view(req.textModels())
    await sim.clock.advance(0)
    expect(heard).toHaveLength(6)
  })

  it('stops telling a listener once it unsubscribes', async () => {
    const sim = await simulate()
    const service = new AccountService({ cache: sim.cache, clock: sim.clock })
    const heard: string[] = []
    const off = service.onUpdate((u) => heard.push(u.requestId))
    service.view(req.me())
    await sim.clock.advance(0)
    off()
    service.view(req.usageStats())
    await sim.clock.advance(0)
    expect(heard).toEqual(['/v1/management/me'])
  })
})

describe('AccountService against the demo service', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 9, mounts: [] })
  })
  afterAll(() => demo.close())

  it('gives an ordinary account a full glance', async () => {
    const file = await CacheFile.open({ dir: tempDir() })
    const service = createAccountService({
      endpoint: { baseUrl: demo.baseUrl, key: demo.keys.ordinary },
      file,
    })
    const glance = await service.refreshGlance()
    expect(glance.access).toBe('full')
    expect(glance.me.value?.plan).toBe('ADVANCED_PLUS')
    expect(glance.daily.value?.data.length).toBeGreaterThan(0)
    expect(glance.daily.value?.data.length).toBeLessThanOrEqual(7)
    for (const part of [glance.quota, glance.savings, glance.stats])
      expect(part).toMatchObject({ error: null })
  })

  it('shows a reseller its catalog beside a forbidden Account & Usage', async () => {
    const file = await CacheFile.open({ dir: tempDir() })
    const service = createAccountService({
      endpoint: { baseUrl: demo.baseUrl, key: demo.keys.reseller },
      file,
    })
    const glance = await service.refreshGlance()
    expect(glance.me.error).toMatchObject({ kind: 'forbidden' })
    expect(glance.access).toBe('catalog_only')
    const catalog = await service.fetchView(req.models())
    expect(catalog.value?.counts.text).toBeGreaterThan(0)
  })

  it('tells a locked account apart from a reseller', async () => {
    const file = await CacheFile.open({ dir: tempDir() })
    const service = createAccountService({ endpoint: { baseUrl: demo.baseUrl, key: demo.keys.locked }, file })
    const glance = await service.refreshGlance()
    expect(glance.me.error).toMatchObject({ kind: 'account_locked' })
    expect(glance.access).toBe('locked')
  })
})
