// The retry policy over a scripted transport: which answers are retried, how long it waits, when it stops,
// and that an abort starts no further attempt.
import { describe, expect, it } from 'vitest'
import { GatewayError, kindForStatus } from '../../../main/api/gateway-error'
import { backoffMs, DEFAULT_RETRY_POLICY, withRetries, type Sleep } from '../../../main/api/tts/tts-retry'

type Step = number | 'network' | 'ok'

function failure(step: Exclude<Step, 'ok'>, retryAfterMs?: number): GatewayError {
  if (step === 'network') {
    return new GatewayError('network', 'Could not reach the host.', {
      status: null,
      code: null,
      requestId: null,
    })
  }
  const code = step === 409 ? 'duplicate_request' : step === 400 ? 'input_too_long' : null
  return new GatewayError(
    kindForStatus(step),
    `answer ${step}`,
    { status: step, code, requestId: null },
    retryAfterMs === undefined ? {} : { retryAfterMs },
  )
}

/** A transport that answers with the scripted steps in order and records every attempt it saw. */
function scripted(steps: Step[], retryAfterMs?: number) {
  const seen: number[] = []
  const attempt = (n: number) => {
    seen.push(n)
    const step = steps[n - 1] ?? 'ok'
    return step === 'ok' ? Promise.resolve(`audio after ${n}`) : Promise.reject(failure(step, retryAfterMs))
  }
  return { attempt, seen }
}

function recordingSleep() {
  const waits: number[] = []
  const sleep: Sleep = (ms) => {
    waits.push(ms)
    return Promise.resolve()
  }
  return { sleep, waits }
}

describe('withRetries', () => {
  it.each([500, 502, 503, 'network'] as const)(
    'retries %s with doubling backoff and succeeds',
    async (step) => {
      const t = scripted([step, step, 'ok'])
      const s = recordingSleep()
      const out = await withRetries(t.attempt, { sleep: s.sleep })
      expect(out).toEqual({ value: 'audio after 3', attempts: 3 })
      expect(s.waits).toEqual([backoffMs(1, DEFAULT_RETRY_POLICY), backoffMs(2, DEFAULT_RETRY_POLICY)])
      expect(s.waits[1]).toBe(2 * (s.waits[0] ?? 0))
    },
  )

  it('gives up after the bounded number of failures and throws the last one', async () => {
    const t = scripted([502, 502, 502, 502, 502, 'ok'])
    const s = recordingSleep()
    const err = await withRetries(t.attempt, { sleep: s.sleep }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).details.status).toBe(502)
    expect(t.seen).toHaveLength(DEFAULT_RETRY_POLICY.maxFailureAttempts)
  })

  it.each([409, 429])('waits what Retry-After says on %s', async (status) => {
    const t = scripted([status, status, 'ok'], 3_000)
    const s = recordingSleep()
    const out = await withRetries(t.attempt, { sleep: s.sleep })
    expect(out.attempts).toBe(3)
    expect(s.waits).toEqual([3_000, 3_000])
  })

  it('waits about 3 s on a 409 without Retry-After', async () => {
    const t = scripted([409, 'ok'])
    const s = recordingSleep()
    await withRetries(t.attempt, { sleep: s.sleep })
    expect(s.waits).toEqual([DEFAULT_RETRY_POLICY.duplicateWaitMs])
  })

  it('hands back a Retry-After longer than the policy allows instead of waiting it out', async () => {
    const t = scripted([429, 'ok'], DEFAULT_RETRY_POLICY.maxWaitMs + 1)
    const s = recordingSleep()
    const err = await withRetries(t.attempt, { sleep: s.sleep }).catch((e: unknown) => e)
    expect((err as GatewayError).kind).toBe('rate_limit')
    expect((err as GatewayError).retryAfterMs).toBe(DEFAULT_RETRY_POLICY.maxWaitMs + 1)
    expect(s.waits).toEqual([])
  })

  it.each([400, 401, 403, 404, 410])('does not retry %s', async (status) => {
    const t = scripted([status, 'ok'])
    const s = recordingSleep()
    const err = await withRetries(t.attempt, { sleep: s.sleep }).catch((e: unknown) => e)
    expect((err as GatewayError).details.status).toBe(status)
    expect(t.seen).toEqual([1])
    expect(s.waits).toEqual([])
  })

  it('starts no attempt once aborted during a wait', async () => {
    const controller = new AbortController()
    const t = scripted([502, 502, 'ok'])
    const sleep: Sleep = () => {
      controller.abort()
      return Promise.resolve()
    }
    const err = await withRetries(t.attempt, { sleep, signal: controller.signal }).catch((e: unknown) => e)
    expect((err as GatewayError).message).toMatch(/cancelled/)
    expect(t.seen).toEqual([1])
  })

  it('starts nothing when already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const t = scripted(['ok'])
    await expect(withRetries(t.attempt, { signal: controller.signal })).rejects.toThrow(/cancelled/)
    expect(t.seen).toEqual([])
  })

  it('tells the caller before each wait', async () => {
    const t = scripted([429, 502, 'ok'], 1_000)
    const s = recordingSleep()
    const reasons: string[] = []
    await withRetries(t.attempt, { sleep: s.sleep, onRetry: (d) => reasons.push(d.reason) })
    expect(reasons).toEqual(['rate_limit', 'failure'])
  })
})
