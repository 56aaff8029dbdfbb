// `loa login` / `loa logout` as a real process: the key comes in on standard input, is checked with the
// service, and lands in the keychain entry the app reads (the private test keyring, never the user's);
// the warning about --key; and no session token in what `loa sessions` prints.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { loadKeytar } from '../../main/secrets/keytar-store'
import { accountFor, SERVICE_NAME } from '../../main/secrets/secret-store'
import { assertNoKey, loa } from './loa-process'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})
afterAll(async () => {
  await demo.close()
})

/** A session bus that cannot answer: keytar loads, but no keychain can store anything. */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/loa-test-bus' }

function errorOf(stdout: string): { code: string; hint: string | null } {
  return (JSON.parse(stdout) as { error: { code: string; hint: string | null } }).error
}

describe('loa login without a keychain entry to write (process)', () => {
  it('exits 3 when the service refuses the piped key, storing nothing and printing no key', async () => {
    const run = await loa(['login', '--json', '--base-url', demo.baseUrl], {}, `${demo.keys.revoked}\n`)
    expect(run.code).toBe(EXIT.auth)
    expect(errorOf(run.stdout).code).toBe('auth')
    assertNoKey(demo, run)
  })

  it('exits 1 with a hint when no keychain can store a good key', async () => {
    const run = await loa(['login', '--base-url', demo.baseUrl, '--json'], NO_KEYCHAIN, demo.keys.ordinary)
    expect(run.code).toBe(EXIT.failure)
    const error = errorOf(run.stdout)
    expect(error.code).toBe('no_keychain')
    expect(error.hint).toContain('LOA_API_KEY')
    expect(run.stderr).toContain('hint:')
    assertNoKey(demo, run)
  })

  it('exits 2 when nothing is piped, and for a gateway address the key may not go to', async () => {
    const [empty, clear] = await Promise.all([
      loa(['login', '--base-url', demo.baseUrl], NO_KEYCHAIN, ''),
      loa(['login', '--base-url', 'http://gw.example.com'], NO_KEYCHAIN, demo.keys.ordinary),
    ])
    expect(empty.code).toBe(EXIT.usage)
    expect(empty.stderr).toContain('no key was given')
    expect(clear.code).toBe(EXIT.usage)
    expect(clear.stderr).toContain('https://gw.example.com')
    assertNoKey(demo, empty, clear)
  })
})

describe('--key on the command line (process)', () => {
  it('still works, with a warning on stderr; LOA_API_KEY gives none', async () => {
    const [flag, env] = await Promise.all([
      loa(['status', '--base-url', demo.baseUrl, '--key', demo.keys.ordinary]),
      loa(['status', '--base-url', demo.baseUrl], { LOA_API_KEY: demo.keys.ordinary }),
    ])
    expect(flag.code).toBe(EXIT.ok)
    expect(flag.stderr).toContain('process list')
    expect(flag.stderr).toContain('loa login')
    expect(env.code).toBe(EXIT.ok)
    expect(env.stderr).toBe('')
    assertNoKey(demo, flag, env)
  })
})

describe.each(['default', 'alt'] as const)(
  'loa sessions against the %s demo variant (process)',
  (variant) => {
    let server: DemoServer
    beforeAll(async () => {
      server = await startDemoServer({ seed: 1, variant })
    })
    afterAll(async () => {
      await server.close()
    })

    it('prints no session token, plain or --json', async () => {
      const res = await fetch(`${server.baseUrl}/v1/realtime/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.keys.ordinary}`,
          'Content-Type': 'application/json',
          'User-Agent': 'loa-cli-test',
        },
        body: JSON.stringify({ model: 'openai/gpt-realtime', transport: 'websocket' }),
      })
      const created = JSON.stringify(await res.json())
      const token = /"(rtt_[A-Za-z0-9_-]+)"/.exec(created)?.[1]
      expect(token, 'the demo issued a session token').toBeDefined()
      const env = { LOA_BASE_URL: server.baseUrl, LOA_API_KEY: server.keys.ordinary }
      const [plain, json] = await Promise.all([loa(['sessions'], env), loa(['sessions', '--json'], env)])
      expect(plain.code).toBe(EXIT.ok)
      expect(json.code).toBe(EXIT.ok)
      for (const run of [plain, json]) expect(run.stdout + run.stderr).not.toContain(token)
      expect(json.stdout).toContain('"[redacted]"')
    })
  },
)

// keytar needs a Secret Service: npm test runs vitest inside a D-Bus session with an unlocked gnome-keyring.
describe.runIf(process.env.LOA_TEST_KEYRING === '1')('loa login and logout with a keychain (process)', () => {
  let settingsDir: string
  beforeAll(() => {
    settingsDir = mkdtempSync(join(tmpdir(), 'loa-cli-login-'))
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ baseUrl: demo.baseUrl }))
  })
  afterAll(async () => {
    await (await loadKeytar())?.deletePassword(SERVICE_NAME, accountFor(demo.baseUrl))
  })

  it('keeps a checked key in the app’s entry, which later commands use, and logout removes it', async () => {
    const env = { LOA_CONFIG_DIR: settingsDir }
    const login = await loa(['login'], env, `${demo.keys.ordinary}\n`)
    expect(login.code).toBe(EXIT.ok)
    expect(login.stdout).toContain(demo.baseUrl)
    const keytar = await loadKeytar()
    expect(await keytar!.getPassword(SERVICE_NAME, accountFor(demo.baseUrl))).toBe(demo.keys.ordinary)
    const status = await loa(['status'], env)
    expect(status.code).toBe(EXIT.ok)

    const [logout, again] = [await loa(['logout'], env), await loa(['logout', '--json'], env)]
    expect(logout.code).toBe(EXIT.ok)
    expect(logout.stdout).toContain('Removed')
    expect(again.code).toBe(EXIT.ok)
    expect(JSON.parse(again.stdout)).toEqual({ baseUrl: demo.baseUrl, removed: false })
    expect(await keytar!.getPassword(SERVICE_NAME, accountFor(demo.baseUrl))).toBeNull()
    expect((await loa(['status'], env)).code).toBe(EXIT.auth)
    assertNoKey(demo, login, status, logout, again)
  })
})
