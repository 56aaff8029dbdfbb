// The balance the app shows follows a paid reading at once, through the app's composition root (the
// browser harness's) against the demo service: not a refresh interval (a minute) later.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { startWebHarness, type WebHarness } from '../../main/web/harness'

let demo: DemoServer | null = null
let harness: WebHarness | null = null
let dataDir: string | null = null
afterEach(async () => {
  await harness?.close()
  await demo?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  harness = demo = dataDir = null
})

async function start(): Promise<{ h: WebHarness; d: DemoServer }> {
  const d = (demo = await startDemoServer({ port: 0, seed: 29, mounts: [] }))
  dataDir = await mkdtemp(join(tmpdir(), 'loa-reader-balance-'))
  const h = (harness = await startWebHarness({
    dataDir,
    osLocale: 'vi-VN',
    startDemo: async () => ({ baseUrl: d.baseUrl, key: d.keys.ordinary as string, close: async () => {} }),
  }))
  return { h, d }
}

/** The balance the glance shows once it equals `vnd`, or what it still shows after `withinMs`. */
async function glanceBalance(h: WebHarness, vnd: number, withinMs: number): Promise<number | null> {
  const end = Date.now() + withinMs
  for (;;) {
    const shown = h.core.account.glance().me.value?.balance.totalVND ?? null
    if (shown === vnd || Date.now() > end) return shown
    await new Promise((res) => setTimeout(res, 25))
  }
}

describe('the balance after a reading', () => {
  it('is the demo wallet’s as soon as a paid reading finishes', async () => {
    const { h, d } = await start()
    const account = d.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
    const wallet = () => d.context.ledger.balanceVND(account)
    await h.core.account.refresh()
    const before = wallet()
    expect(h.core.account.glance().me.value?.balance.totalVND).toBe(before)

    const started = await h.core.reader.read({
      text: 'Xin chào các bạn. Hôm nay trời Hà Nội trong xanh, chúng tôi đi dạo quanh hồ.',
      model: 'openai/tts-1',
      voice: 'nova',
      format: 'wav',
      speed: 1,
    })
    await h.core.reader.current?.settled()
    const done = h.core.reader.snapshot().reading
    expect(done).toMatchObject({ id: started.id, state: 'done' })
    expect(done?.spentVnd).toBeGreaterThan(0)
    expect(wallet()).toBeLessThan(before)

    // The account refreshes itself every minute; this must not wait for that.
    expect(await glanceBalance(h, wallet(), 5_000)).toBe(wallet())
  })
})
