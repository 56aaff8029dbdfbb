// "Save support bundle" in Settings, clicked in real Chromium through the browser harness against the
// embedded demo service: the file lands where the harness saves exports, Settings says where, and the file
// holds the checks and the requests the page caused, with their request ids, and not the key.
import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupportBundle } from '../../main/support/bundle'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'

let browser: Browser
let harness: Awaited<ReturnType<typeof startTestHarness>>

beforeAll(async () => {
  harness = await startTestHarness()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

describe('Save support bundle', () => {
  it('saves the bundle from Settings and says where, with no key in it', async () => {
    const page = await browser.newPage()
    await page.goto(harness.launchUrl('settings'))
    await page.getByTestId('support-save').click()
    const status = page.getByTestId('support-saved')
    await status.waitFor()

    expect(harness.desktop.saved).toHaveLength(1)
    const path = harness.desktop.saved[0] as string
    expect(await status.textContent()).toContain(path)
    const text = await readFile(path, 'utf8')
    const bundle = JSON.parse(text) as SupportBundle
    const { baseUrl, key } = harness.core.connection.endpoint()
    expect(text).not.toContain(key)
    expect(bundle.endpointHost).toBe(new URL(baseUrl).host)
    expect(bundle.checks.map((c) => [c.id, c.ok])).toEqual([
      ['endpoint', true],
      ['key', true],
      ['clock', true],
      // The harness keeps the key in memory: no system keychain, and the bundle says so.
      ['keychain', false],
    ])
    // The page in headless Chromium may list no named device; whatever it sent is what the bundle holds.
    expect(bundle.audioDevices === null || Array.isArray(bundle.audioDevices)).toBe(true)
    // The requests the page caused on its way to Settings, with the demo's statuses.
    const me = bundle.recentRequests.filter((r) => r.path === '/v1/management/me')
    expect(me.length).toBeGreaterThan(0)
    expect(me.every((r) => r.status === 200)).toBe(true)
    await page.close()
  })
})
