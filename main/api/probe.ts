// Does the gateway answer at all, and what time does it say it is: for `loa doctor` and the support bundle.
// The catalog is open to every key (management-api.md), so any answer, even a refusal, shows the way there
// works; the Date header every HTTP answer carries gives the clock to compare with.
import { GatewayError } from './gateway-error'
import { gatewayRequest, type GatewayEndpoint } from './http'

/** A doctor should not hang on a gateway that does not answer. */
const PROBE_TIMEOUT_MS = 8_000

export type Probe =
  { reachable: true; status: number; serverDateMs: number | null } | { reachable: false; error: GatewayError }

export async function probeGateway(endpoint: GatewayEndpoint): Promise<Probe> {
  try {
    const res = await gatewayRequest(endpoint, '/v1/management/models', {
      anyStatus: true,
      timeoutMs: PROBE_TIMEOUT_MS,
    })
    await res.body?.cancel()
    const date = Date.parse(res.headers.get('date') ?? '')
    return { reachable: true, status: res.status, serverDateMs: Number.isFinite(date) ? date : null }
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'network') return { reachable: false, error: err }
    throw err
  }
}
