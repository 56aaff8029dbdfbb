// The account hub against the demo service: glance from the service, pushed to the renderer, tray kept
// current, alerts raised, and a new service when the key changes.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountHub } from '../../main/account/account-hub'
import type { TrayStatus } from '../../main/account/tray-status'
import { ConnectionService } from '../../main/connection/connection-service'
import { validateKey } from '../../main/connection/validate-key'
import { VND_PER_USD } from '../../main/demo/billing/money'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { MemorySecretStore } from '../../main/secrets/memory-store'
import { SettingsService } from '../../main/settings/settings-service'

let dir: string
let demo: DemoServer
let gateway: DemoServer
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-hub-'))
  demo = await startDemoServer({ port: 0, seed: 3 })
  gateway = await startDemoServer({ port: 0, seed: 4 })
})
afterEach(async () => {
  await demo.close()
  await gateway.close()
  await rm(dir, { recursive: true, force: true })
})

async function makeHub() {
  const settings = await SettingsService.open({
    filePath: join(dir, 'settings.json'),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'loa' }),
  })
  const connection = new ConnectionService({
    settings,
    secrets: { store: new MemorySecretStore(), warning: null },
    validateKey,
    startDemo: async () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary!, close: async () => {} }),
  })
  await connection.init()
  const events = new EventHub()
  const pushed: string[] = []
  events.addSink((channel) => pushed.push(channel))
  const tray: TrayStatus[] = []
  const notes: string[] = []
  const hub = await AccountHub.open({
    connection,
    settings,
    events,
    cacheDir: dir,
    language: () => 'vi',
    host: { notify: (title) => void notes.push(title), setTrayStatus: (s) => void tray.push(s) },
  })
  return { hub, connection, settings, pushed, tray, notes }
}

const balanceOf = async (server: DemoServer, key: string) => {
  const res = await fetch(`${server.baseUrl}/v1/management/me`, {
    headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'test' },
  })
  return ((await res.json()) as { balance: { totalVND: number } }).balance.totalVND
}

describe('the account hub', () => {
  it('refreshes the glance from the service, pushes it and puts the balance on the tray', async () => {
    const { hub, pushed, tray } = await makeHub()
    const glance = await hub.refresh()
    expect(glance.me.value?.balance.totalVND).toBe(await balanceOf(demo, demo.keys.ordinary!))
    expect(glance.quota.value?.pool_a).toBeDefined()
    expect(pushed).toContain('account:changed')
    expect(tray.at(-1)?.tooltip).toMatch(/^Loa \(Demo\) — [\d.]+\s₫$/)
    await hub.close()
  })

  it('raises the low-balance alert when the threshold is above the balance', async () => {
    const { hub, settings, notes, tray } = await makeHub()
    await hub.refresh()
    settings.update({ lowBalanceThresholdVnd: 999_000_000 })
    expect(notes).toEqual(['Số dư sắp hết'])
    expect(tray.at(-1)?.state).toBe('low')
    await hub.close()
  })

  it('starts over with the new key when the key changes', async () => {
    const { hub, connection } = await makeHub()
    const before = await hub.refresh()
    await connection.setKey(gateway.keys.free!, gateway.baseUrl)
    const after = await hub.refresh()
    expect(after.me.value?.plan).toBe('FREE')
    expect(after.me.value?.email).not.toBe(before.me.value?.email)
    await hub.close()
  })

  it('keeps the catalog for a reseller key while Account & Usage is refused', async () => {
    const { hub, connection } = await makeHub()
    await connection.setKey(gateway.keys.reseller!, gateway.baseUrl)
    const glance = await hub.refresh()
    expect(glance.me.error?.kind).toBe('forbidden')
    const text = await hub.catalog('text')
    expect(text.kind).toBe('text')
    expect(text.list.value?.data.length).toBeGreaterThan(0)
    await hub.close()
  })

  it('sends every catalog tab and model detail with the rate the service’s own VND prices imply', async () => {
    const { hub } = await makeHub()
    const service = { rate: VND_PER_USD, source: 'service' }
    for (const kind of ['text', 'image', 'video', 'embedding'] as const) {
      expect((await hub.catalog(kind)).vndPerUsd).toEqual(service)
    }
    const detail = await hub.model('gpt-4.1')
    expect(detail.kind).toBe('text')
    expect(detail.vndPerUsd).toEqual(service)
    await hub.close()
  })

  it('sends the recent requests with when each was sent and when it finished', async () => {
    const { hub } = await makeHub()
    const records = (await hub.records(20)).value!
    expect(records.data).toHaveLength(20)
    for (const r of records.data) expect([r.sentAt, r.finishedAt]).toEqual([r.date, r.completedAt])
    await hub.close()
  })

  it('still answers a tab when the lists that tell the rate fail, with the reference rate', async () => {
    const { hub } = await makeHub()
    demo.faults.failNext = { status: 500, count: 1000 }
    try {
      const text = await hub.catalog('text')
      expect(text.list.error).not.toBeNull()
      expect(text.vndPerUsd).toEqual({ rate: 27_500, source: 'reference' })
    } finally {
      demo.faults.failNext = null
    }
    await hub.close()
  })
})
