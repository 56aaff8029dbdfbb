// Which gateway Loa talks to, and with which key: the user's, or the embedded demo service's when no key
// is saved. Decided here once; everything else just uses `endpoint()`.
import { AppError } from '../errors'
import type { GatewayEndpoint } from '../api/http'
import type { ConnectionStatus, KeyStatus, RefusedBaseUrl } from '../../preload/contract'
import type { SettingsService } from '../settings/settings-service'
import type { SecretStoreChoice } from '../secrets/choose-store'
import { forgetGatewayKey, readGatewayKey } from '../secrets/gateway-key'
import { accountFor } from '../secrets/secret-store'
import { checkGatewayUrl, EndpointRuleError } from '../api/endpoint-rule'
import { checkKeyShape } from './validate-key'

export interface DemoHandle {
  baseUrl: string
  key: string
  close(): Promise<void>
}

export interface ConnectionDeps {
  settings: SettingsService
  secrets: SecretStoreChoice
  startDemo: () => Promise<DemoHandle>
  validateKey: (endpoint: GatewayEndpoint) => Promise<void>
}

type Listener = (key: KeyStatus, connection: ConnectionStatus) => void

export class ConnectionService {
  #endpoint: GatewayEndpoint | null = null
  #demo: DemoHandle | null = null
  #savedKey = false
  #refused: RefusedBaseUrl | null = null
  readonly #listeners = new Set<Listener>()

  constructor(private readonly deps: ConnectionDeps) {}

  async init(): Promise<void> {
    const saved = this.deps.settings.get().baseUrl
    const baseUrl = saved === null ? null : this.#usable(saved)
    if (baseUrl) {
      let key: string | null = null
      try {
        key = await readGatewayKey(this.deps.secrets.store, baseUrl)
      } catch {
        // A keychain that fails to read must not keep Loa from starting: run the demo until it recovers.
      }
      if (key) {
        this.#endpoint = { baseUrl, key }
        this.#savedKey = true
        return
      }
    }
    await this.#useDemo()
  }

  endpoint(): GatewayEndpoint {
    if (!this.#endpoint) throw new AppError('unavailable', 'Loa is still starting.')
    return this.#endpoint
  }

  connectionStatus(): ConnectionStatus {
    const status: ConnectionStatus = { demo: this.#demo !== null, baseUrl: this.endpoint().baseUrl }
    if (this.#refused) status.refused = { ...this.#refused }
    return status
  }

  keyStatus(): KeyStatus {
    const key = this.#savedKey ? this.#endpoint?.key : undefined
    return {
      hasKey: this.#savedKey,
      hint: key ? key.slice(-4) : null,
      demo: this.#demo !== null,
      baseUrl: this.deps.settings.get().baseUrl,
      storage: this.deps.secrets.store.kind,
      storageWarning: this.deps.secrets.warning,
    }
  }

  async setKey(rawKey: unknown, baseUrlArg?: unknown): Promise<KeyStatus> {
    const key = checkKeyShape(rawKey)
    const baseUrl = checkGatewayUrl(baseUrlArg ?? this.deps.settings.get().baseUrl)
    await this.deps.validateKey({ baseUrl, key })
    await this.deps.secrets.store.set(accountFor(baseUrl), key)
    this.deps.settings.update({ baseUrl })
    this.#endpoint = { baseUrl, key }
    this.#savedKey = true
    this.#refused = null
    await this.#stopDemo()
    this.#emit()
    return this.keyStatus()
  }

  /** Forgets the key of the gateway in use (or, while the demo runs, of the saved address Loa may use). */
  async clearKey(): Promise<KeyStatus> {
    const saved = this.deps.settings.get().baseUrl
    const baseUrl = this.#savedKey ? this.#endpoint?.baseUrl : saved === null ? null : this.#usable(saved)
    if (baseUrl) await forgetGatewayKey(this.deps.secrets.store, baseUrl)
    this.#savedKey = false
    await this.#useDemo()
    this.#emit()
    return this.keyStatus()
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async close(): Promise<void> {
    await this.#stopDemo()
  }

  /** The saved address when the endpoint rule allows it; otherwise null, and the refusal kept to be shown. */
  #usable(saved: string): string | null {
    try {
      return checkGatewayUrl(saved)
    } catch (err) {
      if (!(err instanceof EndpointRuleError)) throw err
      this.#refused = {
        baseUrl: saved,
        code: err.code,
        ...(err.suggestion === null ? {} : { suggestion: err.suggestion }),
      }
      return null
    }
  }

  async #useDemo(): Promise<void> {
    this.#demo ??= await this.deps.startDemo()
    this.#endpoint = { baseUrl: this.#demo.baseUrl, key: this.#demo.key }
  }

  async #stopDemo(): Promise<void> {
    const demo = this.#demo
    this.#demo = null
    await demo?.close()
  }

  #emit(): void {
    const key = this.keyStatus()
    const conn = this.connectionStatus()
    for (const l of this.#listeners) l(key, conn)
  }
}
