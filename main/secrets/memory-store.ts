import type { SecretStore } from './secret-store'

/** Keeps secrets for this run only: for tests, and when the OS offers no safe place to persist them. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const
  readonly #secrets = new Map<string, string>()

  async get(account: string): Promise<string | null> {
    return this.#secrets.get(account) ?? null
  }

  async set(account: string, secret: string): Promise<void> {
    this.#secrets.set(account, secret)
  }

  async delete(account: string): Promise<boolean> {
    return this.#secrets.delete(account)
  }
}
