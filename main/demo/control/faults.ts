// Faults that tests switch on. They act on API requests (paths under /v1) before routing, in this order:
// added latency, then a forced 500/502, then a forced 429.
import type { ServerResponse } from 'node:http'
import type { DemoFaults } from '../context'
import { sendError } from '../http/respond'

export function createFaults(): DemoFaults {
  return {
    dropWebSocketAfterMs: null,
    failNext: null,
    latencyMs: 0,
    rateLimitBurst: null,
    terminateOnCommit: null,
    failChannel: null,
    failSdp: null,
    sdpConflict: null,
    toolCallNext: null,
    lateEndEvent: null,
  }
}

/** Takes one use of a counted fault; the fault switches itself off after its last. */
export function takeFault<
  K extends 'terminateOnCommit' | 'failChannel' | 'failSdp' | 'sdpConflict' | 'toolCallNext' | 'lateEndEvent',
>(faults: DemoFaults, key: K): DemoFaults[K] {
  const fault = faults[key]
  if (!fault || fault.count <= 0) return null as DemoFaults[K]
  fault.count -= 1
  if (fault.count <= 0) faults[key] = null as DemoFaults[K]
  return fault
}

export function resetFaults(faults: DemoFaults): void {
  Object.assign(faults, createFaults())
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Returns true when a fault answered the request. */
export async function applyFaults(faults: DemoFaults, res: ServerResponse): Promise<boolean> {
  if (faults.latencyMs > 0) await sleep(faults.latencyMs)
  const fail = faults.failNext
  if (fail && fail.count > 0) {
    fail.count -= 1
    if (fail.count <= 0) faults.failNext = null
    if (fail.status === 502) {
      sendError(
        res,
        502,
        'upstream_error',
        'upstream_error',
        'The model provider failed to answer. Try again.',
      )
    } else {
      sendError(res, 500, 'internal_error', 'api_error', 'Internal error. Quote the request id to support.')
    }
    return true
  }
  const burst = faults.rateLimitBurst
  if (burst && burst.count > 0) {
    burst.count -= 1
    if (burst.count <= 0) faults.rateLimitBurst = null
    sendError(
      res,
      429,
      'rate_limit_exceeded',
      'rate_limit_error',
      'Too many requests: the source is overloaded.',
      null,
      {
        'Retry-After': String(burst.retryAfterSec),
      },
    )
    return true
  }
  return false
}
