// keytar against a real Secret Service: npm test runs this inside dbus-run-session with gnome-keyring unlocked.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { chooseSecretStore } from '../../main/secrets/choose-store'
import { forgetGatewayKey, readGatewayKey } from '../../main/secrets/gateway-key'
import { KeytarSecretStore, loadKeytar } from '../../main/secrets/keytar-store'

const run = promisify(execFile)
const realKeyring = process.env.LOA_TEST_KEYRING === '1'

describe.runIf(realKeyring)('keytar with a real keyring', () => {
  it('stores, reads back and deletes a key', async () => {
    const keytar = await loadKeytar()
    expect(keytar, 'keytar did not load: is libsecret-1-dev installed and keytar built?').not.toBeNull()
    const store = new KeytarSecretStore(keytar!, `Loa-test-${randomUUID()}`)
    await store.probe()
    const account = 'gw.example.com'
    const key = `sk-${randomUUID()}`
    await store.set(account, key)
    expect(await store.get(account)).toBe(key)
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
  })

  it('moves a key saved under the host-only name to the origin’s, and forgets both', async () => {
    const keytar = await loadKeytar()
    const service = `Loa-test-${randomUUID()}`
    const store = new KeytarSecretStore(keytar!, service)
    const key = `sk-${randomUUID()}`
    await store.set('gw.example.com:8443', key)
    expect(await readGatewayKey(store, 'https://gw.example.com:8443/api')).toBe(key)
    expect(await keytar!.getPassword(service, 'https://gw.example.com:8443')).toBe(key)
    expect(await keytar!.getPassword(service, 'gw.example.com:8443')).toBeNull()
    expect(await readGatewayKey(store, 'http://gw.example.com:8443')).toBeNull()
    expect(await forgetGatewayKey(store, 'https://gw.example.com:8443')).toBe(true)
    expect(await keytar!.findCredentials(service)).toEqual([])
  })

  it('is what Loa chooses when the keyring works', async () => {
    const choice = await chooseSecretStore({
      loadKeytar,
      safeStorage: null,
      encryptedFilePath: '/nonexistent',
    })
    expect(choice.store.kind).toBe('keychain')
  })
})

describe('keytar without a Secret Service', () => {
  it('is detected at start-up, so Loa falls back instead of failing later', async () => {
    // A child process whose session bus does not exist: keytar loads, but its backend cannot answer.
    const script = `
      import { chooseSecretStore } from './main/secrets/choose-store.ts'
      import { loadKeytar } from './main/secrets/keytar-store.ts'
      const c = await chooseSecretStore({ loadKeytar, safeStorage: null, encryptedFilePath: '/nonexistent' })
      console.log(JSON.stringify({ kind: c.store.kind, warning: c.warning }))
    `
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
      timeout: 30_000,
    })
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      kind: 'memory',
      warning: 'keyStorage.noSafeStorage',
    })
  })
})
