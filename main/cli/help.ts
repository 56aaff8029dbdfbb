// `loa --help` and `loa <verb> --help`, in the terminal's language (language.ts). Commands, flags and
// their values are the same in both languages; only the words around them change.
import type { Language } from '../../preload/contract'
import { LABELS, type Words } from './language'
import type { Verb } from './verb'

const GLOBAL_FLAGS: Words = {
  en: `Global flags:
  --base-url URL   gateway base URL (env LOA_BASE_URL)
  --key KEY        API key (env LOA_API_KEY)
  --json           machine-readable output
  -h, --help       show help`,
  vi: `Tùy chọn chung:
  --base-url URL   địa chỉ gốc của cổng API (biến môi trường LOA_BASE_URL)
  --key KEY        khóa API (biến môi trường LOA_API_KEY)
  --json           in kết quả dạng JSON cho máy đọc
  -h, --help       hiện trợ giúp`,
}

const MAIN: Words<{ usage: string; verbs: string; footer: string }> = {
  en: {
    usage: 'loa <verb> [flags]   (global flags may come before or after the verb)',
    verbs: 'Verbs:',
    footer: `Exit codes: 0 ok, 1 failure, 2 usage, 3 auth/permission, 4 rate-limited, 5 network.
Run 'loa <verb> --help' for a verb's flags.`,
  },
  vi: {
    usage: 'loa <lệnh> [tùy chọn]   (tùy chọn chung đặt trước hay sau lệnh đều được)',
    verbs: 'Các lệnh:',
    footer: `Mã thoát: 0 thành công, 1 thất bại, 2 sai cách dùng, 3 xác thực/quyền, 4 bị giới hạn tần suất, 5 lỗi mạng.
Chạy 'loa <lệnh> --help' để xem các tùy chọn của một lệnh.`,
  },
}

export function mainHelp(verbs: readonly Verb[], language: Language): string {
  const words = MAIN[language]
  const width = Math.max(...verbs.map((v) => v.name.length))
  const list = verbs.map((v) => `  ${v.name.padEnd(width)}  ${v.summary[language]}`).join('\n')
  return `${LABELS.usage[language]}: ${words.usage}

${words.verbs}
${list}

${GLOBAL_FLAGS[language]}

${words.footer}
`
}

export function verbHelp(verb: Verb, language: Language): string {
  return `${LABELS.usage[language]}: ${verb.usage}\n\n${verb.help[language]}\n\n${GLOBAL_FLAGS[language]}\n`
}
