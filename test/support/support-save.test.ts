// "Save support bundle" through the IPC contract, on the app's composition root (the browser harness's)
// against the real demo service: the bundle holds the versions, the gateway's host, the keychain and talk
// key backends, the page's audio devices, the requests with their request ids and statuses and the checks,
// and never the key or a text the user had read aloud.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import type { SupportBundle } from '../../main/support/bundle'
import { startWebHarness, type WebHarness } from '../../main/web/harness'

let demo: DemoServer
let harness: WebHarness
let dataDir: string

/** A text no request line, header or bundle field could hold unless the reading leaked into it. */
const READ_ALOUD = 'Bà Tư bán bánh xèo ở chợ Bến Thành từ năm 1987 đến nay.'

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 43 })
  dataDir = await mkdtemp(join(tmpdir(), 'loa-support-save-'))
  harness = await startWebHarness({
    dataDir,
    osLocale: 'vi-VN',
    startDemo: async () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary, close: async () => {} }),
  })
})

afterAll(async () => {
  await harness?.close()
  await demo?.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function logText(): Promise<string> {
  const dir = join(dataDir, 'logs')
  const names = await readdir(dir)
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('')
}

describe('support:save', () => {
  it('saves the bundle with what support needs, and no key nor text read aloud', async () => {
    const { core } = harness
    await core.reader.read({
      text: READ_ALOUD,
      model: 'openai/tts-1',
      voice: 'nova',
      format: 'wav',
      speed: 1,
    })
    await core.reader.current?.settled()
    expect(core.reader.snapshot().reading?.state).toBe('done')
    const missing = await core.router.dispatch('catalog:model', { id: 'no-such-model' }, { surface: 'main' })
    expect(missing.ok).toBe(false)

    const result = await core.router.dispatch(
      'support:save',
      { audioDevices: ['Built-in Microphone', 'USB Headset'] },
      { surface: 'main' },
    )
    expect(result.ok).toBe(true)
    const path = (result as { value: { path: string } }).value.path
    expect(path.endsWith('.json')).toBe(true)
    const text = await readFile(path, 'utf8')
    const bundle = JSON.parse(text) as SupportBundle

    expect(bundle.versions.loa).toMatch(/^\d+\.\d+\.\d+/)
    expect(bundle.versions.node).toBe(process.versions.node)
    expect(bundle.endpointHost).toBe(new URL(demo.baseUrl).host)
    expect(bundle.keychain).toMatchObject({ usable: false })
    expect(bundle.hotkey).toMatchObject({ backend: 'none', keyUp: false, reason: 'hotkey.reason.browser' })
    expect(bundle.audioDevices).toEqual(['Built-in Microphone', 'USB Headset'])
    // The refused model's request, with the status and the request id the demo answered.
    const refused = bundle.recentRequests.find((r) => r.path === '/v1/management/models/no-such-model')
    expect(refused).toMatchObject({ method: 'GET', status: 404 })
    expect(refused?.requestId).toMatch(/\S/)
    expect(bundle.recentRequests.some((r) => r.path.startsWith('/v1/audio') && r.status === 200)).toBe(true)
    expect(bundle.recentErrors.map((e) => e.event)).toContain('request failed')
    expect(bundle.lastLogLines.length).toBeGreaterThan(0)
    expect(bundle.checks.map((c) => [c.id, c.ok])).toEqual([
      ['endpoint', true],
      ['key', true],
      ['clock', true],
      ['keychain', false],
    ])
    // Settings speaks Vietnamese here (the OS locale), and so do the hints.
    expect(bundle.checks.find((c) => c.id === 'keychain')?.hint).toContain('chuỗi khóa')

    const log = await logText()
    for (const kept of [text, log]) {
      expect(kept).not.toContain(demo.keys.ordinary)
      expect(kept).not.toContain(READ_ALOUD)
      expect(kept).not.toContain('bánh xèo')
    }
  })
})
