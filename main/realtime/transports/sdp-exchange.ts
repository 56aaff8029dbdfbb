// The WebRTC offer/answer exchange with the service (realtime-api.md "Endpoints", "Authentication"):
// POST the offer to the session's `sdp_url` as `application/sdp`, with the one-use session token, and
// read the answer as text. The endpoint takes 5 calls a minute per session; the budget keeps Loa under
// that on its own, so a flapping network waits for a slot instead of meeting a 429. A 429 that comes
// anyway is waited out once (its Retry-After), inside the caller's deadline.
import { reportRequest } from '../../api/diagnostics'
import { errorFromResponse } from '../../api/http'
import { GatewayError } from '../../api/gateway-error'
import { userAgent } from '../../api/user-agent'
import type { EngineClock } from '../engine/engine-clock'

export const SDP_CALLS_PER_MINUTE = 5
const WINDOW_MS = 60_000
/** An answer is a few kB; a body far larger is not one. */
const MAX_ANSWER_CHARS = 256 * 1024

export interface SdpExchangeOptions {
  clock: EngineClock
  signal?: AbortSignal
  /** The exchange, waits included, must finish by this time on `clock`. */
  deadlineMs: number
}

export type ExchangeSdp = (
  url: string,
  token: string,
  offer: string,
  options: SdpExchangeOptions,
) => Promise<string>

/** Remembers each session's recent SDP calls. */
export class SdpBudget {
  readonly #calls = new Map<string, number[]>()

  /** How long until a call may go; 0 = now. */
  waitMs(url: string, nowMs: number): number {
    const recent = this.#recent(url, nowMs)
    if (recent.length < SDP_CALLS_PER_MINUTE) return 0
    return (recent[0] as number) + WINDOW_MS - nowMs
  }

  take(url: string, nowMs: number): void {
    // Sessions come and go: the calls of finished ones are forgotten here.
    for (const other of [...this.#calls.keys()]) if (other !== url) this.#recent(other, nowMs)
    const recent = this.#recent(url, nowMs)
    recent.push(nowMs)
    this.#calls.set(url, recent)
  }

  #recent(url: string, nowMs: number): number[] {
    const recent = (this.#calls.get(url) ?? []).filter((t) => nowMs - t < WINDOW_MS)
    if (recent.length === 0) this.#calls.delete(url)
    else this.#calls.set(url, recent)
    return recent
  }
}

export function sdpExchanger(budget = new SdpBudget()): ExchangeSdp {
  return async (url, token, offer, options) => {
    const { clock } = options
    for (let attempt = 0; ; attempt++) {
      const waitMs = budget.waitMs(url, clock.now())
      if (waitMs > 0) await waitWithin(waitMs, options, 'The SDP endpoint allows 5 calls a minute.')
      budget.take(url, clock.now())
      try {
        return await postOffer(url, token, offer, options)
      } catch (err) {
        if (!(err instanceof GatewayError) || err.details.status !== 429) throw err
        const retryAfter = err.retryAfterMs
        if (attempt > 0 || retryAfter === undefined) throw err
        await waitWithin(retryAfter, options, err.message)
      }
    }
  }
}

async function postOffer(url: string, token: string, offer: string, o: SdpExchangeOptions): Promise<string> {
  const target = new URL(url)
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new GatewayError('protocol', `The SDP address ${target.protocol} is not HTTP.`, noDetails())
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(o.deadlineMs - o.clock.now())))
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout
  const startedMs = performance.now()
  // The SDP endpoint is the gateway's too: its requests go in the log beside the others.
  const report = (status: number | null, requestId: string | null) =>
    reportRequest({
      method: 'POST',
      path: target.pathname,
      status,
      durationMs: performance.now() - startedMs,
      requestId,
    })
  let res: Response
  try {
    res = await fetch(target, {
      method: 'POST',
      headers: {
        'User-Agent': userAgent(),
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/sdp',
        Accept: 'application/sdp',
      },
      body: offer,
      signal,
      redirect: 'error',
    })
  } catch (cause) {
    report(null, null)
    const why = o.signal?.aborted
      ? 'The SDP exchange was cancelled.'
      : timeout.aborted
        ? `${target.host} did not answer the SDP offer in time.`
        : `Could not reach ${target.host} for the SDP exchange.`
    throw new GatewayError(o.signal?.aborted ? 'internal' : 'network', why, noDetails(), { cause })
  }
  if (!res.ok) {
    const err = await errorFromResponse(res)
    report(res.status, err.details.requestId ?? res.headers.get('x-request-id'))
    throw err
  }
  report(res.status, res.headers.get('x-request-id'))
  const answer = await res.text()
  if (!/^v=0\r?\n/.test(answer) || answer.length > MAX_ANSWER_CHARS)
    throw new GatewayError('protocol', 'The service answered the SDP offer with something that is not SDP.', {
      status: res.status,
      code: null,
      requestId: null,
    })
  return answer
}

function waitWithin(ms: number, o: SdpExchangeOptions, why: string): Promise<void> {
  if (o.clock.now() + ms > o.deadlineMs)
    return Promise.reject(
      new GatewayError(
        'rate_limit',
        why,
        { status: 429, code: 'rate_limit_exceeded', requestId: null },
        {
          retryAfterMs: ms,
        },
      ),
    )
  return new Promise((resolve, reject) => {
    const handle = o.clock.setTimeout(() => {
      o.signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      o.clock.clearTimeout(handle)
      reject(new GatewayError('internal', 'The SDP exchange was cancelled.', noDetails()))
    }
    o.signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function noDetails() {
  return { status: null, code: null, requestId: null }
}
