// Builds the core with Electron's implementations: electron-store settings, the OS keychain (or safeStorage),
// the embedded demo service, and a Shell that acts on our windows.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { app, dialog, Notification, safeStorage } from 'electron'
import Store from 'electron-store'
import { createCore, type Core, type Shell } from '../core'
import type { Log } from '../logging/log'
import { startEmbeddedDemo } from '../connection/embedded-demo'
import { validateKey } from '../connection/validate-key'
import { chooseSecretStore } from '../secrets/choose-store'
import { loadKeytar } from '../secrets/keytar-store'
import { SettingsService } from '../settings/settings-service'
import type { TrayStatus } from '../account/tray-status'
import { AppError } from '../errors'
import { createAudioPortOpener } from './audio-port-electron'
import { electronUpdates } from './electron-updates'
import type { TrayController } from './tray'
import type { AppWindows } from './windows'

/** Passed to the OS login item, so a start at login stays in the tray (Windows; macOS reports it itself). */
export const HIDDEN_ARG = '--hidden'

export interface ElectronShell extends Shell {
  /** The tray exists only after the core: the latest status waits here until it does. */
  attachTray(tray: TrayController): void
}

export function createElectronShell(windows: AppWindows): ElectronShell {
  let tray: TrayController | null = null
  let lastStatus: TrayStatus | null = null
  const applyStatus = () => {
    if (!tray || !lastStatus) return
    tray.setTrayState(lastStatus.state)
    tray.setTrayTooltip(lastStatus.tooltip)
    tray.setTrayTitle(lastStatus.title)
  }
  return {
    showView: (view) => windows.showView(view),
    hidePopup: () => windows.hidePopup(),
    quit: () => app.quit(),
    openAudioPort: createAudioPortOpener(windows),
    setLaunchAtLogin: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_ARG] }),
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body, silent: false }).show()
    },
    setTrayStatus: (status) => {
      lastStatus = status
      applyStatus()
    },
    attachTray: (t) => {
      tray = t
      applyStatus()
    },
    saveText: ({ suggestedName, content, kind }) =>
      saveWithDialog(suggestedName, { name: kind.toUpperCase(), extensions: [kind] }, content),
    saveAudio: ({ suggestedName, bytes, format }) =>
      saveWithDialog(suggestedName, { name: format.toUpperCase(), extensions: [format] }, bytes),
  }
}

/** Asks where to save, then writes; a failed write (full disk, no permission) is a storage error. */
async function saveWithDialog(
  suggestedName: string,
  filter: { name: string; extensions: string[] },
  data: string | Uint8Array,
): Promise<{ path: string } | null> {
  const { canceled, filePath } = await dialog.showSaveDialog({
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [filter],
  })
  if (canceled || !filePath) return null
  try {
    await writeFile(filePath, data)
  } catch (cause) {
    throw new AppError('storage', `Could not write ${filePath}.`, { cause })
  }
  return { path: filePath }
}

export async function composeElectron(shell: ElectronShell, log: Log): Promise<Core> {
  const userData = app.getPath('userData')
  const settings = await SettingsService.open({
    filePath: join(userData, 'settings.json'),
    openBackend: () => new Store<Record<string, unknown>>({ name: 'settings' }),
  })
  const secrets = await chooseSecretStore({
    loadKeytar,
    safeStorage,
    encryptedFilePath: join(userData, 'key.enc.json'),
  })
  return createCore({
    settings,
    secrets,
    startDemo: startEmbeddedDemo,
    validateKey,
    shell,
    dataDir: userData,
    info: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      osLocale: osLocale(),
      ...(process.env['XDG_CURRENT_DESKTOP'] ? { desktop: process.env['XDG_CURRENT_DESKTOP'] } : {}),
    },
    onError: (channel, err) => console.error(`[loa] ${channel} failed:`, err),
    log,
    updates: electronUpdates(log) ?? undefined,
  })
}

/** The user's first preferred language (what "follow the system" means), else Chromium's UI locale. */
export function osLocale(): string {
  return app.getPreferredSystemLanguages()[0] ?? app.getLocale()
}
