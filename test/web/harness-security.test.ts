// The browser harness against hostile or careless clients: launch links and sessions that expire, a
// capped number of sessions, a cookie scoped to this harness, and sockets that a bad frame closes alone,
// the harness serving on. Real HTTP and WebSockets against the real harness; a raw `ws` client sends what
// no browser would.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { KeytarLike } from '../../main/secrets/keytar-store'
import { SERVICE_NAME, WEB_HARNESS_SERVICE_NAME } from '../../main/secrets/secret-store'
import type { AccessOptions } from '../../main/web/access'
import { startWebHarness, type WebHarness } from '../../main/web/harness'
import { chooseHarnessSecrets } from '../../main/web/harness-secrets'

const open: Array<{ harness: WebHarness; dir: string }> = []
afterEach(async () => {
  for (const { harness, dir } of open.splice(0)) {
    await harness.close()
    await rm(dir, { recursive: true, force: true })
  }
})

/** A harness over a one-page renderer, its clock in the test's hands. */
async function start(access: Omit<AccessOptions, 'port'> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'loa-harness-'))
  const rendererDir = join(dir, 'renderer')
  await import('node:fs/promises').then((fs) => fs.mkdir(rendererDir))
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head></head><body>Loa</body></html>',
  )
  const clock = { ms: 1_000_000 }
  const harness = await startWebHarness({
    dataDir: dir,
    rendererDir,
    access: { now: () => clock.ms, ...access },
  })
  open.push({ harness, dir })
  return { harness, clock }
}

/** Follows a launch link by hand: the cookie it sets, as a browser would send it back. */
async function admit(harness: WebHarness): Promise<{ cookie: string; setCookie: string; location: string }> {
  const res = await fetch(harness.launchUrl('voice'), { redirect: 'manual' })
  expect(res.status).toBe(302)
  const setCookie = res.headers.get('set-cookie') ?? ''
  return { cookie: setCookie.split(';')[0] as string, setCookie, location: res.headers.get('location') ?? '' }
}

const get = (harness: WebHarness, path: string, cookie?: string) =>
  fetch(harness.origin + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' })

function socket(harness: WebHarness, name: 'bridge' | 'audio', cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${harness.origin.replace('http', 'ws')}${harness.scope}/${name}`, {
    headers: { cookie, origin: harness.origin },
  })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

/** The close code the harness gives `ws`. */
const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => {
    ws.on('error', () => {})
    ws.once('close', (code) => resolve(code))
  })

/** One invoke over a fresh bridge socket: the harness still answers. */
async function answers(harness: WebHarness, cookie: string): Promise<boolean> {
  const ws = await socket(harness, 'bridge', cookie)
  const reply = new Promise<{ t: string; id: number; result: { ok: boolean } }>((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(String(data)))),
  )
  ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'app:info', request: null }))
  const frame = await reply
  ws.close()
  return frame.t === 'result' && frame.id === 7 && frame.result.ok
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, named for the port and scoped to a path of this run only', async () => {
    const { harness } = await start()
    const { setCookie, location } = await admit(harness)
    const port = new URL(harness.origin).port
    expect(setCookie).toMatch(new RegExp(`^loa_harness_${port}=[\\w-]{32};`))
    expect(setCookie).toContain('; HttpOnly')
    expect(setCookie).toContain('; SameSite=Strict')
    expect(setCookie).toMatch(/; Max-Age=\d+/)
    expect(harness.scope).toMatch(/^\/loa-[\w-]{16}$/)
    expect(setCookie).toContain(`; Path=${harness.scope};`)
    expect(location).toBe(`${harness.scope}/#/voice`)
  })

  it('opens the app under its path, and nothing outside it', async () => {
    const { harness } = await start()
    const { cookie } = await admit(harness)
    const page = await get(harness, `${harness.scope}/`, cookie)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script src="web-bridge.js"></script>')
    expect((await get(harness, `${harness.scope}/web-bridge.js`, cookie)).status).toBe(200)
    expect((await get(harness, '/', cookie)).status).toBe(404)
    expect((await get(harness, `${harness.scope}/`)).status).toBe(403)
  })
})

describe('launch links and sessions', () => {
  it('admit once, and not after they expire', async () => {
    const { harness, clock } = await start({ launchTtlMs: 60_000 })
    const url = harness.launchUrl('voice')
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(302)
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(403)
    const late = harness.launchUrl('voice')
    clock.ms += 60_001
    const refused = await fetch(late, { redirect: 'manual' })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('npm run web')
  })

  it('end when they expire: pages are refused and open sockets closed with 1008', async () => {
    const { harness, clock } = await start({ sessionTtlMs: 60_000 })
    const { cookie } = await admit(harness)
    const ws = await socket(harness, 'bridge', cookie)
    const code = closed(ws)
    clock.ms += 60_001
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'app:info', request: null }))
    expect(await code).toBe(1008)
    expect((await get(harness, `${harness.scope}/`, cookie)).status).toBe(403)
  })

  it('are capped: a new one over the cap ends the oldest', async () => {
    const { harness } = await start({ maxSessions: 2 })
    const first = await admit(harness)
    const ws = await socket(harness, 'bridge', first.cookie)
    const code = closed(ws)
    const second = await admit(harness)
    const third = await admit(harness)
    expect(await code).toBe(1008)
    expect((await get(harness, `${harness.scope}/`, first.cookie)).status).toBe(403)
    expect((await get(harness, `${harness.scope}/`, second.cookie)).status).toBe(200)
    expect((await get(harness, `${harness.scope}/`, third.cookie)).status).toBe(200)
  })
})

describe('a socket sent what no bridge sends', () => {
  const bad: Array<[string, 'bridge' | 'audio', (ws: WebSocket) => void, number]> = [
    ['invalid UTF-8 in a text frame', 'bridge', (ws) => ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }), 1007],
    ['text that is not JSON', 'bridge', (ws) => ws.send('{"t":"invoke",'), 1008],
    ['JSON that is not an invoke', 'bridge', (ws) => ws.send('[1,2,3]'), 1008],
    ['an invoke without a channel', 'bridge', (ws) => ws.send('{"t":"invoke","id":1,"channel":42}'), 1008],
    ['a binary frame', 'bridge', (ws) => ws.send(Buffer.from([1, 2, 3])), 1008],
    ['a frame over 1 MiB', 'bridge', (ws) => ws.send('x'.repeat((1 << 20) + 1)), 1009],
    ['a text frame on the audio socket', 'audio', (ws) => ws.send('hello'), 1008],
    ['a malformed audio frame', 'audio', (ws) => ws.send(Buffer.from([0xff, 0x00, 0x13])), 1008],
    ['invalid UTF-8 on the audio socket', 'audio', (ws) => ws.send(Buffer.from([0xc3, 0x28]), { binary: false }), 1007],
  ] // prettier-ignore

  it.each(bad)('closes on %s, and the harness serves on', async (_what, name, send, expected) => {
    const { harness } = await start()
    const { cookie } = await admit(harness)
    const ws = await socket(harness, name, cookie)
    const code = closed(ws)
    send(ws)
    expect(await code).toBe(expected)
    expect(await answers(harness, cookie)).toBe(true)
  })

  it('survives a client that resets in the middle of the upgrade', async () => {
    const { harness } = await start()
    const { cookie } = await admit(harness)
    const { port } = new URL(harness.origin)
    await new Promise<void>((resolve) => {
      const raw = connect(Number(port), '127.0.0.1', () => {
        raw.write(`GET ${harness.scope}/bridge HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n`)
        raw.resetAndDestroy()
        resolve()
      })
    })
    expect(await answers(harness, cookie)).toBe(true)
  })

  it('refuses a socket from another origin or outside the harness path', async () => {
    const { harness } = await start()
    const { cookie } = await admit(harness)
    const wsUrl = harness.origin.replace('http', 'ws')
    const attempt = (path: string, origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(wsUrl + path, { headers: { cookie, origin } })
        ws.once('open', () => resolve('open'))
        ws.once('error', (e) => resolve(e.message))
      })
    expect(await attempt(`${harness.scope}/bridge`, 'http://127.0.0.1:1')).toContain('403')
    expect(await attempt('/bridge', harness.origin)).toContain('403')
  })
})

describe("the harness's keychain entry", () => {
  it('is its own service, never the desktop app’s', async () => {
    const services: string[] = []
    const keytar: KeytarLike = {
      getPassword: async (service) => (services.push(service), null),
      setPassword: async (service) => void services.push(service),
      deletePassword: async (service) => (services.push(service), true),
      findCredentials: async (service) => (services.push(service), []),
    }
    const dir = await mkdtemp(join(tmpdir(), 'loa-harness-keys-'))
    const { store } = await chooseHarnessSecrets(dir, async () => keytar)
    await store.set('127.0.0.1:1', 'sk-test')
    await store.get('127.0.0.1:1')
    expect(store.kind).toBe('keychain')
    expect(new Set(services)).toEqual(new Set([WEB_HARNESS_SERVICE_NAME]))
    expect(WEB_HARNESS_SERVICE_NAME).not.toBe(SERVICE_NAME)
    await rm(dir, { recursive: true, force: true })
  })
})
