// The language of what `loa` says to a person (help, failures, notes): Vietnamese when the terminal's
// locale is Vietnamese (LC_ALL, else LC_MESSAGES, else LANG, as POSIX orders them), English otherwise.
// What `--json` prints is for scripts and stays the same in every locale.
import type { Language } from '../../preload/contract'

/** A text in each language loa speaks. */
export type Words<T = string> = Record<Language, T>

/** The environment as a plain record: the tables' words are also read where Node's types are not loaded. */
/** `template` with each `{name}` replaced by its value (a name not given is left as it is). */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

export function cliLanguage(env: Readonly<Record<string, string | undefined>>): Language {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return locale.toLowerCase().startsWith('vi') ? 'vi' : 'en'
}

/** A failure's words for a person: what happened and what to do next. */
export interface Said {
  message: string
  hint: string | null
}

/** The labels that start a line of loa's words on stderr. */
export const LABELS: { usage: Words; hint: Words; warning: Words } = {
  usage: { en: 'Usage', vi: 'Cách dùng' },
  hint: { en: 'hint', vi: 'gợi ý' },
  warning: { en: 'warning', vi: 'cảnh báo' },
}
