// The keychain backend by name, as a person would recognise it in a support bundle.
import type { SecretStorageKind } from '../../preload/contract'
import type { KeychainState } from './checks'

/** keytar's backend on each platform (keytar-store.ts). */
export function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain'
  if (platform === 'win32') return 'Windows Credential Manager'
  return 'Secret Service (GNOME Keyring, KWallet)'
}

export function storageName(kind: SecretStorageKind, platform: NodeJS.Platform): string {
  if (kind === 'keychain') return keychainName(platform)
  if (kind === 'encrypted-file') return 'file sealed with Electron safeStorage'
  return 'memory only, until Loa quits'
}

/** The app's key store as the checks see it: only the system keychain keeps the key safely across restarts. */
export function keychainStateOf(
  choice: { store: { kind: SecretStorageKind }; warning: string | null },
  platform: NodeJS.Platform,
): KeychainState {
  const kind = choice.store.kind
  return {
    backend: storageName(kind, platform),
    usable: kind === 'keychain',
    problem: kind === 'keychain' ? null : (choice.warning ?? 'the system keychain did not answer'),
  }
}
