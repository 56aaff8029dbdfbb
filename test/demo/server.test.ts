// The server as a whole: listening, keys per seed, routing, the edge check, the default realtime mount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { call, envelope, rawGet, startServer, UA } from './helpers'

const KEY_NAMES = [
  'ordinary',
  'free',
  'basic',
  'ultra',
  'reseller',
  'internal',
  'disabled',
  'locked',
  'revoked',
  'restricted',
  'suspended',
  'expired',
  'at_limit',
]

describe('demo server', () => {
  let server: DemoServer
  beforeAll(async () => {
    server = await startServer({ seed: 11 })
  })
  afterAll(() => server.close())

  it('listens on loopback on a random port and hands out every named key', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Object.keys(server.keys).sort()).toEqual([...KEY_NAMES].sort())
    for (const key of Object.values(server.keys)) expect(key).toMatch(/^sk-demo-[0-9A-Za-z]{40}$/)
    expect(new Set(Object.values(server.keys)).size).toBe(KEY_NAMES.length)
  })

  it('gives the same keys and people for the same seed, and different ones for another seed', async () => {
    const same = await startServer({ seed: 11 })
    const other = await startServer({ seed: 12 })
    try {
      expect(same.keys).toEqual(server.keys)
      expect(other.keys.ordinary).not.toBe(server.keys.ordinary)
      const a = await call(server, '/v1/management/me', { key: server.keys.ordinary })
      const b = await call(same, '/v1/management/me', { key: same.keys.ordinary })
      expect(b.json.name).toBe(a.json.name)
      expect(b.json.email).toBe(a.json.email)
      expect(b.json.balance).toEqual(a.json.balance)
    } finally {
      await same.close()
      await other.close()
    }
  })

  it('answers unknown paths with a 404 envelope and wrong methods with 405', async () => {
    const missing = await call(server, '/v1/nothing-here', { key: server.keys.ordinary })
    expect(missing.status).toBe(404)
    expect(envelope(missing).code).toBe('not_found')
    const wrong = await call(server, '/v1/management/me', { key: server.keys.ordinary, method: 'DELETE' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET')
  })

  it('refuses a request without User-Agent at the edge, with code 1010 and no API envelope', async () => {
    const res = await rawGet(server, '/v1/management/me', { Authorization: `Bearer ${server.keys.ordinary}` })
    expect(res.status).toBe(403)
    const body = JSON.parse(res.body)
    expect(body.error_code).toBe(1010)
    expect(body.error).toBeUndefined()
    // With a User-Agent the same request goes through.
    const ok = await rawGet(server, '/v1/management/me', {
      Authorization: `Bearer ${server.keys.ordinary}`,
      'User-Agent': UA,
    })
    expect(ok.status).toBe(200)
  })

  it('stops accepting connections after close()', async () => {
    const s = await startServer()
    await s.close()
    await expect(fetch(`${s.baseUrl}/v1/models`, { headers: { 'User-Agent': UA } })).rejects.toThrow()
  })
})

describe('default mounts', () => {
  it('plug the realtime API in when no mounts are given', async () => {
    const s = await startDemoServer({ seed: 2 })
    try {
      const res = await call(s, '/v1/realtime/models', { key: s.keys.ordinary })
      expect(res.status).toBe(200)
    } finally {
      await s.close()
    }
  })

  it('accept a custom mount that answers requests before the built-in routes', async () => {
    const s = await startServer({
      mounts: [
        () => ({
          handleRequest(_req, res, url) {
            if (url.pathname !== '/v1/custom') return false
            res.writeHead(200, { 'Content-Type': 'text/plain' }).end('mounted')
            return true
          },
        }),
      ],
    })
    try {
      const res = await call(s, '/v1/custom')
      expect(res.bytes.toString()).toBe('mounted')
    } finally {
      await s.close()
    }
  })
})
