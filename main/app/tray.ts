// The tray icon: its state picture, tooltip and menu. A left click toggles the popup; the menu opens views.
import { join } from 'node:path'
import {
  Menu,
  Tray,
  nativeImage,
  nativeTheme,
  type MenuItemConstructorOptions,
  type NativeImage,
  type Rectangle,
} from 'electron'
import type { UpdateState, ViewName } from '../../preload/contract'
import { TRAY_ICON_DIR, trayIconFileName, trayVariant, type TrayState } from './tray-icons'
import type { TrayLabelKey } from './tray-labels'
import { trayUpdateItem } from './tray-update'

export interface TrayOptions {
  assetsDir: string
  labels(): Readonly<Record<TrayLabelKey, string>>
  onTogglePopup(trayBounds: Rectangle): void
  onOpen(): void
  onShowView(view: ViewName): void
  onQuit(): void
  /** The update ready to install, if any; the menu offers it above Quit. */
  update(): UpdateState
  onInstallUpdate(): void
}

export interface TrayController {
  setTrayState(state: TrayState): void
  setTrayTooltip(text: string): void
  /** Text beside the icon, where the platform shows one (the macOS menu bar). */
  setTrayTitle(text: string): void
  /** Rebuilds the menu and icon after a language or theme change. */
  refresh(): void
  destroy(): void
}

export function createTray(opts: TrayOptions): TrayController {
  let state: TrayState = 'normal'
  let tooltip: string | null = null
  const tray = new Tray(iconFor(opts.assetsDir, state))

  const menu = (): Menu => {
    const l = opts.labels()
    const view = (label: string, v: ViewName) => ({ label, click: () => opts.onShowView(v) })
    // AppIndicator shows neither tooltips nor the popup, so on Linux the balance heads the menu instead.
    const status: MenuItemConstructorOptions[] =
      process.platform === 'linux' && tooltip
        ? [{ label: tooltip, enabled: false }, { type: 'separator' }]
        : []
    return Menu.buildFromTemplate([
      ...status,
      ...updateItems(opts.update(), l, () => opts.onInstallUpdate()),
      { label: l.open, click: () => opts.onOpen() },
      { type: 'separator' },
      view(l.voice, 'voice'),
      view(l.reader, 'reader'),
      view(l.usage, 'usage'),
      view(l.settings, 'settings'),
      { type: 'separator' },
      { label: l.quit, click: () => opts.onQuit() },
    ])
  }

  // Linux shows the tray only through its menu (no click events under AppIndicator), so the menu is set there.
  // Elsewhere a set menu would swallow the left click that opens the popup: it appears on right click instead.
  const applyMenu = () => {
    if (process.platform === 'linux') tray.setContextMenu(menu())
  }
  tray.on('click', () => opts.onTogglePopup(tray.getBounds()))
  tray.on('right-click', () => tray.popUpContextMenu(menu()))

  const refresh = () => {
    tray.setImage(iconFor(opts.assetsDir, state))
    tray.setToolTip(tooltip ?? opts.labels().tooltip)
    applyMenu()
  }
  refresh()

  return {
    setTrayState(next) {
      state = next
      tray.setImage(iconFor(opts.assetsDir, state))
    },
    setTrayTooltip(text) {
      if (text === tooltip) return
      tooltip = text
      tray.setToolTip(text)
      applyMenu()
    },
    setTrayTitle(text) {
      if (process.platform === 'darwin') tray.setTitle(text)
    },
    refresh,
    destroy: () => tray.destroy(),
  }
}

/** The update item heads the menu, so it is seen without looking for it. */
function updateItems(
  state: UpdateState,
  l: Readonly<Record<TrayLabelKey, string>>,
  install: () => void,
): MenuItemConstructorOptions[] {
  const item = trayUpdateItem(state, l)
  if (!item) return []
  return [item.enabled ? { label: item.label, click: install } : { ...item }, { type: 'separator' }]
}

function iconFor(assetsDir: string, state: TrayState): NativeImage {
  // On Windows the taskbar has its own theme, independent of the app's.
  const dark =
    process.platform === 'win32'
      ? nativeTheme.shouldUseDarkColorsForSystemIntegratedUI
      : nativeTheme.shouldUseDarkColors
  const variant = trayVariant(process.platform, dark)
  // createFromPath also loads the `@2x` file beside this one for high-density displays.
  const image = nativeImage.createFromPath(join(assetsDir, TRAY_ICON_DIR, trayIconFileName(state, variant)))
  if (variant === 'Template') image.setTemplateImage(true)
  return image
}
