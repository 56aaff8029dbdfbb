import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConnectionService } from '../../main/connection/connection-service'
import { validateKey } from '../../main/connection/validate-key'
import { toIpcError } from '../../main/errors'
import { EncryptedFileSecretStore, type SafeStorageLike } from '../../main/secrets/encrypted-file-store'
import { MemorySecretStore } from '../../main/secrets/memory-store'
import type { SecretStore } from '../../main/secrets/secret-store'
import { SettingsService } from '../../main/settings/settings-service'
import { envelope, startStubGateway } from '../support/stub-gateway'

// Keys the stub gateway knows: how /me and /models answer each of them.
const KEYS = {
  'sk-ordinary-1111': { me: 200, models: 200 },
  'sk-reseller-2222': { me: 403, models: 200 },
  'sk-disabled-3333': { me: 403, models: 403 },
} as Record<string, { me: number; models: number }>

let dir: string
let gateway: Awaited<ReturnType<typeof startStubGateway>>
let demoStarts = 0
let demoCloses = 0

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-conn-'))
  demoStarts = demoCloses = 0
  gateway = await startStubGateway((path, headers) => {
    const key = String(headers.authorization ?? '').replace('Bearer ', '')
    const k = KEYS[key]
    if (!k) return envelope(401, 'invalid_api_key', 'Invalid API key')
    const status = path.startsWith('/v1/management/me') ? k.me : k.models
    return status === 200
      ? { status, body: { ok: true } }
      : envelope(403, 'insufficient_permissions', 'no', 'permission_error')
  })
})
afterEach(async () => {
  await gateway.close()
  await rm(dir, { recursive: true, force: true })
})

async function make(store: SecretStore = new MemorySecretStore()) {
  const settings = await SettingsService.open({
    filePath: join(dir, 'settings.json'),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'loa' }),
  })
  const conn = new ConnectionService({
    settings,
    secrets: { store, warning: null },
    validateKey,
    startDemo: async () => {
      demoStarts++
      return {
        baseUrl: 'http://127.0.0.1:9/demo',
        key: 'sk-demo-ordinary',
        close: async () => void demoCloses++,
      }
    },
  })
  await conn.init()
  return { conn, settings, store }
}

describe('the connection', () => {
  it('runs against the demo service while no key is saved', async () => {
    const { conn } = await make()
    expect(conn.connectionStatus()).toEqual({ demo: true, baseUrl: 'http://127.0.0.1:9/demo' })
    expect(conn.keyStatus()).toMatchObject({ hasKey: false, hint: null, demo: true, storage: 'memory' })
  })

  it('saves a key the service accepts, switches to it and stops the demo', async () => {
    const { conn, store, settings } = await make()
    const events: boolean[] = []
    conn.onChange((k) => events.push(k.hasKey))
    const status = await conn.setKey('  sk-ordinary-1111 ', gateway.baseUrl + '/')
    expect(status).toEqual({
      hasKey: true,
      hint: '1111',
      demo: false,
      baseUrl: gateway.baseUrl,
      storage: 'memory',
      storageWarning: null,
    })
    expect(JSON.stringify(status)).not.toContain('sk-ordinary')
    expect(await store.get(new URL(gateway.baseUrl).origin)).toBe('sk-ordinary-1111')
    expect(settings.get().baseUrl).toBe(gateway.baseUrl)
    expect(conn.endpoint()).toEqual({ baseUrl: gateway.baseUrl, key: 'sk-ordinary-1111' })
    expect(demoCloses).toBe(1)
    expect(events).toEqual([true])
    expect(gateway.seen.map((r) => r.path)).toEqual(['/v1/management/me'])
  })

  it('accepts a reseller key after confirming it against the catalog', async () => {
    const { conn } = await make()
    await conn.setKey('sk-reseller-2222', gateway.baseUrl)
    expect(conn.keyStatus().hasKey).toBe(true)
    expect(gateway.seen.map((r) => r.path)).toEqual(['/v1/management/me', '/v1/management/models'])
  })

  it.each([
    ['sk-unknown-0000', 'auth'],
    ['sk-disabled-3333', 'account_locked'],
    ['short', 'invalid_input'],
    ['has space inside', 'invalid_input'],
  ])('refuses %s (%s) and saves nothing', async (key, kind) => {
    const { conn, store } = await make()
    await expect(conn.setKey(key, gateway.baseUrl)).rejects.toMatchObject({ kind })
    expect(await store.get(new URL(gateway.baseUrl).origin)).toBeNull()
    expect(conn.connectionStatus().demo).toBe(true)
  })

  it('refuses plain http to another machine and addresses with credentials', async () => {
    const { conn } = await make()
    await expect(conn.setKey('sk-ordinary-1111', 'http://gw.example.com')).rejects.toMatchObject({
      kind: 'invalid_input',
      field: 'baseUrl',
    })
    await expect(conn.setKey('sk-ordinary-1111', 'https://u:p@gw.example.com')).rejects.toMatchObject({
      field: 'baseUrl',
    })
    await expect(conn.setKey('sk-ordinary-1111')).rejects.toMatchObject({ field: 'baseUrl' })
    expect(gateway.seen).toEqual([])
  })

  it.each([
    ['', 'base_url_missing', undefined],
    ['gw.example.com', 'base_url_invalid', undefined],
    ['ftp://gw.example.com', 'base_url_scheme', undefined],
    ['https://u:p@gw.example.com', 'base_url_credentials', undefined],
    ['http://gw.example.com/', 'base_url_not_https', { suggestion: 'https://gw.example.com' }],
    ['https://gw.example.com/v1/', 'base_url_has_v1', { suggestion: 'https://gw.example.com' }],
  ])(
    'names the refusal of %j as %s, for the key form to say in the user’s language',
    async (url, code, params) => {
      const { conn } = await make()
      const err = await conn.setKey('sk-ordinary-1111', url).catch((e: unknown) => e)
      expect(toIpcError(err)).toMatchObject({ kind: 'invalid_input', field: 'baseUrl', code })
      expect(toIpcError(err).params).toEqual(params)
      expect(gateway.seen).toEqual([])
    },
  )

  it('names a key that does not look like one, and one the service refused', async () => {
    const { conn } = await make()
    const malformed = await conn.setKey('short', gateway.baseUrl).catch((e: unknown) => e)
    expect(toIpcError(malformed)).toMatchObject({
      kind: 'invalid_input',
      field: 'key',
      code: 'key_malformed',
    })
    const refused = await conn.setKey('sk-unknown-0000', gateway.baseUrl).catch((e: unknown) => e)
    expect(toIpcError(refused)).toMatchObject({ kind: 'auth', code: 'key_rejected' })
  })

  it('finds the saved key again after a restart, and clearing it returns to the demo', async () => {
    const store = new MemorySecretStore()
    const first = await make(store)
    await first.conn.setKey('sk-ordinary-1111', gateway.baseUrl)
    const second = await make(store)
    expect(second.conn.connectionStatus()).toEqual({ demo: false, baseUrl: gateway.baseUrl })
    expect(demoStarts).toBe(1)
    const cleared = await second.conn.clearKey()
    expect(cleared).toMatchObject({ hasKey: false, demo: true })
    expect(await store.get(new URL(gateway.baseUrl).origin)).toBeNull()
  })

  it('starts in demo mode when the keychain fails to read', async () => {
    const store = new MemorySecretStore()
    const first = await make(store)
    await first.conn.setKey('sk-ordinary-1111', gateway.baseUrl)
    store.get = async () => {
      throw new Error('keychain locked')
    }
    const second = await make(store)
    expect(second.conn.connectionStatus().demo).toBe(true)
  })
})

describe('where the key may go', () => {
  /** A settings file as an older or hand-edited Loa left it. */
  const saveSettings = (baseUrl: string) =>
    writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl }), 'utf8')

  it('does not use a saved address that fails the rule: no key read, the demo runs, and Settings is told why', async () => {
    await saveSettings('http://gw.example.com')
    const store = new MemorySecretStore()
    await store.set('gw.example.com', 'sk-ordinary-1111')
    await store.set('http://gw.example.com', 'sk-ordinary-1111')
    const read: string[] = []
    const get = store.get.bind(store)
    store.get = async (account) => (read.push(account), get(account))
    const { conn, settings } = await make(store)
    expect(read).toEqual([])
    expect(conn.endpoint()).toEqual({ baseUrl: 'http://127.0.0.1:9/demo', key: 'sk-demo-ordinary' })
    expect(conn.connectionStatus()).toEqual({
      demo: true,
      baseUrl: 'http://127.0.0.1:9/demo',
      refused: {
        baseUrl: 'http://gw.example.com',
        code: 'base_url_not_https',
        suggestion: 'https://gw.example.com',
      },
    })
    // Nothing is lost: the address stays for the user to see and correct.
    expect(settings.get().baseUrl).toBe('http://gw.example.com')
  })

  it('stops saying the address was refused once a key is saved for a safe one', async () => {
    await saveSettings('http://gw.example.com')
    const { conn } = await make()
    await conn.setKey('sk-ordinary-1111', gateway.baseUrl)
    expect(conn.connectionStatus()).toEqual({ demo: false, baseUrl: gateway.baseUrl })
  })

  it('keys the entry by the whole origin: a key saved for http://host:port is not found for https://host:port', async () => {
    const store = new MemorySecretStore()
    const first = await make(store)
    await first.conn.setKey('sk-ordinary-1111', gateway.baseUrl)
    first.settings.update({ baseUrl: gateway.baseUrl.replace('http:', 'https:') })
    const second = await make(store)
    expect(second.conn.connectionStatus().demo).toBe(true)
    expect(second.conn.endpoint().key).toBe('sk-demo-ordinary')
  })

  it('moves a key saved under the old host-only name to the origin’s on first read, losing nothing', async () => {
    const host = new URL(gateway.baseUrl).host
    await saveSettings(gateway.baseUrl)
    const store = new MemorySecretStore()
    await store.set(host, 'sk-ordinary-1111')
    const { conn } = await make(store)
    expect(conn.endpoint()).toEqual({ baseUrl: gateway.baseUrl, key: 'sk-ordinary-1111' })
    expect(await store.get(new URL(gateway.baseUrl).origin)).toBe('sk-ordinary-1111')
    expect(await store.get(host)).toBeNull()
  })

  it('moves an old entry of the encrypted file store too', async () => {
    const host = new URL(gateway.baseUrl).host
    await saveSettings(gateway.baseUrl)
    const sealed = join(dir, 'key.enc.json')
    const safe = reversingSafeStorage()
    await writeFile(
      sealed,
      JSON.stringify({ [host]: safe.encryptString('sk-ordinary-1111').toString('base64') }),
    )
    const store = new EncryptedFileSecretStore(safe, sealed)
    const { conn } = await make(store)
    expect(conn.endpoint().key).toBe('sk-ordinary-1111')
    const onDisk = JSON.parse(await readFile(sealed, 'utf8')) as Record<string, string>
    expect(Object.keys(onDisk)).toEqual([new URL(gateway.baseUrl).origin])
    expect(JSON.stringify(onDisk)).not.toContain('sk-ordinary-1111')
  })

  it('forgets the key of the gateway in use, whatever the settings say now', async () => {
    const store = new MemorySecretStore()
    const { conn, settings } = await make(store)
    await conn.setKey('sk-ordinary-1111', gateway.baseUrl)
    settings.update({ baseUrl: 'https://other.example.com' })
    await conn.clearKey()
    expect(await store.get(new URL(gateway.baseUrl).origin)).toBeNull()
    expect(await store.get(new URL(gateway.baseUrl).host)).toBeNull()
    expect(conn.endpoint().key).toBe('sk-demo-ordinary')
  })
})

/** safeStorage's contract with a reversible stand-in cipher: the bytes on disk are not the key. */
function reversingSafeStorage(): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...text].reverse().join(''), 'utf8'),
    decryptString: (buf) => [...buf.toString('utf8')].reverse().join(''),
  }
}
