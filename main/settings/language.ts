// Which UI language applies: the setting, or the OS locale when it says "system" (Vietnamese for vi-*,
// English otherwise). The renderer's i18n follows the same rule.
import type { Language, LanguageSetting } from '../../preload/contract'

export function resolveLanguage(setting: LanguageSetting, osLocale: string): Language {
  if (setting !== 'system') return setting
  return osLocale.toLowerCase().startsWith('vi') ? 'vi' : 'en'
}
