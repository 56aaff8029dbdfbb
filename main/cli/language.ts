// The language of what `loa doctor` and `loa say --file` say: Vietnamese when the terminal's locale is
// Vietnamese (LC_ALL, else LC_MESSAGES, else LANG, as POSIX orders them), English otherwise.
import type { Language } from '../../preload/contract'

export function cliLanguage(env: NodeJS.ProcessEnv): Language {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return locale.toLowerCase().startsWith('vi') ? 'vi' : 'en'
}
