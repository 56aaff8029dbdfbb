// Which gateway Loa talks to, and with which key: the user's, or the embedded demo service's when no key
// is saved. Decided here once; everything else just uses `endpoint()`.
import { AppError } from '../errors'
import type { GatewayEndpoint } from '../api/http'
import type { ConnectionStatus, KeyStatus } from '../../preload/contract'
import type { SettingsService } from '../settings/settings-service'
import type { SecretStoreChoice } from '../secrets/choose-store'
import { accountFor } from '../secrets/secret-store'
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
  readonly #listeners = new Set<Listener>()

  constructor(private readonly deps: ConnectionDeps) {}

  async init(): Promise<void> {
    const baseUrl = this.deps.settings.get().baseUrl
    if (baseUrl) {
      let key: string | null = null
      try {
        key = await this.deps.secrets.store.get(accountFor(baseUrl))
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
    return { demo: this.#demo !== null, baseUrl: this.endpoint().baseUrl }
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
    const baseUrl = normalizeBaseUrl(baseUrlArg ?? this.deps.settings.get().baseUrl)
    await this.deps.validateKey({ baseUrl, key })
    await this.deps.secrets.store.set(accountFor(baseUrl), key)
    this.deps.settings.update({ baseUrl })
    this.#endpoint = { baseUrl, key }
    this.#savedKey = true
    await this.#stopDemo()
    this.#emit()
    return this.keyStatus()
  }

  async clearKey(): Promise<KeyStatus> {
    const baseUrl = this.deps.settings.get().baseUrl
    if (baseUrl) await this.deps.secrets.store.delete(accountFor(baseUrl))
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

/**
 * The gateway address as Loa stores it, or a refusal whose code the key form says in the user's words
 * (`base_url_*`). The address is the service's base URL, without the `/v1` every path adds.
 */
function normalizeBaseUrl(value: unknown): string {
  const refuse = (code: string, message: string, params?: Record<string, string>) =>
    new AppError('invalid_input', message, { field: 'baseUrl', code, ...(params ? { params } : {}) })
  if (typeof value !== 'string' || value.trim() === '') {
    throw refuse('base_url_missing', 'Enter the gateway address first.')
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw refuse('base_url_invalid', 'The gateway address is not a valid URL.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('base_url_scheme', 'The gateway address must start with https://')
  }
  if (url.username || url.password) {
    throw refuse('base_url_credentials', 'The gateway address must not contain a user name or password.')
  }
  // Plain http is accepted only on this machine: a key must never cross a network in clear text.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw refuse('base_url_not_https', 'Use https:// for a gateway on another machine.', {
      suggestion: `https://${url.host}${url.pathname.replace(/\/+$/, '')}`,
    })
  }
  const path = url.pathname.replace(/\/+$/, '')
  // Every request adds `/v1/...` itself: an address ending in /v1 would ask for /v1/v1/... and fail.
  if (/\/v1$/i.test(path)) {
    throw refuse('base_url_has_v1', 'Leave /v1 out of the gateway address.', {
      suggestion: url.origin + path.replace(/\/v1$/i, ''),
    })
  }
  return url.origin + path
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}
