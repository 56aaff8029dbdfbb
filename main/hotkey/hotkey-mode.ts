// What the talk hotkey can do on this desktop, and the settings page's words for why.
import type { HotkeyMode } from '../../preload/contract'

/** Every reason the hotkey reports; each is a key in the renderer's `hotkey` i18n section. */
export type HotkeyReasonKey =
  | 'hotkey.reason.windows'
  | 'hotkey.reason.macos'
  | 'hotkey.reason.macosAccessibility'
  | 'hotkey.reason.x11'
  | 'hotkey.reason.wayland'
  | 'hotkey.reason.noDisplay'
  | 'hotkey.reason.hookFailed'
  | 'hotkey.reason.conflict'
  | 'hotkey.reason.invalid'

export interface ModeDecision {
  mode: HotkeyMode
  reasonKey: HotkeyReasonKey
}

export interface HotkeyEnvironment {
  platform: NodeJS.Platform
  env: Readonly<Record<string, string | undefined>>
  /** Asked on macOS only: may this app watch the keyboard? (`systemPreferences.isTrustedAccessibilityClient`) */
  accessibilityTrusted: () => boolean
}

export function decideHotkeyMode({ platform, env, accessibilityTrusted }: HotkeyEnvironment): ModeDecision {
  if (platform === 'win32') return { mode: 'hold', reasonKey: 'hotkey.reason.windows' }
  if (platform === 'darwin') {
    // Without the Accessibility permission the hook sees no keys, but a registered shortcut still fires.
    return accessibilityTrusted()
      ? { mode: 'hold', reasonKey: 'hotkey.reason.macos' }
      : { mode: 'toggle', reasonKey: 'hotkey.reason.macosAccessibility' }
  }
  const x11 = Boolean(env['DISPLAY'])
  const wayland = env['XDG_SESSION_TYPE'] === 'wayland' || Boolean(env['WAYLAND_DISPLAY'])
  if (!x11 && !env['WAYLAND_DISPLAY']) return { mode: 'none', reasonKey: 'hotkey.reason.noDisplay' }
  // Under Wayland the X hook sees only XWayland windows' keys, so key-up cannot be trusted.
  if (wayland) return { mode: 'toggle', reasonKey: 'hotkey.reason.wayland' }
  return { mode: 'hold', reasonKey: 'hotkey.reason.x11' }
}
