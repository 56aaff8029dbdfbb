// Where the tray icon lives on this desktop, as a message key: by OS, and on Linux by desktop, since GNOME
// shows no tray icons at all without the AppIndicator extension.
import type { MessageKey } from '../../lib/i18n/translate'

export function trayPlaceKey(platform: string, desktop: string | undefined): MessageKey {
  if (platform === 'win32') return 'welcome.tray.win32'
  if (platform === 'darwin') return 'welcome.tray.darwin'
  // XDG_CURRENT_DESKTOP is a colon-separated list, e.g. `ubuntu:GNOME`.
  const names = (desktop ?? '').toLowerCase().split(':')
  if (names.includes('gnome')) return 'welcome.tray.gnome'
  if (names.includes('kde')) return 'welcome.tray.kde'
  return 'welcome.tray.linux'
}
