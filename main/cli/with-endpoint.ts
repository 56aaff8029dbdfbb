// Runs a verb's work against the gateway the credentials name, turning any failure into one line on
// stderr (the key redacted) and the failure's exit code.
import type { GatewayEndpoint } from '../api/http'
import { resolveCredentials } from './credentials'
import { EXIT, type ExitCode } from './exit-codes'
import { describeFailure, redact } from './failure'
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
    const failure = describeFailure(err)
    ctx.stderr.write(redact(`loa ${verbName}: ${failure.message}\n`, key))
    return failure.exitCode
  }
}
