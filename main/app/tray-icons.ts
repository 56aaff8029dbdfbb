// Which tray icon file shows which state. Electron-free: `assets/make-icons.ts` draws exactly these files,
// and the tray loads them by the same names.

export const TRAY_STATES = ['normal', 'low', 'listening', 'speaking', 'error'] as const
export type TrayState = (typeof TRAY_STATES)[number]

/**
 * `light` is a dark glyph for light taskbars, `dark` a light glyph for dark ones. `Template` is black with
 * alpha for the macOS menu bar, which recolours it itself; Electron also treats a name ending in "Template"
 * as a template image.
 */
export const TRAY_VARIANTS = ['light', 'dark', 'Template'] as const
export type TrayVariant = (typeof TRAY_VARIANTS)[number]

/** 1× is 16 px; Electron picks the `@2x` file beside it on high-density displays. */
export const TRAY_ICON_SIZE_PX = 16
export const TRAY_ICON_SCALES = [1, 2] as const

export function trayVariant(platform: NodeJS.Platform, darkTaskbar: boolean): TrayVariant {
  if (platform === 'darwin') return 'Template'
  return darkTaskbar ? 'dark' : 'light'
}

/** The 1× file's name under `assets/tray/`. */
export function trayIconFileName(state: TrayState, variant: TrayVariant, scale: 1 | 2 = 1): string {
  return `tray-${state}-${variant}${scale === 2 ? '@2x' : ''}.png`
}

export const TRAY_ICON_DIR = 'tray'
export const APP_ICON_FILE = 'icon.png'
export const APP_ICON_SIZE_PX = 512
