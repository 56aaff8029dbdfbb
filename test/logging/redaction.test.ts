// No log path lets a key or a session token through. The real demo service gives a real key and a live
// session token; each path that writes a log line then carries them: the gateway client's request lines
// (a model id made of the secrets), a failed IPC request, the voice status, a crash, a failed `loa`
// command and the support bundle. The files written are then searched for both.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { runCli } from '../../main/cli/index'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { logGatewayRequests } from '../../main/logging/gateway-log'
import { openFileLog, type Log } from '../../main/logging/log'
import { startWebHarness, type WebHarness } from '../../main/web/harness'

let demo: DemoServer
let harness: WebHarness
let dir: string
let key: string
let token: string
/**
 * Opened at the start, as the app opens its log before any session, and as `loa talk` has its log open when
 * it makes its session: each has seen the token go by.
 */
let crashLog: Log
let cliLog: Log
const stop: (() => void)[] = []

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 41 })
  key = demo.keys.ordinary
  dir = await mkdtemp(join(tmpdir(), 'loa-redaction-'))
  crashLog = await openFileLog({ dir: join(dir, 'crash'), name: 'main' })
  cliLog = await openFileLog({ dir: join(dir, 'cli'), name: 'cli' })
  stop.push(logGatewayRequests(crashLog), logGatewayRequests(cliLog))
  harness = await startWebHarness({
    dataDir: join(dir, 'harness'),
    osLocale: 'en-US',
    startDemo: async () => ({ baseUrl: demo.baseUrl, key, close: async () => {} }),
  })
  const api = new SessionsApi({ baseUrl: demo.baseUrl, key })
  const model = (await api.models()).models[0]?.id
  if (model === undefined) throw new Error('the demo lists no realtime model')
  const session = await api.create({ model, turnDetection: 'manual' })
  if (session.connection === null) throw new Error('the demo gave no connection')
  token = session.connection.token
  await api.delete(session.id)
})

afterAll(async () => {
  await harness?.close()
  await demo?.close()
  await rm(dir, { recursive: true, force: true })
})

/** Every file under `root`, read whole. */
async function filesUnder(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out.set(path, await readFile(path, 'utf8'))
  }
  return out
}

function eventsIn(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { msg: string }).msg)
}

describe('the logs and the support bundle', () => {
  it('hold neither the key nor a live session token, whichever path wrote them', async () => {
    expect(key.length).toBeGreaterThan(16)
    expect(token.length).toBeGreaterThan(16)
    const secretId = `${key}.${token}`
    const { router, events } = harness.core

    // 1 and 2: a request whose path holds both (the request line), which fails (the IPC error line).
    const failed = await router.dispatch('catalog:model', { id: secretId }, { surface: 'main' })
    expect(failed.ok).toBe(false)

    // 3: the voice status main pushes, with a problem whose message holds both.
    events.emit('voice:status', {
      state: 'reconnecting',
      pressed: false,
      session: null,
      cost: null,
      warning: null,
      problem: { kind: 'network', code: null, message: `lost ${secretId}`, fatal: false },
      micWanted: false,
      mode: 'push-to-talk',
    })

    // 4: a crash, its message and stack holding both, in a log of its own (the app's handler in app-log.ts
    // calls the same fatal()).
    const crashDir = join(dir, 'crash')
    crashLog.fatal('crash', new Error(`boom at ${secretId}`))
    await crashLog.close()

    // 5: `loa` failing with the key, as its entry point logs it.
    const cliDir = join(dir, 'cli')
    const sink = { write: () => true }
    const code = await runCli(['models', secretId, '--base-url', demo.baseUrl], {
      stdout: sink,
      stderr: sink,
      env: { LOA_API_KEY: key, LOA_CONFIG_DIR: join(dir, 'config') },
      log: cliLog,
    })
    for (const s of stop) s()
    await cliLog.close()
    expect(code).not.toBe(0)

    // 6: the support bundle, with a device name the page sent that holds both.
    const saved = await router.dispatch(
      'support:save',
      { audioDevices: [`Mic ${secretId}`] },
      { surface: 'main' },
    )
    expect(saved.ok).toBe(true)

    const harnessFiles = await filesUnder(join(dir, 'harness', 'logs'))
    const crashFiles = await filesUnder(crashDir)
    const cliFiles = await filesUnder(cliDir)
    const bundles = await filesUnder(join(dir, 'harness', 'exports'))
    const written = [...harnessFiles, ...crashFiles, ...cliFiles, ...bundles]
    for (const [path, text] of written) {
      expect(text.includes(key), `the key in ${path}`).toBe(false)
      expect(text.includes(token), `the token in ${path}`).toBe(false)
    }

    // Each path did write: the secrets were taken out of lines that exist.
    const harnessEvents = [...harnessFiles.values()].flatMap(eventsIn)
    expect(harnessEvents).toEqual(
      expect.arrayContaining([
        'request',
        'request failed',
        'voice problem',
        'session state',
        'support bundle',
      ]),
    )
    expect([...crashFiles.values()].flatMap(eventsIn)).toContain('crash')
    expect([...cliFiles.values()].flatMap(eventsIn)).toEqual(
      expect.arrayContaining(['request', 'command failed']),
    )
    const allText = [...harnessFiles.values(), ...cliFiles.values(), ...crashFiles.values()].join('\n')
    expect(allText).toContain('[redacted]')
    const [bundle] = [...bundles.values()]
    expect(JSON.parse(bundle ?? '{}').audioDevices).toEqual(['Mic [redacted].[redacted]'])
  })
})
