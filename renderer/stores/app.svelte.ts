// What every view reads: app info, settings, key and connection status, language and theme.
// Values follow main's events while anything shows them.
import type {
  AppInfo,
  ConnectionStatus,
  KeyStatus,
  Language,
  Settings,
  SettingsPatch,
  SettingsSnapshot,
} from '../../preload/contract'
import { loa, unwrap } from '../lib/bridge'
import { BridgeValue } from '../lib/bridge-value.svelte'
import { resolveLanguage, translate, type MessageKey } from '../lib/i18n/translate'

export class AppStore {
  info: AppInfo | null = $state(null)
  restoredFrom: SettingsSnapshot['restoredFrom'] | null = $state(null)
  loadError: string | null = $state(null)
  /** The welcome was opened again from Settings (a pending one shows without this). */
  welcomeOpen = $state(false)
  #systemDark = $state(false)

  readonly settings = new BridgeValue<Settings | null>(null, (set) => loa.settings.onChanged(set))
  readonly key = new BridgeValue<KeyStatus | null>(null, (set) => loa.key.onChanged(set))
  readonly connection = new BridgeValue<ConnectionStatus | null>(null, (set) => loa.connection.onChanged(set))

  constructor() {
    const media = globalThis.matchMedia?.('(prefers-color-scheme: dark)')
    if (media) {
      this.#systemDark = media.matches
      media.addEventListener('change', (e) => (this.#systemDark = e.matches))
    }
  }

  async load(): Promise<void> {
    try {
      const [info, snapshot, key, connection] = await Promise.all([
        unwrap(loa.app.info()),
        unwrap(loa.settings.get()),
        unwrap(loa.key.status()),
        unwrap(loa.connection.status()),
      ])
      this.info = info
      this.settings.set(snapshot.settings)
      this.restoredFrom = snapshot.restoredFrom ?? null
      this.key.set(key)
      this.connection.set(connection)
    } catch (err) {
      this.loadError = err instanceof Error ? err.message : String(err)
    }
  }

  get language(): Language {
    return resolveLanguage(
      this.settings.current?.language ?? 'system',
      this.info?.osLocale ?? navigator.language,
    )
  }

  get theme(): 'light' | 'dark' {
    const setting = this.settings.current?.theme ?? 'system'
    if (setting !== 'system') return setting
    return this.#systemDark ? 'dark' : 'light'
  }

  /** The main window shows the welcome: on a first run, or when Settings opens it again. */
  get showsWelcome(): boolean {
    return this.welcomeOpen || this.settings.current?.welcome?.status === 'pending'
  }

  t = (key: MessageKey, params?: Record<string, string | number>): string =>
    translate(this.language, key, params)

  async updateSettings(patch: SettingsPatch): Promise<void> {
    const next = await unwrap(loa.settings.update(patch))
    this.settings.set(next)
  }
}

export const app = new AppStore()
