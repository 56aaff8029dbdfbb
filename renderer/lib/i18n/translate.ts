// Looks up a message in the user's language and fills `{name}` placeholders.
import type { Language } from '../../../preload/contract'
import { en } from './en'
import { vi, type MessageKey } from './vi'

export type { MessageKey }

const DICTIONARIES: Record<Language, Record<MessageKey, string>> = { vi, en }

export function translate(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  const template = DICTIONARIES[lang][key] ?? DICTIONARIES.vi[key] ?? key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(vi, key)
}

/** The OS locale decides when the setting says "system": Vietnamese for vi-*, English otherwise. */
export function resolveLanguage(setting: 'system' | Language, osLocale: string): Language {
  if (setting !== 'system') return setting
  return osLocale.toLowerCase().startsWith('vi') ? 'vi' : 'en'
}
