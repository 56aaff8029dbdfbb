// The addresses a created session hands out carry its token: each must be as secure as the gateway, and
// clear text is accepted only when both sit on this machine. A refused session is ended, not left holding
// one of the account's session slots.
import { describe, expect, it } from 'vitest'
import type { RequestOptions } from '../../../main/api/http'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'

function session(connection: Record<string, unknown>) {
  return {
    id: 'sess_1',
    status: 'created',
    model: 'm',
    engine_protocol: 'openai-realtime-v1',
    connection: { protocol: 'openai-realtime-v1', token: 'tok_secret', ...connection },
    billing: { estimated_vnd_per_min: 100 },
  }
}

/** A SessionsApi over `baseUrl` whose create answers `created`, recording every call. */
function api(baseUrl: string, created: unknown, reconnect: unknown = {}) {
  const asked: { path: string; method: string }[] = []
  const sessions = new SessionsApi({ baseUrl, key: 'k' }, async (path, opts?: RequestOptions) => {
    const method = opts?.method ?? 'GET'
    asked.push({ path, method })
    if (path.endsWith('/reconnect')) return reconnect
    return created
  })
  return { sessions, asked }
}

const ws = (url: string) => session({ type: 'websocket', url })
const rtc = (url: string) => session({ type: 'webrtc', sdp_url: url, data_channel: 'oai-events' })

describe('a session’s addresses', () => {
  it.each([
    ['a WebSocket url', 'https://gw.example.com', ws('wss://rt.example.com/ws')],
    ['an SDP url', 'https://gw.example.com', rtc('https://rt.example.com/sdp')],
    ['clear text on this machine', 'http://127.0.0.1:8080', ws('ws://127.0.0.1:8080/ws')],
    ['a secure url for a local gateway', 'http://localhost:8080', rtc('https://rt.example.com/sdp')],
  ])('accepts %s', async (_name, baseUrl, body) => {
    const { sessions, asked } = api(baseUrl, body)
    await expect(sessions.create({ model: 'm', turnDetection: 'manual' })).resolves.toMatchObject({
      id: 'sess_1',
    })
    expect(asked.map((a) => a.method)).toEqual(['POST'])
  })

  it.each([
    ['ws:// for an https gateway', 'https://gw.example.com', ws('ws://gw.example.com/ws')],
    ['http:// SDP for an https gateway', 'https://gw.example.com', rtc('http://gw.example.com/sdp')],
    ['ws:// on this machine for an https gateway', 'https://gw.example.com', ws('ws://127.0.0.1/ws')],
    ['ws:// to another machine from a local gateway', 'http://127.0.0.1:8080', ws('ws://10.0.0.5/ws')],
  ])('refuses %s, names why, and ends the session', async (_name, baseUrl, body) => {
    const { sessions, asked } = api(baseUrl, body)
    const err = await sessions.create({ model: 'm', turnDetection: 'manual' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'protocol', code: 'service_url_insecure' })
    expect(String((err as Error).message)).not.toContain('tok_secret')
    await Promise.resolve()
    expect(asked).toEqual([
      { path: '/v1/realtime/sessions', method: 'POST' },
      { path: '/v1/realtime/sessions/sess_1', method: 'DELETE' },
    ])
  })

  it('refuses a reconnect address that downgrades the link', async () => {
    const { sessions } = api('https://gw.example.com', null, {
      token: 'tok_2',
      url: 'ws://gw.example.com/ws',
    })
    await expect(sessions.reconnect('sess_1', 'wss://gw.example.com/ws')).rejects.toMatchObject({
      code: 'service_url_insecure',
    })
    const kept = api('https://gw.example.com', null, { token: 'tok_2' })
    await expect(kept.sessions.reconnect('sess_1', 'wss://gw.example.com/ws')).resolves.toMatchObject({
      url: 'wss://gw.example.com/ws',
    })
  })
})
