// The keychain entry `loa login` writes and `loa logout` removes: the same one the Loa app reads for the
// gateway (secret-store.ts `accountFor`), in the same service. Only the OS keychain: the app's own
// safeStorage file can be sealed and opened by the app alone.
import { KeytarSecretStore, loadKeytar, type KeytarLike } from '../secrets/keytar-store'
import { SERVICE_NAME } from '../secrets/secret-store'
import { EXIT } from './exit-codes'
import { CliFailure } from './failure'

const NO_KEYCHAIN_HINT = {
  en:
    'unlock or install a keychain (on Linux the Secret Service: GNOME Keyring or KWallet), or give the key to ' +
    'each command in LOA_API_KEY.',
  vi:
    'mở khóa hoặc cài một kho khóa (trên Linux là Secret Service: GNOME Keyring hoặc KWallet), hoặc đưa khóa ' +
    'cho từng lệnh qua LOA_API_KEY.',
}

/** The keychain store, checked to answer; a CliFailure (`no_keychain`, exit 1) when there is none. */
export async function openKeychain(
  load: () => Promise<KeytarLike | null> = loadKeytar,
): Promise<KeytarSecretStore> {
  const keytar = await load()
  if (!keytar) throw noKeychain('keytar is not available')
  const store = new KeytarSecretStore(keytar, SERVICE_NAME)
  try {
    await store.probe()
  } catch (err) {
    throw noKeychain(firstLineOfCause(err))
  }
  return store
}

export function noKeychain(why: string): CliFailure {
  return new CliFailure(
    {
      en: `no system keychain can store the key here (${why}).`,
      vi: `ở đây không có kho khóa hệ thống nào lưu được khóa (${why}).`,
    },
    EXIT.failure,
    'no_keychain',
    NO_KEYCHAIN_HINT,
  )
}

function firstLineOfCause(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err)
  return cause.split('\n')[0] ?? cause
}
