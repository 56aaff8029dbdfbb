// The cache: freshness per endpoint, stale-while-revalidate, back-off, persistence across a restart,
// damaged and unwritable files, and accounts kept apart by key hash.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CACHE_FILE_NAME, CacheFile } from '../../../main/api/management/cache-file'
import { keyHash } from '../../../main/api/management/key-hash'
import { managementRequests as req } from '../../../main/api/management/requests'
import { meBody } from './support/fixtures'
import { refusal, removeTempDirs, simulate, tempDir } from './support/simulated'

const me = req.me()

afterAll(removeTempDirs)

describe('management cache', () => {
  it('serves a fresh entry without asking again, and a stale one at once while refreshing it', async () => {
    const sim = await simulate()
    expect(sim.cache.get(me)).toMatchObject({ value: null, stale: true, refreshing: true })
    await sim.clock.advance(0)
    expect(sim.calls).toEqual(['/v1/management/me'])
    const fresh = sim.cache.get(me)
    expect(fresh).toMatchObject({ stale: false, refreshing: false, ageMs: 0 })
    expect(fresh.value?.balance.totalVND).toBe(1_250_000)

    await sim.clock.advance(59_000)
    expect(sim.cache.get(me)).toMatchObject({ stale: false, ageMs: 59_000 })
    expect(sim.calls).toHaveLength(1)

    sim.answers['/v1/management/me'] = { ...meBody, balance: { ...meBody.balance, totalVND: 900_000 } }
    await sim.clock.advance(1_000)
    const stale = sim.cache.get(me)
    expect(stale).toMatchObject({ stale: true, refreshing: true, ageMs: 60_000 })
    expect(stale.value?.balance.totalVND).toBe(1_250_000)
    await sim.clock.advance(0)
    expect(sim.cache.get(me).value?.balance.totalVND).toBe(900_000)
    expect(sim.calls).toHaveLength(2)
  })

  it('treats an entry fetched after "now" (the wall clock was set back) as stale', async () => {
    const sim = await simulate()
    sim.file.set(sim.client.keyHash, me.id, { fetchedAtMs: sim.clock.now() + 3_600_000, body: meBody })
    expect(sim.cache.peek(me)).toMatchObject({ stale: true, ageMs: 0 })
    sim.file.set(sim.client.keyHash, req.savings().id, { fetchedAtMs: sim.clock.now() + 3_600_000, body: {} })
    await sim.cache.refresh(req.savings())
    expect(sim.calls).toEqual(['/v1/management/savings'])
  })

  it('tells listeners when a refresh lands', async () => {
    const sim = await simulate()
    const heard: string[] = []
    sim.cache.onUpdate((id) => heard.push(id))
    sim.cache.get(me)
    sim.cache.get(req.usageDaily(7))
    await sim.clock.advance(0)
    expect(heard.sort()).toEqual(['/v1/management/me', '/v1/management/usage/daily?days=7'])
  })

  it('uses the freshness of each endpoint: catalog one hour, aggregates five minutes', async () => {
    const sim = await simulate()
    await sim.cache.load(req.models())
    await sim.cache.load(req.usageStats())
    await sim.clock.advance(5 * 60_000)
    expect(sim.cache.peek(req.usageStats()).stale).toBe(true)
    expect(sim.cache.peek(req.models()).stale).toBe(false)
    await sim.clock.advance(55 * 60_000)
    expect(sim.cache.peek(req.models()).stale).toBe(true)
  })

  it('never fetches /savings more often than every five minutes, even when forced', async () => {
    const sim = await simulate()
    await sim.cache.refresh(req.savings(), { force: true })
    await sim.clock.advance(4 * 60_000)
    await sim.cache.refresh(req.savings(), { force: true })
    expect(sim.calls.filter((c) => c === '/v1/management/savings')).toHaveLength(1)
    await sim.clock.advance(60_000)
    await sim.cache.refresh(req.savings(), { force: true })
    expect(sim.calls.filter((c) => c === '/v1/management/savings')).toHaveLength(2)
  })

  it('keeps the last value and the error after a failed refresh, and backs off before trying again', async () => {
    const sim = await simulate()
    await sim.cache.load(me)
    sim.answers['/v1/management/me'] = refusal(503, 'server')
    await sim.clock.advance(60_000)
    const view = await sim.cache.refresh(me)
    expect(view.value?.name).toBe('Nguyễn Thị Lan Anh')
    expect(view.error?.kind).toBe('server')
    sim.cache.get(me)
    await sim.clock.advance(10_000)
    sim.cache.get(me)
    expect(sim.calls).toHaveLength(2)
    await sim.clock.advance(5_000)
    sim.answers['/v1/management/me'] = meBody
    sim.cache.get(me)
    await sim.clock.advance(0)
    expect(sim.calls).toHaveLength(3)
    expect(sim.cache.peek(me)).toMatchObject({ error: null, stale: false })
  })

  it('load rejects with the error when nothing could be fetched', async () => {
    const sim = await simulate({ answers: { '/v1/management/me': refusal(401, 'auth') } })
    await expect(sim.cache.load(me)).rejects.toMatchObject({ kind: 'auth' })
  })

  it('survives a restart: the second run paints from disk before any network answer', async () => {
    const dir = tempDir()
    const first = await simulate({ dir })
    await first.cache.load(me)
    await first.cache.load(req.textModels())
    await first.file.flush()

    const second = await simulate({
      dir,
      clock: first.clock,
      answers: { '/v1/management/me': refusal(503, 'server') },
    })
    await second.clock.advance(30_000)
    const view = second.cache.get(me)
    expect(view).toMatchObject({ stale: false, ageMs: 30_000, refreshing: false })
    expect(view.value?.email).toBe('lan.anh@gmail.com')
    expect(second.cache.peek(req.textModels()).value?.data[0]?.model_id).toBe('gpt-4.1')
    expect(second.calls).toEqual([])
  })

  it('writes the file atomically a moment after a change, without the key in it', async () => {
    const dir = tempDir()
    const key = 'sk-live-SECRET-0123456789abcdef'
    const sim = await simulate({ dir, key })
    await sim.cache.load(me)
    await sim.clock.advance(1_000)
    await sim.file.flush()
    const text = readFileSync(join(dir, CACHE_FILE_NAME), 'utf8')
    expect(text).not.toContain(key)
    expect(text).not.toContain('SECRET')
    const hash = keyHash({ baseUrl: 'https://gateway.invalid', key })
    expect(hash).toMatch(/^[0-9a-f]{16}$/)
    expect(Object.keys(JSON.parse(text).accounts)).toEqual([hash])
  })

  it('keeps two accounts apart', async () => {
    const dir = tempDir()
    const a = await simulate({ dir, key: 'sk-account-aaaaaaaa' })
    await a.cache.load(me)
    await a.file.flush()
    const b = await simulate({
      dir,
      key: 'sk-account-bbbbbbbb',
      answers: { '/v1/management/me': { ...meBody, id: 'usr_2', email: 'b@example.vn' } },
    })
    expect(b.cache.peek(me).value).toBeNull()
    await b.cache.load(me)
    expect(b.cache.peek(me).value?.email).toBe('b@example.vn')
    expect(a.cache.peek(me).value?.email).toBe('lan.anh@gmail.com')
  })

  it.each([
    ['not JSON', '{"version":1,"accounts":{"abc'],
    ['another shape', '[1,2,3]'],
    ['a future version', '{"version":99,"accounts":{}}'],
  ])('discards a damaged file (%s) and starts empty, then replaces it', async (_label, content) => {
    const dir = tempDir()
    writeFileSync(join(dir, CACHE_FILE_NAME), content)
    const errors: unknown[] = []
    const file = await CacheFile.open({ dir, onError: (e) => errors.push(e) })
    expect(file.get('abc', '/v1/management/me')).toBeUndefined()
    expect(errors).toHaveLength(1)
    file.set('abc', '/v1/management/me', { fetchedAtMs: Date.now(), body: meBody })
    await file.flush()
    expect(JSON.parse(readFileSync(join(dir, CACHE_FILE_NAME), 'utf8')).version).toBe(1)
  })

  it('drops an entry whose body no longer reads, instead of failing', async () => {
    const dir = tempDir()
    const sim = await simulate({ dir })
    sim.file.set(sim.client.keyHash, me.id, { fetchedAtMs: sim.clock.now(), body: { id: 42 } })
    expect(sim.cache.peek(me).value).toBeNull()
    expect(sim.file.get(sim.client.keyHash, me.id)).toBeUndefined()
  })

  it('keeps working in memory when the file cannot be written', async () => {
    const parent = tempDir()
    writeFileSync(join(parent, 'not-a-dir'), 'x')
    const errors: unknown[] = []
    const file = await CacheFile.open({
      dir: join(parent, 'not-a-dir', 'cache'),
      onError: (e) => errors.push(e),
    })
    const errorsOnOpen = errors.length
    file.set('h', '/v1/management/me', { fetchedAtMs: 1, body: meBody })
    await file.flush()
    expect(file.memoryOnly).toBe(true)
    expect(errors).toHaveLength(errorsOnOpen + 1)
    expect((errors.at(-1) as NodeJS.ErrnoException).code).toBe('ENOTDIR')
    expect(file.get('h', '/v1/management/me')?.body).toEqual(meBody)
  })

  it('leaves no temporary files behind', async () => {
    const dir = tempDir()
    mkdirSync(dir, { recursive: true })
    const file = await CacheFile.open({ dir })
    for (let i = 0; i < 5; i++) {
      file.set('h', `/x${i}`, { fetchedAtMs: Date.now(), body: { i } })
      await file.flush()
    }
    expect(readdirSync(dir)).toEqual([CACHE_FILE_NAME])
  })
})
