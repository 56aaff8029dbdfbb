// Electron wiring only: lifecycle, the app:// protocol, security, windows, tray and IPC. The services live in
// main/core.ts and below, and run without Electron.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, nativeTheme, protocol, session } from 'electron'
import type { Core } from './core'
import { endHungPage, logCrashes, openAppLog } from './app/app-log'
import { pageErrorHtml } from './crash/crash-text'
import type { PageCrashes } from './crash/page-crash'
import { registerAppScheme, serveAppProtocol } from './app/app-protocol'
import { composeElectron, createElectronShell, HIDDEN_ARG } from './app/compose-electron'
import { startGlobalHotkey } from './app/global-hotkey'
import { startReadSelectionHotkey } from './app/read-selection-hotkey'
import { APP_CSP, devCsp } from './app/csp'
import { bindIpc } from './app/electron-ipc'
import { APP_ORIGIN, originOf, trustOrigins } from './app/origins'
import { hardenSession, hardenWebContents } from './app/security'
import { answerDisplayMedia } from './app/display-media'
import { createTray, type TrayController } from './app/tray'
import { trayLabels } from './app/tray-labels'
import { AppWindows } from './app/windows'

/** Must equal `appId` in electron-builder.yml: Windows groups notifications and taskbar entries by it. */
const APP_USER_MODEL_ID = 'vn.loa.desktop'

// Set by `electron-vite dev`; absent in `electron-vite preview` and in the packaged app.
const devServerUrl = !app.isPackaged ? (process.env['ELECTRON_RENDERER_URL'] ?? null) : null
const isOurs = trustOrigins(devServerUrl ? [originOf(devServerUrl) ?? APP_ORIGIN] : [APP_ORIGIN])
const outDir = fileURLToPath(new URL('..', import.meta.url))

app.enableSandbox()
registerAppScheme(protocol)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.setAppUserModelId(APP_USER_MODEL_ID)
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, isOurs))
  // Loa lives in the tray: closing every window does not quit it.
  app.on('window-all-closed', () => {})
  app.whenReady().then(start, fail)
}

async function start(): Promise<void> {
  app.dock?.hide()
  hardenSession(session.defaultSession, isOurs)
  answerDisplayMedia(session.defaultSession, isOurs)
  if (devServerUrl) {
    applyDevCsp(devServerUrl)
  } else {
    serveAppProtocol(protocol, join(outDir, 'renderer'), APP_CSP)
  }

  const windows = new AppWindows({
    preloadPath: join(outDir, 'preload', 'index.cjs'),
    pageUrl: (route) => `${devServerUrl ?? `${APP_ORIGIN}/index.html`}#/${route}`,
    devTools: !app.isPackaged,
  })
  const shell = createElectronShell(windows)
  const log = await openAppLog()
  let core: Core | null = null
  let pageCrashes: PageCrashes | null = null
  logCrashes(log, {
    crash: () => core?.crash ?? null,
    pages: () => (pageCrashes ? { crashes: pageCrashes, surfaceOf: (c) => windows.surfaceOf(c) } : null),
  })
  core = await composeElectron(shell, log)
  pageCrashes = core.crash.pages({
    restore: (surface, route) => windows.reloadPage(surface, route),
    showError: (surface, text) => windows.showErrorPage(surface, pageErrorHtml(text)),
  })
  windows.onPageHung(endHungPage)
  const settings = core.settings
  nativeTheme.themeSource = settings.get().theme

  const tray = createTray({
    assetsDir: join(app.getAppPath(), 'assets'),
    labels: () => trayLabels(core.language()),
    onTogglePopup: (bounds) => windows.togglePopup(bounds),
    onOpen: () => windows.showMain(),
    onShowView: (view) => windows.showView(view),
    onQuit: () => app.quit(),
    update: () => core.updates?.state() ?? { offer: null },
    onInstallUpdate: () => core.updates?.install(),
  })
  shell.attachTray(tray)
  core.events.addSink((channel) => {
    if (channel === 'app:update') tray.refresh()
  })
  settings.onChange((s) => {
    nativeTheme.themeSource = s.theme
    tray.refresh()
  })
  nativeTheme.on('updated', () => {
    windows.applyTheme()
    tray.refresh()
  })

  const unbindIpc = bindIpc({ router: core.router, events: core.events, windows, isOurs })
  // Works while every window is hidden: the main window's page holds the microphone and the player.
  const hotkey = startGlobalHotkey({
    accelerator: () => settings.get().hotkeys.talk,
    onAcceleratorChange: (listener) => settings.onChange((s) => listener(s.hotkeys.talk)),
    target: {
      press: () => {
        windows.ensureMain()
        core.talkKey.press()
      },
      release: () => core.talkKey.release(),
    },
    setStatus: (status) => core.setHotkeyStatus(status),
  })
  const readHotkey = startReadSelectionHotkey({
    accelerator: () => settings.get().hotkeys.readSelection,
    onAcceleratorChange: (listener) => settings.onChange((s) => listener(s.hotkeys.readSelection)),
    read: (text) => {
      // The main window's page plays the reading, even while hidden.
      windows.ensureMain()
      void core.readSelection(text)
    },
    onUnavailable: (accelerator) =>
      core.events.emit('app:notice', {
        level: 'warning',
        messageKey: 'hotkey.readSelectionUnavailable',
        params: { accelerator },
      }),
  })
  app.on('second-instance', () => windows.showMain())
  app.on('activate', () => windows.showMain())
  handleQuit(core, windows, tray, () => {
    hotkey.dispose()
    readHotkey.dispose()
    unbindIpc()
  })

  // A saved gateway address Loa refused to use is said in Settings at once: the key goes nowhere until then.
  if (core.connection.connectionStatus().refused) windows.showView('settings')
  else if (startedHidden()) windows.ensureMain()
  else windows.showMain()
}

/** Closes the services (demo server, sockets, ports) before Electron exits. */
function handleQuit(core: Core, windows: AppWindows, tray: TrayController, unbind: () => void): void {
  let closed = false
  app.on('before-quit', () => windows.setQuitting())
  app.on('will-quit', (event) => {
    if (closed) return
    event.preventDefault()
    closed = true
    unbind()
    tray.destroy()
    core
      .close()
      .catch((err: unknown) => console.error('[loa] shutdown:', err))
      .finally(() => app.quit())
  })
}

/** Started at login: stay in the tray. Started by hand: show the window. */
function startedHidden(): boolean {
  if (process.argv.includes(HIDDEN_ARG)) return true
  return process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin
}

/** The dev server sends no CSP of its own; the policy is added to its responses here. */
function applyDevCsp(url: string): void {
  const policy = devCsp(url)
  session.defaultSession.webRequest.onHeadersReceived(
    { urls: [`${originOf(url)}/*`] },
    (details, callback) => {
      const headers = Object.fromEntries(
        Object.entries(details.responseHeaders ?? {}).filter(
          ([k]) => k.toLowerCase() !== 'content-security-policy',
        ),
      )
      callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [policy] } })
    },
  )
}

function fail(err: unknown): void {
  console.error('[loa] could not start:', err)
  app.exit(1)
}
