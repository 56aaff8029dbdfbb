// Where `loa` finds the gateway and the key, as a real process: --key over LOA_API_KEY over the key the app
// saved in the keychain; --base-url over LOA_BASE_URL over the app's settings; clear failures otherwise,
// and never the key in what it prints.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConfigDir } from '../../main/cli/credentials'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { loadKeytar } from '../../main/secrets/keytar-store'
import { accountFor, SERVICE_NAME } from '../../main/secrets/secret-store'
import type { Account } from '../../main/api/management/index'
import { assertNoKey, fetchManagement, lineStarting, loa } from './loa-process'

let demo: DemoServer
let deadUrl: string
let account: Account

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
  const dead = await startDemoServer({ seed: 1 })
  deadUrl = dead.baseUrl
  await dead.close()
  account = await fetchManagement<Account>(demo, '/me')
})

afterAll(async () => {
  await demo.close()
})

/** A config folder as the app leaves it: settings.json, and optionally the safeStorage key file. */
function configDir(
  files: { settings?: unknown; sealedKeys?: Record<string, string>; raw?: string } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'loa-cli-saved-'))
  if (files.raw !== undefined) writeFileSync(join(dir, 'settings.json'), files.raw)
  else if (files.settings !== undefined)
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(files.settings))
  if (files.sealedKeys) writeFileSync(join(dir, 'key.enc.json'), JSON.stringify(files.sealedKeys))
  return dir
}

/** The one line loa writes whenever the key is given with --key. */
const KEY_FLAG_WARNING = /^loa: warning: --key shows the key [^\n]*\n$/

/** `loa status` succeeded as the demo's ordinary account (and warned when the key came with --key). */
function expectOrdinary(run: { code: number | null; stdout: string; stderr: string }, keyFlag = false): void {
  if (keyFlag) expect(run.stderr).toMatch(KEY_FLAG_WARNING)
  else expect(run.stderr).toBe('')
  expect(run.code).toBe(EXIT.ok)
  expect(lineStarting(run.stdout, 'Account')).toContain(account.email)
}

describe('appConfigDir', () => {
  it('is Electron’s userData folder for Loa on each platform, or LOA_CONFIG_DIR', () => {
    expect(appConfigDir({}, 'linux', '/home/an')).toBe('/home/an/.config/Loa')
    expect(appConfigDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux', '/home/an')).toBe('/x/cfg/Loa')
    expect(appConfigDir({}, 'darwin', '/Users/an')).toBe('/Users/an/Library/Application Support/Loa')
    expect(appConfigDir({ APPDATA: 'C:\\Users\\an\\AppData\\Roaming' }, 'win32', 'C:\\Users\\an')).toBe(
      join('C:\\Users\\an\\AppData\\Roaming', 'Loa'),
    )
    expect(appConfigDir({ LOA_CONFIG_DIR: '/tmp/loa-here' }, 'darwin', '/Users/an')).toBe('/tmp/loa-here')
  })
})

describe('key and gateway lookup (process)', () => {
  it('takes --key over LOA_API_KEY', async () => {
    const env = { LOA_BASE_URL: demo.baseUrl }
    const [flagRevoked, flagGood] = await Promise.all([
      loa(['status', '--key', demo.keys.revoked], { ...env, LOA_API_KEY: demo.keys.ordinary }),
      loa(['status', '--key', demo.keys.ordinary], { ...env, LOA_API_KEY: demo.keys.revoked }),
    ])
    expect(flagRevoked.code).toBe(EXIT.auth)
    expectOrdinary(flagGood, true)
    assertNoKey(demo, flagRevoked, flagGood)
  })

  it('takes --base-url over LOA_BASE_URL over the settings’ baseUrl', async () => {
    const key = { LOA_API_KEY: demo.keys.ordinary }
    const settingsGood = configDir({ settings: { baseUrl: demo.baseUrl } })
    const settingsDead = configDir({ settings: { baseUrl: deadUrl } })
    const [fromSettings, envOverSettings, flagOverEnv, flagDead] = await Promise.all([
      loa(['status'], { ...key, LOA_CONFIG_DIR: settingsGood }),
      loa(['status'], { ...key, LOA_CONFIG_DIR: settingsDead, LOA_BASE_URL: demo.baseUrl }),
      loa(['status', '--base-url', demo.baseUrl], {
        ...key,
        LOA_CONFIG_DIR: settingsDead,
        LOA_BASE_URL: deadUrl,
      }),
      loa(['status', '--base-url', deadUrl], {
        ...key,
        LOA_CONFIG_DIR: settingsGood,
        LOA_BASE_URL: demo.baseUrl,
      }),
    ])
    expectOrdinary(fromSettings)
    expectOrdinary(envOverSettings)
    expectOrdinary(flagOverEnv)
    expect(flagDead.code).toBe(EXIT.network)
  })

  it('exits 3 with the reason and a hint when no key is anywhere', async () => {
    const [bare, withGateway, damaged] = await Promise.all([
      loa(['status']),
      loa(['status'], { LOA_CONFIG_DIR: configDir({ settings: { baseUrl: demo.baseUrl } }) }),
      loa(['usage'], { LOA_CONFIG_DIR: configDir({ raw: '{"baseUrl": ' }) }),
    ])
    for (const run of [bare, withGateway, damaged]) {
      expect(run.code).toBe(EXIT.auth)
      expect(run.stdout).toBe('')
      const [reason, hint, ...more] = run.stderr.trim().split('\n')
      expect(reason).toMatch(/^loa (status|usage): no API key/)
      expect(hint).toContain('hint: pass --key KEY or set LOA_API_KEY')
      expect(more).toEqual([])
    }
    expect(withGateway.stderr).toContain(`no API key for ${accountFor(demo.baseUrl)}`)
  })

  it('says the app’s safeStorage key cannot be read here, and how to pass one', async () => {
    const dir = configDir({
      settings: { baseUrl: demo.baseUrl },
      sealedKeys: { [accountFor(demo.baseUrl)]: Buffer.from('sealed by Electron').toString('base64') },
    })
    const run = await loa(['status'], { LOA_CONFIG_DIR: dir })
    expect(run.code).toBe(EXIT.auth)
    expect(run.stderr).toContain('safeStorage')
    expect(run.stderr).toContain('--key')
    expect(run.stderr).toContain('LOA_API_KEY')
  })

  it('exits 2 for a key without a gateway, and for plain http to another machine', async () => {
    const [noGateway, clearText] = await Promise.all([
      loa(['status', '--key', demo.keys.ordinary]),
      loa(['status', '--key', demo.keys.ordinary, '--base-url', 'http://gateway.example.com']),
    ])
    expect(noGateway.code).toBe(EXIT.usage)
    expect(noGateway.stderr).toContain('--base-url')
    expect(clearText.code).toBe(EXIT.usage)
    expect(clearText.stderr).toContain('https://')
    assertNoKey(demo, noGateway, clearText)
  })

  it('never prints the key, not even a key the service rejects', async () => {
    const bogus = `sk-demo-${'Z'.repeat(40)}`
    const run = await loa(['models', '--key', bogus, '--base-url', demo.baseUrl])
    expect(run.code).toBe(EXIT.auth)
    expect(run.stdout + run.stderr).not.toContain(bogus)
    expect(run.stdout + run.stderr).not.toContain('Z'.repeat(12))
  })
})

// keytar needs a Secret Service: npm test runs vitest inside a D-Bus session with an unlocked gnome-keyring.
describe.runIf(process.env.LOA_TEST_KEYRING === '1')(
  'the key the app saved in the keychain (process)',
  () => {
    let settingsDir: string
    let keychainAccount: string

    beforeAll(async () => {
      const keytar = await loadKeytar()
      expect(keytar, 'keytar did not load').not.toBeNull()
      keychainAccount = accountFor(demo.baseUrl)
      await keytar!.setPassword(SERVICE_NAME, keychainAccount, demo.keys.ordinary)
      settingsDir = configDir({ settings: { baseUrl: demo.baseUrl } })
    })

    afterAll(async () => {
      await (await loadKeytar())?.deletePassword(SERVICE_NAME, keychainAccount)
    })

    it('is used when neither --key nor LOA_API_KEY is given', async () => {
      const [plain, json] = await Promise.all([
        loa(['status'], { LOA_CONFIG_DIR: settingsDir }),
        loa(['status', '--json'], { LOA_CONFIG_DIR: settingsDir }),
      ])
      expectOrdinary(plain)
      expect(JSON.parse(json.stdout).account.email).toBe(account.email)
      assertNoKey(demo, plain, json)
    })

    it('gives way to LOA_API_KEY, which gives way to --key', async () => {
      const [envRevoked, flagOverEnv] = await Promise.all([
        loa(['status'], { LOA_CONFIG_DIR: settingsDir, LOA_API_KEY: demo.keys.revoked }),
        loa(['status', '--key', demo.keys.ordinary], {
          LOA_CONFIG_DIR: settingsDir,
          LOA_API_KEY: demo.keys.revoked,
        }),
      ])
      expect(envRevoked.code).toBe(EXIT.auth)
      expectOrdinary(flagOverEnv, true)
      assertNoKey(demo, envRevoked, flagOverEnv)
    })

    it('belongs to one gateway host: another --base-url finds no key', async () => {
      const other = await startDemoServer({ seed: 1 })
      try {
        const run = await loa(['status', '--base-url', other.baseUrl], { LOA_CONFIG_DIR: settingsDir })
        expect(run.code).toBe(EXIT.auth)
        expect(run.stderr).toContain(`no API key for ${accountFor(other.baseUrl)}`)
      } finally {
        await other.close()
      }
    })
  },
)
