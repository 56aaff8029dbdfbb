import type { hotkeyVi } from './hotkey.vi'

export const hotkeyEn: Record<keyof typeof hotkeyVi, string> = {}
