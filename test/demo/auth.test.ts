// Authentication and account states across both APIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { advanceClock, call, envelope, startServer } from './helpers'

const ACCOUNT_PATHS = [
  '/me',
  '/usage',
  '/usage/daily',
  '/usage/models',
  '/usage/stats',
  '/cliproxy-quota',
  '/savings',
]
const CATALOG_PATHS = [
  '/models',
  '/models/text',
  '/models/image',
  '/models/video',
  '/models/embedding',
  '/models/gpt-4.1',
]

describe('authentication', () => {
  let server: DemoServer
  beforeAll(async () => {
    server = await startServer({ seed: 3 })
  })
  afterAll(() => server.close())

  it('accepts the key as Bearer or as X-API-Key', async () => {
    const bearer = await call(server, '/v1/management/me', { key: server.keys.ordinary })
    const header = await call(server, '/v1/management/me', { headers: { 'X-API-Key': server.keys.ordinary } })
    expect(bearer.status).toBe(200)
    expect(header.status).toBe(200)
    expect(header.json.id).toBe(bearer.json.id)
  })

  it.each([
    ['missing', undefined],
    ['invalid', 'sk-demo-not-a-real-key'],
  ])('answers a %s key with 401 invalid_api_key', async (_label, key) => {
    const res = await call(server, '/v1/management/me', key === undefined ? {} : { key })
    expect(res.status).toBe(401)
    const e = envelope(res)
    expect(e.code).toBe('invalid_api_key')
    expect(e.request_id).toMatch(/^req_/)
    expect(res.headers.get('x-request-id')).toBe(e.request_id)
  })

  it('answers the revoked key with 401 on management and TTS', async () => {
    const mgmt = await call(server, '/v1/management/models', { key: server.keys.revoked })
    const tts = await call(server, '/v1/audio/speech', {
      key: server.keys.revoked,
      body: { model: 'openai/tts-1', voice: 'nova', input: 'hi' },
    })
    expect(mgmt.status).toBe(401)
    expect(tts.status).toBe(401)
    expect(envelope(tts).code).toBe('invalid_api_key')
  })

  it.each(['disabled', 'locked'] as const)('refuses the %s account with 403 everywhere', async (name) => {
    for (const path of [...ACCOUNT_PATHS, ...CATALOG_PATHS]) {
      const res = await call(server, `/v1/management${path}`, { key: server.keys[name] })
      expect(res.status, path).toBe(403)
      expect(envelope(res).code).toBe('insufficient_permissions')
      expect(envelope(res).type).toBe('permission_error')
    }
    const tts = await call(server, '/v1/audio/speech', {
      key: server.keys[name],
      body: { model: 'google/translate-tts', voice: 'vi', input: 'xin chào' },
    })
    expect(tts.status).toBe(403)
    expect((await call(server, '/v1/models/tts', { key: server.keys[name] })).status).toBe(403)
  })

  it.each(['reseller', 'internal'] as const)(
    'refuses the %s account on Account & Usage but serves it the catalog',
    async (name) => {
      for (const path of ACCOUNT_PATHS) {
        const res = await call(server, `/v1/management${path}`, { key: server.keys[name] })
        expect(res.status, path).toBe(403)
        expect(envelope(res)).toMatchObject({ code: 'insufficient_permissions', type: 'permission_error' })
      }
      for (const path of CATALOG_PATHS) {
        const res = await call(server, `/v1/management${path}`, { key: server.keys[name] })
        expect(res.status, path).toBe(200)
      }
    },
  )

  it('serves every plan of ordinary account on Account & Usage', async () => {
    for (const name of ['free', 'basic', 'ordinary', 'ultra'] as const) {
      const res = await call(server, '/v1/management/me', { key: server.keys[name] })
      expect(res.status, name).toBe(200)
    }
  })

  it('lifts the security lock once its 24 hours have passed', async () => {
    const s = await startServer({ seed: 3 })
    try {
      expect((await call(s, '/v1/management/me', { key: s.keys.locked })).status).toBe(403)
      await advanceClock(s, 24 * 3600_000)
      const res = await call(s, '/v1/management/me', { key: s.keys.locked })
      expect(res.status).toBe(200)
    } finally {
      await s.close()
    }
  })
})
