// The composition root shared by the app, the browser harness and the tests: builds the services once and
// maps every request channel of the contract to them. Electron-specific actions come in through `Shell`.
import type { AppInfo, KeyStatus, ViewName } from '../preload/contract'
import { AudioPorts } from './audio-port/audio-ports'
import { ConnectionService, type DemoHandle } from './connection/connection-service'
import type { GatewayEndpoint } from './api/http'
import { EventHub } from './ipc/event-hub'
import { createRouter, type CallContext, type Router } from './ipc/router'
import type { SecretStoreChoice } from './secrets/choose-store'
import type { SettingsService } from './settings/settings-service'

/** What only the host (Electron, or the harness) can do. */
export interface Shell {
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
  onError?: (channel: string, err: unknown) => void
}

export interface Core {
  router: Router
  events: EventHub
  connection: ConnectionService
  settings: SettingsService
  audioPorts: AudioPorts
  close(): Promise<void>
}

export async function createCore(deps: CoreDeps): Promise<Core> {
  const { settings, shell } = deps
  const events = new EventHub()
  const audioPorts = new AudioPorts()
  const connection = new ConnectionService(deps)
  await connection.init()

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
    },
    deps.onError,
  )

  return {
    router,
    events,
    connection,
    settings,
    audioPorts,
    async close() {
      audioPorts.closeAll()
      await connection.close()
    },
  }
}
