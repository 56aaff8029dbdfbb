// Keys in a state of their own (realtime-api.md "Authentication" 5): suspended, expired, at the key's
// spending limit. Each is another key of the ordinary account, refused where the demo README says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { accountState, call, envelope, UA } from './helpers'

const SESSION = { model: 'openai/gpt-realtime-mini', transport: 'websocket' }
const PAID_SPEECH = { model: 'openai/tts-1', voice: 'nova', input: 'Xin chào.' }
const FREE_SPEECH = { model: 'google/translate-tts', voice: 'vi', input: 'Xin chào.' }

let server: DemoServer
let alt: DemoServer
beforeAll(async () => {
  ;[server, alt] = await Promise.all([
    startDemoServer({ seed: 5, variant: 'default' }),
    startDemoServer({ seed: 5, variant: 'alt' }),
  ])
})
afterAll(async () => {
  await Promise.all([server.close(), alt.close()])
})

const createSession = (s: DemoServer, key: string) =>
  call(s, '/v1/realtime/sessions', { key, body: SESSION, headers: { 'User-Agent': UA } })

describe('suspended and expired keys', () => {
  it.each([
    ['suspended', 'api_key_suspended'],
    ['expired', 'api_key_expired'],
  ] as const)('refuse a %s key with 403 %s on management, TTS and realtime', async (name, code) => {
    const key = server.keys[name]
    const answers = await Promise.all([
      call(server, '/v1/management/me', { key }),
      call(server, '/v1/management/models', { key }),
      call(server, '/v1/audio/speech', { key, body: PAID_SPEECH }),
      call(server, '/v1/audio/speech', { key, body: FREE_SPEECH }),
      createSession(server, key),
      call(server, '/v1/realtime/models', { key }),
    ])
    for (const res of answers) {
      expect(res.status).toBe(403)
      expect(envelope(res)).toMatchObject({ code, type: 'permission_error' })
    }
  })

  it('refuse session creation in the alt variant’s flat envelope', async () => {
    const res = await createSession(alt, alt.keys.suspended)
    expect(res.status).toBe(403)
    expect(res.json).toMatchObject({ code: 'api_key_suspended' })
    expect(res.json.requestId).toMatch(/./)
    expect(res.json).not.toHaveProperty('error')
  })
})

describe('a key at its spending limit', () => {
  it('still reads management data and the realtime model list', async () => {
    const key = server.keys.at_limit
    const me = await call(server, '/v1/management/me', { key })
    expect(me.status).toBe(200)
    const own = await call(server, '/v1/management/me', { key: server.keys.ordinary })
    expect(me.json.id).toBe(own.json.id)
    expect((await call(server, '/v1/management/usage', { key })).status).toBe(200)
    expect((await call(server, '/v1/realtime/models', { key })).status).toBe(200)
  })

  it('is refused a realtime session with 403 api_key_spend_limit, in each variant’s envelope', async () => {
    const res = await createSession(server, server.keys.at_limit)
    expect(res.status).toBe(403)
    expect(envelope(res)).toMatchObject({ code: 'api_key_spend_limit', type: 'permission_error' })
    const flat = await createSession(alt, alt.keys.at_limit)
    expect(flat.status).toBe(403)
    expect(flat.json).toMatchObject({ code: 'api_key_spend_limit' })
    expect((await createSession(server, server.keys.ordinary)).status).toBe(200)
  })

  it('is refused paid speech with 403 and no charge, but the free model still speaks', async () => {
    const key = server.keys.at_limit
    const before = await accountState(server, 'ordinary')
    const paid = await call(server, '/v1/audio/speech', { key, body: PAID_SPEECH })
    expect(paid.status).toBe(403)
    expect(envelope(paid)).toMatchObject({ code: 'api_key_spend_limit', type: 'permission_error' })
    const free = await call(server, '/v1/audio/speech', { key, body: FREE_SPEECH })
    expect(free.status).toBe(200)
    expect(free.headers.get('x-cost-vnd')).toBe('0')
    const after = await accountState(server, 'ordinary')
    expect(after.wallet.totalVND).toBe(before.wallet.totalVND)
  })
})
