// Picks where the key lives, once, at start-up: keychain, else safeStorage file, else memory with a reason.
import { EncryptedFileSecretStore, type SafeStorageLike } from './encrypted-file-store'
import { KeytarSecretStore, type KeytarLike } from './keytar-store'
import { MemorySecretStore } from './memory-store'
import type { SecretStore } from './secret-store'

export interface SecretStoreChoice {
  store: SecretStore
  /** Why the key will not survive a restart, as an i18n message key. null when it will. */
  warning: 'keyStorage.noKeyring' | 'keyStorage.noSafeStorage' | null
}

export interface ChooseOptions {
  loadKeytar: () => Promise<KeytarLike | null>
  safeStorage: SafeStorageLike | null
  encryptedFilePath: string
  /** The keychain's service name; the desktop app's unless a host keeps its own (the web harness). */
  keychainService?: string
}

export async function chooseSecretStore(opts: ChooseOptions): Promise<SecretStoreChoice> {
  const keytar = await opts.loadKeytar()
  if (keytar) {
    const store = new KeytarSecretStore(keytar, opts.keychainService)
    try {
      await store.probe()
      return { store, warning: null }
    } catch {
      // No Secret Service (or a locked one): fall through to safeStorage.
    }
  }
  const safe = opts.safeStorage
  if (safe && safe.isEncryptionAvailable()) {
    // On Linux without a keyring, safeStorage falls back to a hard-coded password: that is not protection.
    if (safe.getSelectedStorageBackend?.() === 'basic_text') {
      return {
        store: new MemorySecretStore(),
        warning: 'keyStorage.noKeyring',
      }
    }
    return { store: new EncryptedFileSecretStore(safe, opts.encryptedFilePath), warning: null }
  }
  return {
    store: new MemorySecretStore(),
    warning: 'keyStorage.noSafeStorage',
  }
}
