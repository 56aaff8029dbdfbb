// `loa login` and `loa logout`: the key kept in the OS keychain entry the Loa app uses for the gateway, so
// scripts and the app share one key and it never sits on a command line. The key is checked with the
// app's own check (connection/validate-key.ts) before anything is stored.
import { checkKeyShape, validateKey } from '../../connection/validate-key'
import { AppError } from '../../errors'
import { forgetGatewayKey } from '../../secrets/gateway-key'
import { accountFor, legacyAccountFor } from '../../secrets/secret-store'
import { resolveBaseUrl } from '../credentials'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { HINTS } from '../failure-codes'
import { failureOut, reportFailure } from '../failure-output'
import { openKeychain } from '../keychain-entry'
import { readSecret } from '../read-secret'
import { noArguments, type Verb, type VerbContext } from '../verb'

export const loginVerb: Verb = {
  name: 'login',
  summary: {
    en: 'check an API key with the service and keep it in the system keychain',
    vi: 'kiểm tra khóa API với dịch vụ và giữ nó trong kho khóa của hệ thống',
  },
  usage: 'loa login [--base-url URL]',
  help: {
    en: `Reads the API key from standard input when it is piped (printf %s "$KEY" | loa login), else asks
for it without showing what you type; checks it with the service; and keeps it in the system keychain
entry the Loa app uses for that gateway. Later commands then need no key.

Exit 3 when the service refuses the key; exit 1 when no system keychain can store it.`,
    vi: `Đọc khóa API từ đầu vào chuẩn khi nó được dẫn vào (printf %s "$KEY" | loa login), nếu không thì hỏi
mà không hiện những gì bạn gõ; kiểm tra khóa với dịch vụ; rồi giữ nó trong mục kho khóa của hệ thống mà
ứng dụng Loa dùng cho cổng API đó. Các lệnh sau đó không cần khóa nữa.

Thoát với mã 3 khi dịch vụ từ chối khóa; mã 1 khi không có kho khóa nào của hệ thống lưu được nó.`,
  },
  options: {},
  async run(ctx) {
    noArguments(ctx.positionals)
    let key: string | undefined
    try {
      const baseUrl = await resolveBaseUrl(ctx.global, { env: ctx.env })
      key = ctx.global.key ?? (await askForKey(ctx))
      key = checkKeyShapeOrUsage(key)
      await validateKey({ baseUrl, key }).catch((err: unknown) => {
        throw refusal(err)
      })
      const store = await openKeychain()
      await store.set(accountFor(baseUrl), key)
      // An entry under the older host-only name would otherwise come back on a later read.
      await store.delete(legacyAccountFor(baseUrl)).catch(() => false)
      ctx.stdout.write(
        ctx.global.json
          ? `${JSON.stringify({ baseUrl, stored: true })}\n`
          : `Key ending …${key.slice(-4)} checked and saved in the system keychain for ${baseUrl}.\n`,
      )
      return EXIT.ok
    } catch (err) {
      return reportFailure(failureOut(ctx), err, { verbName: 'login', key })
    }
  },
}

export const logoutVerb: Verb = {
  name: 'logout',
  summary: {
    en: 'remove the API key kept in the system keychain for the gateway',
    vi: 'xóa khóa API đã giữ trong kho khóa của hệ thống cho cổng API',
  },
  usage: 'loa logout [--base-url URL]',
  help: {
    en: `Removes the key kept in the system keychain for the gateway (the one 'loa login' or the Loa app
saved). Exits 0 also when none was kept.`,
    vi: `Xóa khóa đã giữ trong kho khóa của hệ thống cho cổng API (khóa mà 'loa login' hoặc ứng dụng Loa đã
lưu). Thoát với mã 0 cả khi không có khóa nào được giữ.`,
  },
  options: {},
  async run(ctx) {
    noArguments(ctx.positionals)
    try {
      const baseUrl = await resolveBaseUrl(ctx.global, { env: ctx.env })
      const removed = await forgetGatewayKey(await openKeychain(), baseUrl)
      ctx.stdout.write(
        ctx.global.json
          ? `${JSON.stringify({ baseUrl, removed })}\n`
          : removed
            ? `Removed the key kept for ${baseUrl}.\n`
            : `No key was kept for ${baseUrl}; nothing to remove.\n`,
      )
      return EXIT.ok
    } catch (err) {
      return reportFailure(failureOut(ctx), err, { verbName: 'logout' })
    }
  },
}

async function askForKey(ctx: VerbContext): Promise<string> {
  if (!ctx.stdin)
    throw new CliFailure(
      { en: 'no key to read.', vi: 'không có khóa để đọc.' },
      EXIT.usage,
      'usage',
      LOGIN_KEY_HINT,
    )
  try {
    return await readSecret(ctx.stdin, 'API key: ', ctx.stderr)
  } catch {
    throw new CliFailure(
      { en: 'cancelled; nothing was saved.', vi: 'đã hủy; chưa lưu gì.' },
      EXIT.failure,
      'failure',
      null,
    )
  }
}

const LOGIN_KEY_HINT = {
  en: 'pipe the key on standard input (printf %s "$KEY" | loa login), or type it when asked.',
  vi: 'chuyển khóa vào đầu vào chuẩn (printf %s "$KEY" | loa login), hoặc gõ nó khi được hỏi.',
}

function checkKeyShapeOrUsage(key: string): string {
  try {
    return checkKeyShape(key)
  } catch {
    const said =
      key.trim() === ''
        ? { en: 'no key was given', vi: 'chưa đưa khóa nào' }
        : { en: 'that does not look like an API key', vi: 'đó không giống một khóa API' }
    throw new CliFailure(
      { en: `${said.en}; nothing was saved.`, vi: `${said.vi}; chưa lưu gì.` },
      EXIT.usage,
      'usage',
      LOGIN_KEY_HINT,
    )
  }
}

/** The app's refusals in the CLI's codes: a refused key is exit 3, as for every other verb. */
function refusal(err: unknown): unknown {
  if (!(err instanceof AppError)) return err
  if (err.kind === 'auth')
    return new CliFailure(
      {
        en: 'the service did not accept this key; nothing was saved.',
        vi: 'dịch vụ không chấp nhận khóa này; chưa lưu gì.',
      },
      EXIT.auth,
      'auth',
      HINTS.loginAgain,
    )
  if (err.kind === 'account_locked')
    return new CliFailure(
      { en: `${err.message} Nothing was saved.`, vi: `${err.message} Chưa lưu gì.` },
      EXIT.auth,
      'account_locked',
      HINTS.locked,
    )
  return err
}
