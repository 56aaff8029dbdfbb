// What the management verbs (status, usage, models) share: find the gateway and key, build one client,
// run the verb's work, and turn any failure into one line on stderr and an exit code.
import { GatewayError } from '../api/gateway-error'
import { gatewayJson, type GatewayEndpoint } from '../api/http'
import { ManagementClient } from '../api/management/client'
import { resolveCredentials } from './credentials'
import { EXIT, type ExitCode } from './exit-codes'
import { describeFailure, redact, waitSeconds } from './failure'
import type { TextOut, VerbContext } from './verb'

const NOT_FOR_THIS_ACCOUNT =
  "Account & Usage is not available to this account (reseller or internal); 'loa models' still works."

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
      new ManagementClient({ endpoint, transport: noticeRateLimits(endpoint, ctx.stderr, verbName) }),
    )
    return EXIT.ok
  } catch (err) {
    const failure = describeFailure(err)
    const message =
      err instanceof GatewayError && err.kind === 'forbidden' ? NOT_FOR_THIS_ACCOUNT : failure.message
    ctx.stderr.write(redact(`loa ${verbName}: ${message}\n`, key))
    return failure.exitCode
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
): (path: string, query: Record<string, number> | undefined) => Promise<unknown> {
  let told = false
  return async (path, query) => {
    try {
      return await gatewayJson(endpoint, path, { query })
    } catch (err) {
      if (!told && err instanceof GatewayError && err.kind === 'rate_limit') {
        told = true
        const seconds = waitSeconds(err.retryAfterMs)
        const wait = seconds === undefined ? 'waiting a minute' : `waiting ${seconds} s`
        stderr.write(`loa ${verbName}: rate-limited by the service; ${wait} before one more try.\n`)
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
