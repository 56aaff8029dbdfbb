import { afterEach, describe, expect, it } from 'vitest'
import { GatewayError, readEnvelope, retryAfterMs } from '../../main/api/gateway-error'
import { gatewayJson } from '../../main/api/http'
import { envelope, startStubGateway, type Reply } from '../support/stub-gateway'

let stop: (() => Promise<void>) | null = null
afterEach(async () => {
  await stop?.()
  stop = null
})

async function gateway(route: (path: string) => Reply) {
  const g = await startStubGateway(route)
  stop = g.close
  return g
}

describe('gateway HTTP', () => {
  it('sends the key and a User-Agent naming Loa, and parses JSON', async () => {
    const g = await gateway(() => ({ status: 200, body: { id: 'u1' } }))
    expect(
      await gatewayJson({ baseUrl: g.baseUrl + '/', key: 'sk-abc12345' }, '/v1/management/me', {
        query: { limit: 5, days: undefined },
      }),
    ).toEqual({ id: 'u1' })
    const req = g.seen[0]!
    expect(req.path).toBe('/v1/management/me?limit=5')
    expect(req.headers.authorization).toBe('Bearer sk-abc12345')
    expect(req.headers['user-agent']).toMatch(/^Loa\/\d+\.\d+\.\d+ \(/)
  })

  it.each([
    [401, 'auth'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [400, 'invalid_input'],
    [500, 'server'],
    [502, 'server'],
  ] as const)('maps %i to %s, keeping the code and request id', async (status, kind) => {
    const g = await gateway(() => envelope(status, 'some_code', 'Told by the service'))
    const err = await gatewayJson({ baseUrl: g.baseUrl, key: 'sk-abc12345' }, '/x').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect(err).toMatchObject({
      kind,
      message: 'Told by the service',
      details: { status, code: 'some_code', requestId: 'req_test' },
    })
  })

  it('reads Retry-After on 429 and never the message', async () => {
    const g = await gateway(() => ({
      ...envelope(429, 'rate_limit_exceeded', 'wait 999 seconds', 'rate_limit_error'),
      headers: { 'Retry-After': '7' },
    }))
    const err = await gatewayJson({ baseUrl: g.baseUrl, key: 'sk-abc12345' }, '/x').catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'rate_limit', retryAfterMs: 7000 })
  })

  it('survives error bodies that are HTML or empty, and success bodies that are not JSON', async () => {
    const g = await gateway((p) =>
      p === '/html'
        ? { status: 403, raw: '<html><h1>Forbidden</h1></html>' }
        : p === '/empty'
          ? { status: 503, raw: '' }
          : { status: 200, raw: 'not json' },
    )
    const ep = { baseUrl: g.baseUrl, key: 'sk-abc12345' }
    await expect(gatewayJson(ep, '/html')).rejects.toMatchObject({
      kind: 'forbidden',
      details: { status: 403, code: null },
    })
    await expect(gatewayJson(ep, '/empty')).rejects.toMatchObject({ kind: 'server' })
    await expect(gatewayJson(ep, '/ok')).rejects.toMatchObject({ kind: 'protocol' })
  })

  it('reports an unreachable service as a network error without the key in the message', async () => {
    const g = await gateway(() => ({ status: 200 }))
    await g.close()
    stop = null
    const err = (await gatewayJson({ baseUrl: g.baseUrl, key: 'sk-secret-999' }, '/x').catch(
      (e: unknown) => e,
    )) as GatewayError
    expect(err.kind).toBe('network')
    expect(err.message).not.toContain('sk-secret-999')
  })
})

describe('error envelopes', () => {
  it('reads both 404 shapes and tolerates nonsense', () => {
    expect(
      readEnvelope({
        error: { message: 'm', type: 't', param: null, code: 'model_not_found', request_id: 'r' },
      }),
    ).toEqual({ message: 'm', code: 'model_not_found', type: 't', requestId: 'r' })
    expect(readEnvelope({ error: 'model_not_found', message: 'Model x not found' })).toMatchObject({
      code: 'model_not_found',
      message: 'Model x not found',
    })
    for (const junk of [null, 42, 'str', [], { error: 5 }, { error: { message: 7 } }]) {
      expect(() => readEnvelope(junk)).not.toThrow()
    }
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000)
    expect(retryAfterMs('0.5')).toBe(500)
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:10 GMT', Date.parse('2026-11-22T10:00:00Z'))).toBe(10_000)
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(null)).toBeUndefined()
  })
})
