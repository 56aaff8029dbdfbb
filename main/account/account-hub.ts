// The account as the app sees it: one AccountService for the key in use (rebuilt when the key changes),
// its updates pushed to the renderer, the tray kept current and alerts raised. Electron-free: the host
// shows notifications and the tray through the callbacks it passes in.
import type {
  CatalogKind,
  CatalogList,
  CatalogModel,
  Glance,
  Language,
  Part,
  UsageDays,
  UsageRecordsPage,
  VndPerUsd,
} from '../../preload/contract'
import { CacheFile, createAccountService, managementRequests, type AccountService } from '../api/management'
import { withRecordTimes } from '../api/management/usage-times'
import { vndPerUsd, type RateSources } from '../api/management/vnd-rate'
import type { ConnectionService } from '../connection/connection-service'
import type { EventHub } from '../ipc/event-hub'
import type { SettingsService } from '../settings/settings-service'
import { AccountAlerts } from './account-alerts'
import { alertText, formatVndFor } from './alert-text'
import { trayStatus, type TrayStatus } from './tray-status'

export interface AccountHost {
  notify(title: string, body: string): void
  setTrayStatus(status: TrayStatus): void
}

export interface AccountHubDeps {
  connection: ConnectionService
  settings: SettingsService
  events: EventHub
  cacheDir: string
  host: AccountHost
  language: () => Language
  now?: () => number
}

export class AccountHub {
  #service: AccountService
  #alerts = new AccountAlerts()
  readonly #file: CacheFile
  readonly #deps: AccountHubDeps
  readonly #stopWatching: Array<() => void> = []

  private constructor(deps: AccountHubDeps, file: CacheFile) {
    this.#deps = deps
    this.#file = file
    this.#service = this.#build()
    this.#stopWatching.push(
      deps.connection.onChange((key) => {
        const previous = this.#service
        previous.dispose()
        // A removed key takes its cached account data with it.
        if (!key.hasKey) previous.client.budget.dispose()
        this.#alerts = new AccountAlerts()
        this.#service = this.#build()
      }),
      deps.settings.onChange(() => this.#publish(this.#service.glance())),
    )
  }

  static async open(deps: AccountHubDeps): Promise<AccountHub> {
    const file = await CacheFile.open({ dir: deps.cacheDir })
    return new AccountHub(deps, file)
  }

  glance(): Glance {
    return this.#service.glance()
  }

  /** The key's rate-budgeted management client, for readers outside the glance (the voice tools). */
  get client(): AccountService['client'] {
    return this.#service.client
  }

  refresh(): Promise<Glance> {
    return this.#service.refreshGlance({ force: true })
  }

  setPopupVisible(visible: boolean): void {
    this.#service.setPopupOpen(visible)
  }

  async records(limit: number): Promise<Part<UsageRecordsPage>> {
    const part = await this.#service.fetchView(managementRequests.usage(limit), { priority: 'foreground' })
    return { ...part, value: part.value && withRecordTimes(part.value) }
  }

  /** The latest usage records from the service now, past the cache; throws when they cannot be had. */
  latestRecords(limit: number) {
    return this.#service.client.usage({ limit, priority: 'foreground' })
  }

  daily(days: UsageDays) {
    return this.#service.fetchView(managementRequests.usageDaily(days), { priority: 'foreground' })
  }

  models() {
    return this.#service.fetchView(managementRequests.usageModels(), { priority: 'foreground' })
  }

  async catalog(kind: CatalogKind): Promise<CatalogList> {
    const s = this.#service
    switch (kind) {
      case 'text': {
        const list = await s.fetchView(managementRequests.textModels())
        return { kind, list, vndPerUsd: await this.#vndPerUsd({ text: list.value }) }
      }
      case 'image': {
        const list = await s.fetchView(managementRequests.imageModels())
        return { kind, list, vndPerUsd: await this.#vndPerUsd({ image: list.value }) }
      }
      case 'video': {
        const list = await s.fetchView(managementRequests.videoModels())
        return { kind, list, vndPerUsd: await this.#vndPerUsd({ video: list.value }) }
      }
      case 'embedding': {
        const list = await s.fetchView(managementRequests.embeddingModels())
        return { kind, list, vndPerUsd: await this.#vndPerUsd({ embedding: list.value }) }
      }
    }
  }

  async model(id: string): Promise<CatalogModel> {
    const [detail, rate] = await Promise.all([
      this.#service.client.model(id, { priority: 'foreground' }),
      this.#vndPerUsd({}),
    ])
    return { ...detail, vndPerUsd: rate }
  }

  async close(): Promise<void> {
    for (const stop of this.#stopWatching) stop()
    this.#service.dispose()
    this.#service.client.budget.dispose()
    await this.#file.flush()
  }

  /**
   * The rate for USD-only prices, from `lists` and the image and embedding lists, whose VND prices imply
   * it (both cached like any catalog list, so a tab costs no extra request while they are fresh).
   */
  async #vndPerUsd(lists: RateSources): Promise<VndPerUsd> {
    const s = this.#service
    const [image, embedding] = await Promise.all([
      'image' in lists ? lists.image : s.fetchView(managementRequests.imageModels()).then((p) => p.value),
      'embedding' in lists
        ? lists.embedding
        : s.fetchView(managementRequests.embeddingModels()).then((p) => p.value),
    ])
    return vndPerUsd({ ...lists, image, embedding })
  }

  #build(): AccountService {
    const service = createAccountService({ endpoint: this.#deps.connection.endpoint(), file: this.#file })
    service.onUpdate(({ glance }) => this.#publish(glance))
    service.start()
    return service
  }

  #publish(glance: Glance): void {
    const { settings, events, host, connection } = this.#deps
    const lang = this.#deps.language()
    const threshold = settings.get().lowBalanceThresholdVnd
    events.emit('account:changed', glance)
    host.setTrayStatus(trayStatus(glance, threshold, lang, connection.connectionStatus().demo))
    for (const alert of this.#alerts.observe(glance, threshold, (this.#deps.now ?? Date.now)())) {
      const p = alert.params
      const params =
        alert.kind === 'lowBalance'
          ? {
              balance: formatVndFor(lang, Number(p.balance)),
              threshold: formatVndFor(lang, Number(p.threshold)),
            }
          : alert.kind === 'planExpiring'
            ? {
                ...p,
                date: new Date(String(p.expiresAt)).toLocaleDateString(lang === 'vi' ? 'vi-VN' : 'en-US'),
              }
            : p
      const text = alertText(lang, alert.kind, params)
      host.notify(text.title, text.body)
    }
  }
}
