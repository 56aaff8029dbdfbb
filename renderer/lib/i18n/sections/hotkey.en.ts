import type { hotkeyVi } from './hotkey.vi'

export const hotkeyEn: Record<keyof typeof hotkeyVi, string> = {
  'hotkey.title': 'Global hotkey',
  'hotkey.talk': 'Talk key',
  'hotkey.change': 'Change',
  'hotkey.cancel': 'Cancel',
  'hotkey.saving': 'Saving…',
  'hotkey.recording': 'Press the new key combination… (Esc cancels)',
  'hotkey.needsModifier':
    '{accelerator} could no longer be typed in any app: add Ctrl, Alt or another modifier.',
  'hotkey.checking': 'Checking…',

  'hotkey.mode.hold': 'Hold to talk',
  'hotkey.mode.toggle': 'Press to start, press again to stop',
  'hotkey.mode.none': 'Not available',

  'hotkey.conflict':
    'Another application already uses {accelerator}. Choose another combination, or remove that shortcut from the other application.',
  'hotkey.error': 'Loa cannot read this shortcut: {error}',

  'hotkey.reason.windows': 'Windows: Loa knows when you press the key and when you let go.',
  'hotkey.reason.macos':
    'macOS: with the Accessibility permission, Loa knows when you press the key and when you let go.',
  'hotkey.reason.macosAccessibility':
    'To hold the key while you talk, allow Loa in System Settings › Privacy & Security › Accessibility, then restart Loa.',
  'hotkey.reason.x11': 'X11: Loa knows when you press the key and when you let go.',
  'hotkey.reason.wayland':
    'Wayland does not tell apps when a key is let go, so the shortcut toggles instead.',
  'hotkey.reason.noDisplay': 'There is no graphical desktop to listen for the shortcut on.',
  'hotkey.reason.hookFailed': 'The keyboard hook could not start, so the shortcut toggles instead.',
  'hotkey.reason.conflict': 'Another application holds this shortcut.',
  'hotkey.reason.browser': 'A browser has no global hotkey: use the Talk button in the Loa window.',
  'hotkey.reason.invalid': 'The shortcut is not valid.',
  'hotkey.readSelection': 'Read-selection key',
  'hotkey.readSelection.helpLinux':
    "Highlight text in any app, then press this key: Loa reads it aloud with the Reader's saved model and voice (what you copied, if nothing is highlighted).",
  'hotkey.readSelection.help':
    "Copy text in any app, then press this key: Loa reads it aloud with the Reader's saved model and voice.",
  'hotkey.talk.sameAsReadSelection':
    '{accelerator} is already the read-selection key: choose another combination.',
  'hotkey.readSelection.sameAsTalk': '{accelerator} is already the talk key: choose another combination.',
  'hotkey.readSelectionUnavailable':
    'The read-selection key {accelerator} could not be registered: another application uses it, or it is not valid.',
}
