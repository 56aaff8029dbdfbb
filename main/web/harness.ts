// The browser harness: the real main-process services in Node, the built renderer served to a browser,
// and the IPC contract carried over a loopback WebSocket instead of Electron IPC.
// This file composes the pieces: the services with a shell that keeps the desktop's effects in memory,
// the server (harness-server.ts: access and pages), the bridge socket and the audio relay.
import { mkdir, writeFile } from 'node:fs/promises'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Conf from 'conf'
import type { ViewName } from '../../preload/contract'
import { APP_VERSION } from '../api/user-agent'
import type { TrayStatus } from '../account/tray-status'
import type { DemoHandle } from '../connection/connection-service'
import { startEmbeddedDemo } from '../connection/embedded-demo'
import { validateKey } from '../connection/validate-key'
import { createCore, type Core } from '../core'
import { AppError } from '../errors'
import { openFileLog } from '../logging/log'
import type { SecretStoreChoice } from '../secrets/choose-store'
import { MemorySecretStore } from '../secrets/memory-store'
import { SettingsService } from '../settings/settings-service'
import type { CrashedPageHost, PageGone } from '../crash/page-crash'
import { feedFileName } from '../updates/feed'
import { GenericFeed } from '../updates/generic-feed'
import type { AccessOptions } from './access'
import { relayAudio } from './audio-relay'
import { BridgeSockets } from './bridge-socket'
import { bundleWebBridge } from './bridge-bundle'
import { startHarnessServer } from './harness-server'

export { harnessCsp } from './harness-server'

export interface WebHarnessOptions {
  /** Where settings live for this harness. */
  dataDir: string
  port?: number
  rendererDir?: string
  secrets?: SecretStoreChoice
  startDemo?: () => Promise<DemoHandle>
  osLocale?: string
  /** The desktop the page is told it runs on (`XDG_CURRENT_DESKTOP`); this process's unless a test says. */
  desktop?: string
  /** How long links and sessions live and how many there may be; the defaults are access.ts's. */
  access?: Omit<AccessOptions, 'port'>
  /**
   * What drives the browser, when something does (the browser tests): it reloads a tab whose page died,
   * or shows the error page in it. A person's browser reloads its own tab ("Reload" on Chromium's page).
   */
  pages?: CrashedPageHost
  /** The folder of a generic update feed; without one the harness never checks for updates. */
  updateFeed?: string
}

export interface WebHarness {
  origin: string
  core: Core
  /**
   * What the harness would have shown or done on the desktop: notifications, the tray's status, files saved,
   * and the version it would have restarted into.
   */
  desktop: {
    notifications: Array<{ title: string; body: string }>
    tray: TrayStatus | null
    saved: string[]
    restartedInto: string | null
  }
  /** A URL that admits one browser, once and for a few minutes; it lands on `view` (or the popup). */
  launchUrl(view?: ViewName | 'popup'): string
  /** The path every page, asset and socket of this run lives under (and its cookie's Path). */
  scope: string
  /**
   * A tab's page died: the harness's `render-process-gone`, reported by what drives the browser. It is
   * logged and recorded, and the page restored on its route through `pages`, as the app does.
   */
  pageGone(page: PageGone): Promise<'restored' | 'error-page'>
  close(): Promise<void>
}

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))

export async function startWebHarness(opts: WebHarnessOptions): Promise<WebHarness> {
  const rendererDir = opts.rendererDir ?? DEFAULT_RENDERER_DIR
  const bridgeJs = await bundleWebBridge()

  const settings = await SettingsService.open({
    filePath: join(opts.dataDir, 'settings.json'),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: opts.dataDir, configName: 'settings', projectName: 'loa' }),
  })
  const desktop: WebHarness['desktop'] = { notifications: [], tray: null, saved: [], restartedInto: null }
  const desktopName = opts.desktop ?? process.env['XDG_CURRENT_DESKTOP']
  // The harness's log sits in its data folder, as the app's sits in Electron's log folder.
  const log = await openFileLog({ dir: join(opts.dataDir, 'logs'), name: 'main' })
  let close: () => Promise<void> = async () => {}
  const saveExport = async (name: string, data: string | Uint8Array) => {
    const path = join(opts.dataDir, 'exports', name)
    try {
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, data)
    } catch (cause) {
      throw new AppError('storage', `Could not write ${path}.`, { cause })
    }
    desktop.saved.push(path)
    return { path }
  }
  const core = await createCore({
    settings,
    secrets: opts.secrets ?? { store: new MemorySecretStore(), warning: null },
    startDemo: opts.startDemo ?? startEmbeddedDemo,
    validateKey,
    info: {
      name: 'Loa',
      version: APP_VERSION,
      platform: platform(),
      osLocale: opts.osLocale ?? Intl.DateTimeFormat().resolvedOptions().locale,
      ...(desktopName ? { desktop: desktopName } : {}),
    },
    shell: {
      showView: (view) => core.events.emit('nav:show', { view }),
      hidePopup: () => {},
      quit: () => void close(),
      // In the browser the bridge opens the port itself, over `/audio`.
      openAudioPort: () => {
        throw new AppError('unavailable', 'The harness opens audio ports over /audio.')
      },
      setLaunchAtLogin: () => {},
      notify: (title, body) => void desktop.notifications.push({ title, body }),
      setTrayStatus: (status) => void (desktop.tray = status),
      // The browser has no save dialog of main's: exports land in the data folder's exports/.
      saveText: ({ suggestedName, content }) => saveExport(suggestedName, content),
      saveAudio: ({ suggestedName, bytes }) => saveExport(suggestedName, bytes),
    },
    dataDir: opts.dataDir,
    log,
    // A browser page cannot hook the desktop's keys: the talk button and the space bar are the way here.
    hotkeyStatus: {
      accelerator: settings.get().hotkeys.talk,
      mode: 'none',
      reasonKey: 'hotkey.reason.browser',
      conflict: false,
      error: null,
    },
    // The harness reads the feed and checks the download as the app would; it has nothing to install, so
    // the restart is only recorded.
    updates: opts.updateFeed
      ? {
          source: new GenericFeed({
            feedUrl: opts.updateFeed,
            feedFile: feedFileName(platform(), arch()),
            downloadDir: join(opts.dataDir, 'update'),
          }),
          install: () => void (desktop.restartedInto = core.updates?.state().offer?.version ?? null),
        }
      : undefined,
  })
  const pages = core.crash.pages(opts.pages ?? { restore: () => {}, showError: () => {} })
  const bridge = new BridgeSockets(core.router)
  core.events.addSink((channel, payload) => bridge.broadcast(channel, payload))

  let server: Awaited<ReturnType<typeof startHarnessServer>>
  try {
    server = await startHarnessServer({
      port: opts.port,
      rendererDir,
      bridgeJs,
      access: opts.access,
      onSocket: (kind, ws, guard) =>
        kind === 'bridge' ? bridge.serve(ws, guard) : relayAudio(ws, guard, core.audioPorts),
    })
  } catch (err) {
    await core.close()
    await log.close()
    throw err
  }

  close = async () => {
    await server.close()
    await core.close()
    await log.close()
  }

  return {
    origin: server.origin,
    scope: server.scope,
    core,
    desktop,
    launchUrl: (view = 'voice') => server.launchUrl(view),
    pageGone: (page) => pages.gone(page),
    close: () => close(),
  }
}
