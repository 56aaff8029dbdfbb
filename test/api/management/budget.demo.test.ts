// The budget against the demo service, which enforces the gateway's 60 requests a minute per key. The
// demo runs its clock 60 times faster and so does the budget's, so four service minutes take seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../main/errors'
import { gatewayJson } from '../../../main/api/http'
import { RequestBudget } from '../../../main/api/management/budget'
import { ManagementClient } from '../../../main/api/management/client'
import type { Clock } from '../../../main/api/management/clock'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'

const TIME_SCALE = 60

/** The budget's clock at the demo's pace: one real millisecond is TIME_SCALE clock milliseconds. */
const scaledClock: Clock = {
  now: () => performance.now() * TIME_SCALE,
  setTimeout: (fn, ms) => setTimeout(fn, ms / TIME_SCALE),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

let demo: DemoServer
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 11, timeScale: TIME_SCALE, mounts: [] })
})
afterAll(() => demo.close())

describe('request budget against the demo service', () => {
  it('the demo does refuse a burst of 70 sent without the budget', async () => {
    const endpoint = { baseUrl: demo.baseUrl, key: demo.keys.basic }
    const results = await Promise.allSettled(
      Array.from({ length: 70 }, (_, i) =>
        gatewayJson(endpoint, '/v1/management/usage', { query: { limit: i + 1 } }),
      ),
    )
    const limited = results.filter(
      (r) => r.status === 'rejected' && (r.reason as AppError).kind === 'rate_limit',
    )
    expect(limited.length).toBeGreaterThanOrEqual(10)
  })

  it('sends a burst of 200 through the budget with no 429 and every answer arriving', async () => {
    const endpoint = { baseUrl: demo.baseUrl, key: demo.keys.ordinary }
    let refusals = 0
    const client = new ManagementClient({
      endpoint,
      budget: new RequestBudget({ clock: scaledClock }),
      transport: (path, query) =>
        gatewayJson(endpoint, path, { query }).catch((err: unknown) => {
          if (err instanceof AppError && err.kind === 'rate_limit') refusals++
          throw err
        }),
    })
    const pages = await Promise.all(Array.from({ length: 200 }, (_, i) => client.usage({ limit: i + 1 })))
    expect(refusals).toBe(0)
    expect(client.budget.stats()).toMatchObject({ sent: 200, rateLimited: 0, queued: 0, inFlight: 0 })
    expect(pages.map((p) => p.data.length)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
  })
})
