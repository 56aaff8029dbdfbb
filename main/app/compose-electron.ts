// Builds the core with Electron's implementations: electron-store settings, the OS keychain (or safeStorage),
// the embedded demo service, and a Shell that acts on our windows.
import { join } from 'node:path'
import { app, safeStorage } from 'electron'
import Store from 'electron-store'
import { createCore, type Core, type Shell } from '../core'
import { startEmbeddedDemo } from '../connection/embedded-demo'
import { validateKey } from '../connection/validate-key'
import { chooseSecretStore } from '../secrets/choose-store'
import { loadKeytar } from '../secrets/keytar-store'
import { SettingsService } from '../settings/settings-service'
import { createAudioPortOpener } from './audio-port-electron'
import type { AppWindows } from './windows'

/** Passed to the OS login item, so a start at login stays in the tray (Windows; macOS reports it itself). */
export const HIDDEN_ARG = '--hidden'

export function createElectronShell(windows: AppWindows): Shell {
  return {
    showView: (view) => windows.showView(view),
    hidePopup: () => windows.hidePopup(),
    quit: () => app.quit(),
    openAudioPort: createAudioPortOpener(windows),
    setLaunchAtLogin: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_ARG] }),
  }
}

export async function composeElectron(shell: Shell): Promise<Core> {
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
    info: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      osLocale: osLocale(),
    },
    onError: (channel, err) => console.error(`[loa] ${channel} failed:`, err),
  })
}

/** The user's first preferred language (what "follow the system" means), else Chromium's UI locale. */
export function osLocale(): string {
  return app.getPreferredSystemLanguages()[0] ?? app.getLocale()
}
