// Electron safeStorage encrypting into a file under userData, for machines where keytar cannot work.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '../errors'
import type { SecretStore } from './secret-store'

/** The part of Electron's safeStorage this store uses; injected so this file stays Electron-free. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: `basic_text` means a hard-coded password, i.e. no real protection. */
  getSelectedStorageBackend?(): string
}

type FileShape = Record<string, string>

export class EncryptedFileSecretStore implements SecretStore {
  readonly kind = 'encrypted-file' as const

  constructor(
    private readonly safeStorage: SafeStorageLike,
    private readonly filePath: string,
  ) {}

  async get(account: string): Promise<string | null> {
    const sealed = (await this.#read())[account]
    if (sealed === undefined) return null
    try {
      return this.safeStorage.decryptString(Buffer.from(sealed, 'base64'))
    } catch (cause) {
      throw new AppError('keychain', 'The saved key could not be decrypted on this machine.', { cause })
    }
  }

  async set(account: string, secret: string): Promise<void> {
    const all = await this.#read()
    all[account] = this.safeStorage.encryptString(secret).toString('base64')
    await this.#write(all)
  }

  async delete(account: string): Promise<boolean> {
    const all = await this.#read()
    if (!(account in all)) return false
    delete all[account]
    await this.#write(all)
    return true
  }

  async #read(): Promise<FileShape> {
    let text: string
    try {
      text = await readFile(this.filePath, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new AppError('storage', 'The encrypted key file could not be read.', { cause: err })
    }
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as FileShape
    } catch {
      return {}
    }
  }

  async #write(all: FileShape): Promise<void> {
    // Write beside and rename, so a full disk or a crash never leaves half a file.
    const tmp = `${this.filePath}.${process.pid}.tmp`
    try {
      await mkdir(dirname(this.filePath), { recursive: true })
      await writeFile(tmp, JSON.stringify(all), { mode: 0o600 })
      await rename(tmp, this.filePath)
    } catch (cause) {
      throw new AppError('storage', 'The encrypted key file could not be written.', { cause })
    }
  }
}
