import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chooseSecretStore } from '../../main/secrets/choose-store'
import { EncryptedFileSecretStore, type SafeStorageLike } from '../../main/secrets/encrypted-file-store'
import type { KeytarLike } from '../../main/secrets/keytar-store'
import { MemorySecretStore } from '../../main/secrets/memory-store'
import { accountFor } from '../../main/secrets/secret-store'

// safeStorage cannot run outside Electron: this stand-in encrypts for real (AES-GCM with a fixed key),
// so the tests see ciphertext on disk as they would with the OS backend.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
function fakeSafeStorage(backend = 'gnome_libsecret'): SafeStorageLike {
  const key = Buffer.alloc(32, 7)
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString(text) {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()])
      return Buffer.concat([iv, c.getAuthTag(), body])
    },
    decryptString(buf) {
      const d = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12))
      d.setAuthTag(buf.subarray(12, 28))
      return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8')
    },
  }
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-secrets-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const SECRET = 'sk-live-0123456789abcdef'

describe('secret stores', () => {
  it('key accounts by the gateway origin: scheme, host and port', () => {
    expect(accountFor('https://gw.example.com/v1')).toBe('https://gw.example.com')
    expect(accountFor('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000')
    expect(accountFor('http://gw.example.com')).not.toBe(accountFor('https://gw.example.com'))
  })

  it('memory store keeps and forgets', async () => {
    const s = new MemorySecretStore()
    await s.set('a', SECRET)
    expect(await s.get('a')).toBe(SECRET)
    expect(await s.delete('a')).toBe(true)
    expect(await s.get('a')).toBeNull()
  })

  it('encrypted file never holds the key in clear text, and is private to the user', async () => {
    const path = join(dir, 'nested', 'key.enc.json')
    const s = new EncryptedFileSecretStore(fakeSafeStorage(), path)
    await s.set('gw.example.com', SECRET)
    await s.set('other.example.com', 'sk-other-99999999')
    const raw = await readFile(path, 'utf8')
    expect(raw).not.toContain(SECRET)
    expect(raw).not.toContain('sk-')
    expect((await stat(path)).mode & 0o077).toBe(0)
    const again = new EncryptedFileSecretStore(fakeSafeStorage(), path)
    expect(await again.get('gw.example.com')).toBe(SECRET)
    expect(await again.delete('gw.example.com')).toBe(true)
    expect(await again.get('gw.example.com')).toBeNull()
    expect(await again.get('other.example.com')).toBe('sk-other-99999999')
  })

  it('encrypted file reports a key it cannot decrypt as a keychain error', async () => {
    const path = join(dir, 'key.enc.json')
    await new EncryptedFileSecretStore(fakeSafeStorage(), path).set('h', SECRET)
    const broken = {
      ...fakeSafeStorage(),
      decryptString: () => {
        throw new Error('bad')
      },
    }
    await expect(new EncryptedFileSecretStore(broken, path).get('h')).rejects.toMatchObject({
      kind: 'keychain',
    })
  })
})

describe('choosing a store', () => {
  const path = () => join(dir, 'key.enc.json')
  const workingKeytar = (): KeytarLike => {
    const m = new Map<string, string>()
    return {
      getPassword: async (_s, a) => m.get(a) ?? null,
      setPassword: async (_s, a, p) => void m.set(a, p),
      deletePassword: async (_s, a) => m.delete(a),
      findCredentials: async () => [],
    }
  }

  it('prefers the keychain', async () => {
    const c = await chooseSecretStore({
      loadKeytar: async () => workingKeytar(),
      safeStorage: fakeSafeStorage(),
      encryptedFilePath: path(),
    })
    expect(c.store.kind).toBe('keychain')
    expect(c.warning).toBeNull()
  })

  it('falls back to safeStorage when keytar is missing or its backend fails', async () => {
    const noBackend: KeytarLike = {
      ...workingKeytar(),
      findCredentials: async () => {
        throw new Error('Cannot autolaunch D-Bus')
      },
    }
    for (const loadKeytar of [async () => null, async () => noBackend]) {
      const c = await chooseSecretStore({
        loadKeytar,
        safeStorage: fakeSafeStorage(),
        encryptedFilePath: path(),
      })
      expect(c.store.kind).toBe('encrypted-file')
      expect(c.warning).toBeNull()
    }
  })

  it('keeps the key in memory, and says why, when safeStorage would only obfuscate it', async () => {
    const c = await chooseSecretStore({
      loadKeytar: async () => null,
      safeStorage: fakeSafeStorage('basic_text'),
      encryptedFilePath: path(),
    })
    expect(c.store.kind).toBe('memory')
    expect(c.warning).toBe('keyStorage.noKeyring')
  })

  it('keeps the key in memory when nothing else exists', async () => {
    const c = await chooseSecretStore({
      loadKeytar: async () => null,
      safeStorage: null,
      encryptedFilePath: path(),
    })
    expect(c.store.kind).toBe('memory')
    expect(c.warning).toBe('keyStorage.noSafeStorage')
  })
})
