// The composition root shared by the app, the browser harness and the tests: builds the services once and
// maps every request channel of the contract to them. Electron-specific actions come in through `Shell`.
import type { AppInfo, KeyStatus, Language, SaveTextRequest, ViewName } from '../preload/contract'
import { AccountHub, type AccountHost } from './account/account-hub'
import { AudioPorts } from './audio-port/audio-ports'
import { ConnectionService, type DemoHandle } from './connection/connection-service'
import type { GatewayEndpoint } from './api/http'
import { EventHub } from './ipc/event-hub'
import { createRouter, type CallContext, type Router } from './ipc/router'
import type { SecretStoreChoice } from './secrets/choose-store'
import { resolveLanguage } from './settings/language'
import type { SettingsService } from './settings/settings-service'

/** What only the host (Electron, or the harness) can do. */
export interface Shell extends AccountHost {
  /** Asks where to save and writes the file; null when the user cancels. */
  saveText(request: SaveTextRequest): Promise<{ path: string } | null>
  showView(view: ViewName): void
  hidePopup(): void
  quit(): void
  /** Creates a port pair, keeps one end for `audioPorts`, hands the other to the calling page. */
  openAudioPort(ctx: CallContext, audioPorts: AudioPorts): void
  setLaunchAtLogin(enabled: boolean): void
}

export interface CoreDeps {
  settings: SettingsService
  secrets: SecretStoreChoice
  startDemo: () => Promise<DemoHandle>
  validateKey: (endpoint: GatewayEndpoint) => Promise<void>
  shell: Shell
  info: Omit<AppInfo, 'surface'>
  /** Where main keeps its own files (the management cache). */
  dataDir: string
  onError?: (channel: string, err: unknown) => void
}

export interface Core {
  router: Router
  events: EventHub
  connection: ConnectionService
  settings: SettingsService
  audioPorts: AudioPorts
  account: AccountHub
  /** The UI language now: the setting, or the OS locale when it says "system". */
  language(): Language
  close(): Promise<void>
}

export async function createCore(deps: CoreDeps): Promise<Core> {
  const { settings, shell } = deps
  const events = new EventHub()
  const audioPorts = new AudioPorts()
  const connection = new ConnectionService(deps)
  await connection.init()
  const language = (): Language => resolveLanguage(settings.get().language, deps.info.osLocale)
  const account = await AccountHub.open({
    connection,
    settings,
    events,
    cacheDir: deps.dataDir,
    host: shell,
    language,
  })

  let launchAtLogin = settings.get().launchAtLogin
  settings.onChange((s) => {
    events.emit('settings:changed', s)
    if (s.launchAtLogin !== launchAtLogin) {
      launchAtLogin = s.launchAtLogin
      shell.setLaunchAtLogin(launchAtLogin)
    }
  })
  connection.onChange((key: KeyStatus, conn) => {
    events.emit('key:changed', key)
    events.emit('connection:changed', conn)
  })

  const router = createRouter(
    {
      'app:info': (_req, ctx) => ({ ...deps.info, surface: ctx.surface }),
      'app:quit': () => shell.quit(),
      'window:show': ({ view }) => shell.showView(view),
      'window:hidePopup': () => shell.hidePopup(),
      'key:status': () => connection.keyStatus(),
      'key:set': ({ key, baseUrl }) => connection.setKey(key, baseUrl),
      'key:clear': () => connection.clearKey(),
      'connection:status': () => connection.connectionStatus(),
      'settings:get': () => settings.snapshot(),
      'settings:update': (patch) => settings.update(patch),
      'audio:openPort': (_req, ctx) => shell.openAudioPort(ctx, audioPorts),
      'account:glance': () => account.glance(),
      'account:refresh': () => account.refresh(),
      'account:popupVisible': ({ visible }) => account.setPopupVisible(visible),
      'usage:records': ({ limit }) => account.records(limit),
      'usage:daily': ({ days }) => account.daily(days),
      'usage:models': () => account.models(),
      'catalog:list': ({ kind }) => account.catalog(kind),
      'catalog:model': ({ id }) => account.model(id),
      'file:saveText': (request) => shell.saveText(request),
    },
    deps.onError,
  )

  return {
    router,
    events,
    connection,
    settings,
    audioPorts,
    account,
    language,
    async close() {
      audioPorts.closeAll()
      await account.close()
      await connection.close()
    },
  }
}
