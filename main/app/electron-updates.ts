// electron-updater behind the update policy (main/updates): it reads the feed electron-builder.yml names
// (or LOA_UPDATE_FEED), downloads and checks the sha512 itself, and installs as each platform does (NSIS,
// AppImage, deb, dmg). The policy decides when; this file only translates. It needs Electron's app.
import { app } from 'electron'
import updater from 'electron-updater'
import type { Log } from '../logging/log'
import { UPDATE_FEED_ENV } from '../updates/feed'
import { notesText } from '../updates/release-notes'
import type { UpdateSource } from '../updates/update-source'

export interface ElectronUpdates {
  source: UpdateSource
  install(): void
}

/**
 * The updater, or null where Loa does not update itself: a build run from the source tree (`npm start`) has
 * no feed unless LOA_UPDATE_FEED names one.
 */
export function electronUpdates(log: Log, env: NodeJS.ProcessEnv = process.env): ElectronUpdates | null {
  const feed = env[UPDATE_FEED_ENV]?.trim() || null
  if (!app.isPackaged && !feed) return null
  // Read only now: the getter builds the platform's updater, which reads the app's files.
  const { autoUpdater, CancellationToken } = updater
  // The policy downloads when it has decided to; an update left downloaded installs when the user quits.
  autoUpdater.autoDownload = false
  autoUpdater.autoInstallOnAppQuit = true
  autoUpdater.logger = {
    info: (message?: unknown) => log.debug('updater', { message: String(message) }),
    warn: (message?: unknown) => log.debug('updater', { message: String(message) }),
    error: (message?: unknown) => log.debug('updater', { message: String(message) }),
  }
  if (feed) {
    autoUpdater.setFeedURL({ provider: 'generic', url: feed })
    // Outside a package electron-updater checks only when told to, and then reads the feed set above.
    autoUpdater.forceDevUpdateConfig = !app.isPackaged
  }
  return {
    source: {
      async latest() {
        const result = await autoUpdater.checkForUpdates()
        if (!result) throw new Error('the updater is not active in this build')
        const info = result.updateInfo
        // electron-updater may hold back a newer release (a staged rollout, an OS too old for it): then
        // there is nothing to download, and the policy hears the version running now.
        if (!result.isUpdateAvailable) return { version: app.getVersion(), notes: null }
        return { version: info.version, notes: notesText(info.releaseNotes) }
      },
      async download(_release, signal) {
        const token = new CancellationToken()
        signal.addEventListener('abort', () => token.cancel(), { once: true })
        await autoUpdater.downloadUpdate(token)
      },
    },
    install: () => autoUpdater.quitAndInstall(),
  }
}
