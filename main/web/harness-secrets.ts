// Where the browser harness keeps the key: the keychain under the harness's own service name (never the
// desktop app's entry), else in memory for the run. The harness has no Electron, so no safeStorage.
import { join } from 'node:path'
import { chooseSecretStore, type SecretStoreChoice } from '../secrets/choose-store'
import { loadKeytar as loadInstalledKeytar, type KeytarLike } from '../secrets/keytar-store'
import { WEB_HARNESS_SERVICE_NAME } from '../secrets/secret-store'

export function chooseHarnessSecrets(
  dataDir: string,
  loadKeytar: () => Promise<KeytarLike | null> = loadInstalledKeytar,
): Promise<SecretStoreChoice> {
  return chooseSecretStore({
    loadKeytar,
    safeStorage: null,
    encryptedFilePath: join(dataDir, 'key.enc.json'),
    keychainService: WEB_HARNESS_SERVICE_NAME,
  })
}
