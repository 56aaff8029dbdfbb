// The `code` of `loa --json`'s error object, and the hint that says what to do next. When the service
// answered with an error code, that code is the one reported; the names below are for failures the service
// did not name. Scripts branch on them, so they are part of the CLI's interface: README ("The loa command")
// lists them, and a test keeps the two in step.

import type { Words } from './language'

/** Failures `loa` names itself, each with what it means. */
export const CLI_ERROR_CODES = {
  usage: 'the command line is wrong: no verb, an unknown verb, flag or value (exit 2)',
  no_base_url: 'no gateway address was given or saved (exit 2)',
  bad_base_url:
    'the gateway address is not one loa sends a key to: not http(s), with a password, or plain http to another machine (exit 2)',
  no_key: 'no API key was given, and none saved by the Loa app can be read here (exit 3)',
  no_keychain: '`loa login` or `loa logout` found no system keychain that can store the key (exit 1)',
  auth: 'the service refused the key: missing, invalid or revoked (exit 3)',
  forbidden: 'the key or account may not do this (exit 3)',
  account_locked: 'the account is disabled or in its 24-hour security lock (exit 3)',
  edge_blocked:
    'the protection in front of the gateway refused the request before it reached the API (its error 1010; exit 3)',
  rate_limited: 'too many requests; the hint says how long to wait (exit 4)',
  network: 'no answer from the gateway: refused, unreachable or timed out (exit 5)',
  insufficient_balance: 'the wallet cannot pay (exit 1); also the code whenever the service answers 402',
  invalid_request:
    'the service or the model refused a value (exit 1; exit 2 when loa refuses it before sending)',
  not_found: 'the model, session or audio named does not exist, or no longer (exit 1)',
  server: 'the service failed (exit 1)',
  invalid_response: 'the service answered something loa cannot read (exit 1)',
  file: 'a local file could not be read or written (exit 1; exit 2 for `say --file`)',
  instructions_too_long: 'the service refused the text of `talk --instructions` as too long (exit 1)',
  over_daily_budget:
    "today's voice spending reached the daily budget set in the Loa app; `talk --over-budget` goes on (exit 1)",
  failure: 'anything else (exit 1)',
} as const

export type CliErrorCode = keyof typeof CLI_ERROR_CODES

/** What to do next, in each language: `hint` on stderr in the terminal's, the English one in --json. */
export const HINTS = {
  topUp: {
    en: 'top up the wallet, then run the command again.',
    vi: 'nạp thêm tiền vào ví rồi chạy lại lệnh.',
  },
  checkKey: {
    en: 'check the key: pass --key KEY or set LOA_API_KEY, or save a new key in the Loa app.',
    vi: 'kiểm tra khóa: đưa --key KEY hoặc đặt LOA_API_KEY, hoặc lưu khóa mới trong ứng dụng Loa.',
  },
  passKey: {
    en: 'pass --key KEY or set LOA_API_KEY, or save a key in the Loa app.',
    vi: 'đưa --key KEY hoặc đặt LOA_API_KEY, hoặc lưu một khóa trong ứng dụng Loa.',
  },
  loginAgain: {
    en: "check that you copied the whole key, then run 'loa login' again.",
    vi: "kiểm tra rằng bạn đã chép đủ cả khóa, rồi chạy lại 'loa login'.",
  },
  passBaseUrl: {
    en: 'pass --base-url URL or set LOA_BASE_URL, or save a gateway address in the Loa app.',
    vi: 'đưa --base-url URL hoặc đặt LOA_BASE_URL, hoặc lưu địa chỉ gateway trong ứng dụng Loa.',
  },
  forbidden: {
    en: 'this key or account may not do this: use another model or key, or ask the account owner.',
    vi: 'khóa hoặc tài khoản này không được làm việc này: dùng mô hình hoặc khóa khác, hoặc hỏi chủ tài khoản.',
  },
  locked: {
    en: 'wait for the 24-hour security lock to end, or ask support to re-enable the account.',
    vi: 'chờ hết thời gian khóa bảo mật 24 giờ, hoặc nhờ bộ phận hỗ trợ mở lại tài khoản.',
  },
  edgeBlocked: {
    en: 'update loa; if it goes through a proxy or firewall, check that it keeps the User-Agent header.',
    vi: 'cập nhật loa; nếu đi qua proxy hoặc tường lửa, kiểm tra rằng chúng giữ nguyên header User-Agent.',
  },
  network: {
    en: 'check the gateway address (--base-url or LOA_BASE_URL) and the network, then try again.',
    vi: 'kiểm tra địa chỉ gateway (--base-url hoặc LOA_BASE_URL) và mạng, rồi thử lại.',
  },
  notFound: { en: 'check the id or name you gave.', vi: 'kiểm tra mã hoặc tên bạn đã đưa.' },
  invalidResponse: {
    en: 'check that the gateway address points at the gateway, not at another server.',
    vi: 'kiểm tra rằng địa chỉ gateway trỏ tới gateway, không phải tới một máy chủ khác.',
  },
  file: {
    en: 'check the path, and that its folder exists and may be written.',
    vi: 'kiểm tra đường dẫn, và rằng thư mục của nó có tồn tại và ghi được.',
  },
  overBudget: {
    en: "run the command again with --over-budget to talk anyway today, or raise the daily budget in the Loa app's Settings.",
    vi: 'chạy lại lệnh với --over-budget để vẫn trò chuyện hôm nay, hoặc nâng ngân sách mỗi ngày trong Cài đặt của ứng dụng Loa.',
  },
  raiseCap: {
    en: 'raise the cap with --max-spend VND (0 = no cap) or leave it out, then run the command again.',
    vi: 'nâng mức chi tối đa bằng --max-spend VND (0 = không giới hạn) hoặc bỏ nó đi, rồi chạy lại lệnh.',
  },
  instructionsTooLong: {
    en: 'shorten the text given with --instructions (or leave it out), then run the command again.',
    vi: 'rút ngắn phần chữ đưa bằng --instructions (hoặc bỏ nó đi), rồi chạy lại lệnh.',
  },
  tryAgain: { en: 'try again in a moment.', vi: 'thử lại sau ít phút.' },
  tryAgainQuote: {
    en: 'try again in a moment; if it keeps failing, quote the request id to support.',
    vi: 'thử lại sau ít phút; nếu vẫn lỗi, hãy gửi mã yêu cầu (request id) cho bộ phận hỗ trợ.',
  },
} as const satisfies Record<string, Words>

/** What to do after a service error code, where the code says more than the HTTP status. */
const SERVICE_CODE_HINTS: Readonly<Record<string, Words>> = {
  insufficient_balance: HINTS.topUp,
  model_not_allowed: {
    en: 'this key may not use that model: choose another with --model, or use a key that may.',
    vi: 'khóa này không được dùng mô hình đó: chọn mô hình khác bằng --model, hoặc dùng khóa được phép.',
  },
  model_not_found: {
    en: "check the model id ('loa models', 'loa voices --models', 'loa realtime-models').",
    vi: "kiểm tra mã mô hình ('loa models', 'loa voices --models', 'loa realtime-models').",
  },
  duplicate_request: {
    en: 'the same request is still running: wait a few seconds, then run the command again.',
    vi: 'yêu cầu giống hệt vẫn đang chạy: chờ vài giây rồi chạy lại lệnh.',
  },
  audio_expired: {
    en: 'the service no longer keeps that audio: generate it again.',
    vi: 'dịch vụ không còn giữ đoạn âm thanh đó: hãy tạo lại.',
  },
  // realtime-api.md "Errors", the Handling column.
  realtime_model_not_configured: {
    en: "choose another model ('loa realtime-models').",
    vi: "chọn mô hình khác ('loa realtime-models').",
  },
  realtime_no_route: {
    en: 'try again later, or choose another model.',
    vi: 'thử lại sau, hoặc chọn mô hình khác.',
  },
  realtime_session_limit: {
    en: "end an older session first ('loa sessions' lists them), then try again.",
    vi: "kết thúc một phiên cũ trước ('loa sessions' liệt kê chúng), rồi thử lại.",
  },
  realtime_token_expired: {
    en: 'run the command again: a new session gets a new token.',
    vi: 'chạy lại lệnh: phiên mới sẽ có token mới.',
  },
  realtime_video_not_allowed: {
    en: 'this model does not take video.',
    vi: 'mô hình này không nhận video.',
  },
}

export function hintForServiceCode(code: string | null): Words | null {
  return code === null ? null : (SERVICE_CODE_HINTS[code] ?? null)
}

/** The Retry-After wait in whole seconds (at least 1), or undefined when the service named none. */
export function waitSeconds(retryAfterMs: number | undefined): number | undefined {
  return retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000))
}

export function rateLimitHint(retryAfterMs: number | undefined): Words {
  const seconds = waitSeconds(retryAfterMs)
  return seconds === undefined
    ? { en: 'wait a minute, then try again.', vi: 'chờ một phút rồi thử lại.' }
    : { en: `wait ${seconds} s, then try again.`, vi: `chờ ${seconds} giây rồi thử lại.` }
}

export function usageHint(verbName: string | null): Words {
  return verbName === null
    ? { en: "'loa --help' lists the verbs.", vi: "'loa --help' liệt kê các lệnh." }
    : {
        en: `'loa ${verbName} --help' lists its flags.`,
        vi: `'loa ${verbName} --help' liệt kê các tùy chọn của lệnh.`,
      }
}
