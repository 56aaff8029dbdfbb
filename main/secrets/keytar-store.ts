// The OS keychain through keytar: macOS Keychain, Windows Credential Vault, the Secret Service on Linux.
import { createRequire } from 'node:module'
import { AppError } from '../errors'
import { SERVICE_NAME, type SecretStore } from './secret-store'

/** The part of keytar's API that Loa uses, as keytar 7.9's keytar.d.ts declares it. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const

  constructor(
    private readonly keytar: KeytarLike,
    private readonly service = SERVICE_NAME,
  ) {}

  get(account: string): Promise<string | null> {
    return this.#wrap('read', () => this.keytar.getPassword(this.service, account))
  }

  set(account: string, secret: string): Promise<void> {
    return this.#wrap('save', () => this.keytar.setPassword(this.service, account, secret))
  }

  delete(account: string): Promise<boolean> {
    return this.#wrap('delete', () => this.keytar.deletePassword(this.service, account))
  }

  /** Fails when the keychain backend is missing or locked (e.g. no Secret Service on a bare Linux session). */
  async probe(): Promise<void> {
    await this.keytar.findCredentials(this.service)
  }

  async #wrap<T>(verb: string, op: () => Promise<T>): Promise<T> {
    try {
      return await op()
    } catch (cause) {
      throw new AppError('keychain', `The system keychain could not ${verb} the key.`, { cause })
    }
  }
}

const requireHere = createRequire(import.meta.url)

/**
 * keytar is an optional dependency: a machine without libsecret still runs Loa, and still type-checks. So it
 * is required by name at run time, never imported: no type here depends on the package being installed.
 */
export async function loadKeytar(): Promise<KeytarLike | null> {
  try {
    const keytar = requireHere('keytar') as Partial<KeytarLike>
    return typeof keytar.getPassword === 'function' ? (keytar as KeytarLike) : null
  } catch {
    return null
  }
}
