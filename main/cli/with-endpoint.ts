// Runs a verb's work against the gateway the credentials name, turning any failure into words on stderr
// (and one JSON object on stdout with --json; see failure-output.ts), the key redacted, and the failure's
// exit code.
import type { GatewayEndpoint } from '../api/http'
import { resolveCredentials } from './credentials'
import { EXIT, type ExitCode } from './exit-codes'
import { failureOut, reportFailure } from './failure-output'
import type { VerbContext } from './verb'

export async function withEndpoint(
  ctx: VerbContext,
  verbName: string,
  work: (endpoint: GatewayEndpoint) => Promise<ExitCode | void>,
): Promise<ExitCode> {
  let key = ctx.global.key
  try {
    const { endpoint } = await resolveCredentials(ctx.global, { env: ctx.env })
    key = endpoint.key
    return (await work(endpoint)) ?? EXIT.ok
  } catch (err) {
    return reportFailure(failureOut(ctx), err, { verbName, key })
  }
}
