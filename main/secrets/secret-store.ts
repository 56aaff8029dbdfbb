// Where the API key lives. One interface, several stores; the app picks one at start-up.
import type { SecretStorageKind } from '../../preload/contract'

export interface SecretStore {
  readonly kind: SecretStorageKind
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}

/**
 * The keychain account for a gateway: its base URL's whole origin (scheme, host and port), so a key saved
 * for https://host is never found for http://host, and keys for different gateways never mix.
 */
export function accountFor(baseUrl: string): string {
  return new URL(baseUrl).origin
}

/** The account name versions before the origin used: host and port only. Read once, to migrate. */
export function legacyAccountFor(baseUrl: string): string {
  return new URL(baseUrl).host
}

export const SERVICE_NAME = 'Loa'
/**
 * The browser harness's own keychain entry: a key saved while trying the harness never replaces, nor is
 * read as, the one the desktop app and the `loa` command use.
 */
export const WEB_HARNESS_SERVICE_NAME = 'Loa web harness'
