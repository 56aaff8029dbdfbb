// When to send one speech request again. Every attempt of one chunk carries the same Idempotency-Key, so a
// retry after a lost answer returns the first result without a second charge (tts-api.md "Idempotency").
// What is retried follows the spec's error table: 409 `duplicate_request` and 429 after `Retry-After`;
// 500/502/503/504 and lost connections after a bounded exponential backoff; nothing else.
import { GatewayError } from '../gateway-error'

/** Waits `ms`; rejects (or resolves early) when `signal` aborts. Injected so tests need no real time. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface RetryPolicy {
  /** Attempts in all when the service fails or the connection drops (the first included). */
  maxFailureAttempts: number
  /** Waits in a row the service may ask for with 409 or 429 before we give up. */
  maxPolitenessWaits: number
  firstBackoffMs: number
  maxBackoffMs: number
  /** 409 without Retry-After: the spec says "about 3 s". */
  duplicateWaitMs: number
  /** A Retry-After longer than this is handed to the caller instead of waited out. */
  maxWaitMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxFailureAttempts: 4,
  maxPolitenessWaits: 8,
  firstBackoffMs: 500,
  maxBackoffMs: 8_000,
  duplicateWaitMs: 3_000,
  maxWaitMs: 60_000,
}

const RETRYABLE_STATUSES = new Set([500, 502, 503, 504])

export type RetryDecision =
  { retry: false } | { retry: true; reason: 'duplicate' | 'rate_limit' | 'failure'; waitMs: number }

/**
 * A request held back before it may go (again): `rate_limit`, a 429's Retry-After; `duplicate`, a 409
 * while the same request still runs; `budget`, the client keeping under the plan's requests per minute.
 * `untilMs`: the epoch time it goes.
 */
export interface RequestWait {
  reason: 'rate_limit' | 'duplicate' | 'budget'
  untilMs: number
}

export interface RetryState {
  /** Failures (5xx, network) so far, this one included. */
  failures: number
  /** 409/429 waits so far, this one included. */
  politenessWaits: number
}

/** Decides about one failed attempt. Pure: the counters come in, the wait goes out. */
export function decideRetry(err: unknown, state: RetryState, policy: RetryPolicy): RetryDecision {
  if (!(err instanceof GatewayError)) return { retry: false }
  const status = err.details.status
  if (status === 409 && err.details.code === 'duplicate_request') {
    return politely('duplicate', err.retryAfterMs ?? policy.duplicateWaitMs, state, policy)
  }
  if (status === 429)
    return politely('rate_limit', err.retryAfterMs ?? backoffMs(state.politenessWaits, policy), state, policy)
  const failed = err.kind === 'network' || (status !== null && RETRYABLE_STATUSES.has(status))
  if (!failed || state.failures >= policy.maxFailureAttempts) return { retry: false }
  return { retry: true, reason: 'failure', waitMs: backoffMs(state.failures, policy) }
}

function politely(
  reason: 'duplicate' | 'rate_limit',
  waitMs: number,
  state: RetryState,
  policy: RetryPolicy,
): RetryDecision {
  if (state.politenessWaits > policy.maxPolitenessWaits || waitMs > policy.maxWaitMs) return { retry: false }
  return { retry: true, reason, waitMs }
}

/** 1st retry waits `firstBackoffMs`, then doubling, capped. */
export function backoffMs(retryNumber: number, policy: RetryPolicy): number {
  return Math.min(policy.maxBackoffMs, policy.firstBackoffMs * 2 ** Math.max(0, retryNumber - 1))
}

export interface RetryOptions {
  policy?: RetryPolicy
  sleep?: Sleep
  signal?: AbortSignal | undefined
  /** Told before each wait, e.g. to show "the service is busy, retrying in 3 s". */
  onRetry?: (decision: Extract<RetryDecision, { retry: true }>, err: GatewayError) => void
}

export function cancelledError(cause?: unknown): GatewayError {
  return new GatewayError(
    'internal',
    'The request was cancelled.',
    { status: null, code: null, requestId: null },
    cause === undefined ? {} : { cause },
  )
}

/** Runs `attempt` until it succeeds or the policy says stop. After an abort no further attempt starts. */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  opts: RetryOptions = {},
): Promise<{ value: T; attempts: number }> {
  const policy = opts.policy ?? DEFAULT_RETRY_POLICY
  const sleep = opts.sleep ?? realSleep
  const state: RetryState = { failures: 0, politenessWaits: 0 }
  for (let n = 1; ; n++) {
    if (opts.signal?.aborted) throw cancelledError(opts.signal.reason)
    let err: unknown
    try {
      return { value: await attempt(n), attempts: n }
    } catch (e) {
      err = e
    }
    if (opts.signal?.aborted) throw cancelledError(err)
    const politeness =
      err instanceof GatewayError && (err.details.status === 409 || err.details.status === 429)
    if (politeness) state.politenessWaits += 1
    else state.failures += 1
    const decision = decideRetry(err, state, policy)
    if (!decision.retry) throw err
    opts.onRetry?.(decision, err as GatewayError)
    try {
      await sleep(decision.waitMs, opts.signal)
    } catch (e) {
      if (opts.signal?.aborted) throw cancelledError(e)
      throw e
    }
  }
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
