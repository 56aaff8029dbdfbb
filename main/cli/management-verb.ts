// What the management verbs (status, usage, models) share: find the gateway and key, build one client,
// run the verb's work, and turn any failure into words on stderr (one JSON object on stdout with --json) and
// an exit code.
import type { Language } from '../../preload/contract'
import { GatewayError } from '../api/gateway-error'
import { gatewayJson, type GatewayEndpoint } from '../api/http'
import { ManagementClient } from '../api/management/client'
import { resolveCredentials } from './credentials'
import { EXIT, type ExitCode } from './exit-codes'
import { describeFailure } from './failure'
import { waitSeconds } from './failure-codes'
import { failureOut, printFailure } from './failure-output'
import { cliLanguage, type Said, type Words } from './language'
import type { TextOut, VerbContext } from './verb'

const NOT_FOR_THIS_ACCOUNT: Words<Said> = {
  en: {
    message: 'Account & Usage is not available to this account (reseller or internal).',
    hint: "'loa models' still works: the catalog is open to this key.",
  },
  vi: {
    message: 'Tài khoản & Mức dùng không dành cho tài khoản này (đại lý hoặc nội bộ).',
    hint: "'loa models' vẫn dùng được: danh mục mở cho khóa này.",
  },
}

export async function runManagementVerb(
  ctx: VerbContext,
  verbName: string,
  work: (client: ManagementClient) => Promise<void>,
): Promise<ExitCode> {
  let key: string | undefined = ctx.global.key
  try {
    const { endpoint } = await resolveCredentials(ctx.global, { env: ctx.env })
    key = endpoint.key
    await work(
      new ManagementClient({
        endpoint,
        transport: noticeRateLimits(endpoint, ctx.stderr, verbName, cliLanguage(ctx.env)),
      }),
    )
    return EXIT.ok
  } catch (err) {
    const failure = describeFailure(err, verbName)
    const forbidden = err instanceof GatewayError && err.kind === 'forbidden'
    return printFailure(
      failureOut(ctx),
      forbidden ? { ...failure, ...NOT_FOR_THIS_ACCOUNT.en, words: NOT_FOR_THIS_ACCOUNT } : failure,
      { verbName, key },
    )
  }
}

/**
 * The client waits out a 429's Retry-After once before it gives up (see RequestBudget); saying so keeps a
 * pause in the terminal from looking like a hang.
 */
function noticeRateLimits(
  endpoint: GatewayEndpoint,
  stderr: TextOut,
  verbName: string,
  language: Language,
): (path: string, query: Record<string, number> | undefined) => Promise<unknown> {
  let told = false
  return async (path, query) => {
    try {
      return await gatewayJson(endpoint, path, { query })
    } catch (err) {
      if (!told && err instanceof GatewayError && err.kind === 'rate_limit') {
        told = true
        const seconds = waitSeconds(err.retryAfterMs)
        stderr.write(
          language === 'vi'
            ? `loa ${verbName}: dịch vụ đang giới hạn số yêu cầu; chờ ${seconds === undefined ? 'một phút' : `${seconds} giây`} rồi thử thêm một lần.\n`
            : `loa ${verbName}: rate-limited by the service; ${seconds === undefined ? 'waiting a minute' : `waiting ${seconds} s`} before one more try.\n`,
        )
      }
      throw err
    }
  }
}

/** With --json the parsed value as one JSON document, else the rendered text; text is rendered only when needed. */
export async function printResult(
  ctx: Pick<VerbContext, 'stdout' | 'global'>,
  value: unknown,
  render: () => string | Promise<string>,
): Promise<void> {
  ctx.stdout.write(ctx.global.json ? `${JSON.stringify(value, null, 2)}\n` : await render())
}
