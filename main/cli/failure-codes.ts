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

export const HINTS = {
  topUp: 'top up the wallet, then run the command again.',
  checkKey: 'check the key: pass --key KEY or set LOA_API_KEY, or save a new key in the Loa app.',
  passKey: 'pass --key KEY or set LOA_API_KEY, or save a key in the Loa app.',
  loginAgain: "check that you copied the whole key, then run 'loa login' again.",
  passBaseUrl: 'pass --base-url URL or set LOA_BASE_URL, or save a gateway address in the Loa app.',
  forbidden: 'this key or account may not do this: use another model or key, or ask the account owner.',
  locked: 'wait for the 24-hour security lock to end, or ask support to re-enable the account.',
  edgeBlocked:
    'update loa; if it goes through a proxy or firewall, check that it keeps the User-Agent header.',
  network: 'check the gateway address (--base-url or LOA_BASE_URL) and the network, then try again.',
  notFound: 'check the id or name you gave.',
  invalidResponse: 'check that the gateway address points at the gateway, not at another server.',
  file: 'check the path, and that its folder exists and may be written.',
  overBudget:
    "run the command again with --over-budget to talk anyway today, or raise the daily budget in the Loa app's Settings.",
  raiseCap: 'raise the cap with --max-spend VND (0 = no cap) or leave it out, then run the command again.',
  instructionsTooLong:
    'shorten the text given with --instructions (or leave it out), then run the command again.',
} as const

/** What to do after a service error code, where the code says more than the HTTP status. */
const SERVICE_CODE_HINTS: Readonly<Record<string, string>> = {
  insufficient_balance: HINTS.topUp,
  model_not_allowed: 'this key may not use that model: choose another with --model, or use a key that may.',
  model_not_found: "check the model id ('loa models', 'loa voices --models', 'loa realtime-models').",
  duplicate_request: 'the same request is still running: wait a few seconds, then run the command again.',
  audio_expired: 'the service no longer keeps that audio: generate it again.',
  // realtime-api.md "Errors", the Handling column.
  realtime_model_not_configured: "choose another model ('loa realtime-models').",
  realtime_no_route: 'try again later, or choose another model.',
  realtime_session_limit: "end an older session first ('loa sessions' lists them), then try again.",
  realtime_token_expired: 'run the command again: a new session gets a new token.',
  realtime_video_not_allowed: 'this model does not take video.',
}

export function hintForServiceCode(code: string | null): string | null {
  return code === null ? null : (SERVICE_CODE_HINTS[code] ?? null)
}

/** The Retry-After wait in whole seconds (at least 1), or undefined when the service named none. */
export function waitSeconds(retryAfterMs: number | undefined): number | undefined {
  return retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000))
}

export function rateLimitHint(retryAfterMs: number | undefined): string {
  const seconds = waitSeconds(retryAfterMs)
  return seconds === undefined ? 'wait a minute, then try again.' : `wait ${seconds} s, then try again.`
}

export function usageHint(verbName: string | null): Words {
  return verbName === null
    ? { en: "'loa --help' lists the verbs.", vi: "'loa --help' liệt kê các lệnh." }
    : {
        en: `'loa ${verbName} --help' lists its flags.`,
        vi: `'loa ${verbName} --help' liệt kê các tùy chọn của lệnh.`,
      }
}
