// 60 requests per minute per key, across all management endpoints, on the service clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { advanceClock, call, control, envelope, startServer } from './helpers'

describe('management rate limit', () => {
  let server: DemoServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.close())

  it('answers the 61st request of a minute with 429 and Retry-After, per key, then recovers', async () => {
    const paths = ['/me', '/models', '/usage/stats', '/models/text']
    for (let i = 0; i < 60; i++) {
      const res = await call(server, `/v1/management${paths[i % paths.length]}`, {
        key: server.keys.ordinary,
      })
      expect(res.status, `request ${i + 1}`).toBe(200)
    }
    const limited = await call(server, '/v1/management/models/video', { key: server.keys.ordinary })
    expect(limited.status).toBe(429)
    expect(envelope(limited)).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)

    // Another key of another account has its own budget.
    expect((await call(server, '/v1/management/me', { key: server.keys.basic })).status).toBe(200)

    await advanceClock(server, 60_000)
    expect((await call(server, '/v1/management/me', { key: server.keys.ordinary })).status).toBe(200)
  })

  it('POST /__demo/limits/reset empties the windows', async () => {
    for (let i = 0; i < 60; i++) await call(server, '/v1/management/models', { key: server.keys.ultra })
    expect((await call(server, '/v1/management/models', { key: server.keys.ultra })).status).toBe(429)
    await control(server, 'limits/reset', {})
    expect((await call(server, '/v1/management/models', { key: server.keys.ultra })).status).toBe(200)
  })
})
