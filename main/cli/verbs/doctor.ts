// `loa doctor`: checks what a user can fix (the gateway answers, it takes the key, the clock agrees with
// it, the system keychain works) and says what to do for each; `--json` prints the support bundle the app
// saves from Settings, `--out FILE` writes it to a file. Nothing it prints or writes holds the key or a
// session token. What only the app can know (Electron's version, audio devices, the talk key) is null,
// with the reason in `unknown`.
import { writeFile } from 'node:fs/promises'
import type { Language } from '../../../preload/contract'
import { createLog, type Log } from '../../logging/log'
import { logGatewayRequests } from '../../logging/gateway-log'
import { runChecks, type Check, type KeychainState } from '../../support/checks'
import { bundleText, supportBundle, type SupportBundle } from '../../support/bundle'
import { keychainName } from '../../support/keychain-name'
import { resolveBaseUrl, resolveCredentials } from '../credentials'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { HINTS } from '../failure-codes'
import { failureOut, reportFailure } from '../failure-output'
import { openKeychain } from '../keychain-entry'
import { cliLanguage, LABELS } from '../language'
import { noArguments, type Verb, type VerbContext } from '../verb'

/** What `loa` cannot know outside the app, and why. */
export const CLI_UNKNOWN: Record<string, string> = {
  'versions.electron': 'loa runs under Node, not Electron; the app reports its version in its own bundle.',
  'versions.chrome': 'loa runs under Node, not Electron.',
  hotkey: 'the talk key belongs to the app: only the app knows its backend and whether key-up works.',
  audioDevices: 'only the app lists audio devices, through its window.',
}

export const doctorVerb: Verb = {
  name: 'doctor',
  summary: {
    en: 'check the gateway, the key, the clock and the keychain; make a support bundle',
    vi: 'kiểm tra cổng API, khóa, đồng hồ và kho khóa; tạo gói hỗ trợ',
  },
  usage: 'loa doctor [--json] [--out FILE]',
  help: {
    en: `Checks what you can fix: the gateway answers (endpoint), it accepts the key (key), this machine's
clock agrees with the gateway's Date header (clock), and the system keychain can keep the key
(keychain). Each failed check says what to do; the text is Vietnamese when LANG is vi_*.

  --out FILE   also write the support bundle (JSON) to FILE, to send to support

With --json, prints the bundle: {versions, os, endpointHost, keychain, hotkey, audioDevices,
recentRequests, recentErrors, lastLogLines, checks: [{id, ok, detail, hint}], unknown}; ok is null for a
check that could not run. It never holds the key or a session token.
Exit 1 when a check fails.`,
    vi: `Kiểm tra những gì bạn tự sửa được: cổng API trả lời (endpoint), cổng nhận khóa (key), đồng hồ máy này
khớp với tiêu đề Date của cổng (clock), và kho khóa của hệ thống giữ được khóa (keychain). Mỗi mục không
đạt nói cần làm gì; chữ là tiếng Việt khi LANG là vi_*.

  --out FILE   ghi thêm gói hỗ trợ (JSON) vào FILE, để gửi cho bộ phận hỗ trợ

Với --json, in gói hỗ trợ: {versions, os, endpointHost, keychain, hotkey, audioDevices,
recentRequests, recentErrors, lastLogLines, checks: [{id, ok, detail, hint}], unknown}; ok là null với
mục không chạy được. Gói không bao giờ chứa khóa hay token của phiên.
Thoát với mã 1 khi có mục không đạt.`,
  },
  options: { out: { type: 'string' } },
  async run(ctx) {
    noArguments(ctx.positionals)
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : undefined
    // Without the file log of the `loa` process (in tests), the doctor's own requests are still listed.
    const log = ctx.log ?? createLog(() => {})
    const stop = ctx.log ? () => {} : logGatewayRequests(log)
    let key: string | undefined = ctx.global.key
    try {
      const baseUrl = await resolveBaseUrl(ctx.global, { env: ctx.env }).catch(missing('no_base_url'))
      key = baseUrl === null ? undefined : await keyFor(ctx)
      const keychain = await keychainState()
      const language = cliLanguage(ctx.env)
      const checks = await runChecks({ baseUrl, key: key ?? null, keychain, language })
      const bundle = supportBundle(
        { baseUrl, keychain, hotkey: null, audioDevices: null, unknown: CLI_UNKNOWN },
        checks,
        log,
      )
      const text = bundleText(bundle, log)
      if (out !== undefined) await save(out, text)
      ctx.stdout.write(ctx.global.json ? text : renderDoctor(bundle, out, log, language))
      return checks.some((c) => c.ok === false) ? EXIT.failure : EXIT.ok
    } catch (err) {
      return reportFailure(failureOut(ctx), err, { verbName: 'doctor', key })
    } finally {
      stop()
    }
  },
}

/** A CliFailure with this code means "not given": the check reports it instead of the verb failing. */
function missing(code: string): (err: unknown) => null {
  return (err) => {
    if (err instanceof CliFailure && err.code === code) return null
    throw err
  }
}

async function keyFor(ctx: VerbContext): Promise<string | undefined> {
  const credentials = await resolveCredentials(ctx.global, { env: ctx.env }).catch(missing('no_key'))
  return credentials?.endpoint.key
}

async function keychainState(): Promise<KeychainState> {
  try {
    await openKeychain()
    return { backend: keychainName(process.platform), usable: true, problem: null }
  } catch (err) {
    const problem = err instanceof CliFailure ? err.message.replace(/^.*\((.*)\)\.$/, '$1') : String(err)
    return { backend: null, usable: false, problem }
  }
}

async function save(path: string, text: string): Promise<void> {
  try {
    await writeFile(path, text, { mode: 0o600 })
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    throw new CliFailure(
      { en: `could not write the support bundle: ${why}`, vi: `không ghi được gói hỗ trợ: ${why}` },
      EXIT.failure,
      'file',
      HINTS.file,
    )
  }
}

const MARK: Record<string, string> = { true: 'ok  ', false: 'FAIL', null: '--  ' }

/** The doctor's own words around the checks (which come in the terminal's language already). */
const DOCTOR_WORDS = {
  en: {
    gateway: 'Gateway',
    keychain: 'Keychain',
    none: '(none)',
    noneUsable: '(none usable)',
    written: 'Support bundle written to',
  },
  vi: {
    gateway: 'Gateway',
    keychain: 'Kho khóa',
    none: '(không có)',
    noneUsable: '(không có kho dùng được)',
    written: 'Đã ghi gói hỗ trợ vào',
  },
} as const

export function renderDoctor(
  bundle: SupportBundle,
  out: string | undefined,
  log: Log,
  language: Language = 'en',
): string {
  const w = DOCTOR_WORDS[language]
  const lines = [
    `Loa ${bundle.versions.loa}, Node ${bundle.versions.node}, ${bundle.os.platform} ${bundle.os.release}`,
    `${w.gateway}: ${bundle.endpointHost ?? w.none}`,
    `${w.keychain}: ${bundle.keychain.backend ?? w.noneUsable}`,
    '',
    ...bundle.checks.flatMap((c) => checkLines(c, language)),
  ]
  if (out !== undefined) lines.push('', `${w.written} ${out}.`)
  return log.redact(`${lines.join('\n')}\n`)
}

function checkLines(c: Check, language: Language): string[] {
  const head = `${MARK[String(c.ok)]}  ${c.id.padEnd(8)}  ${c.detail}`
  return c.hint === null ? [head] : [head, `${' '.repeat(16)}${LABELS.hint[language]}: ${c.hint}`]
}
