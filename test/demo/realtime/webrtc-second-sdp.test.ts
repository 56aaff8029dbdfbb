// "A second call once connected returns 409" (realtime-api.md "Endpoints"): at any time, not only while
// the first offer is being answered or while the token is still fresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { call, createSession } from './client'
import { connectWeriftClient, makeOffer, postSdp } from './support/werift-client'

const WEBRTC = { model: 'openai/gpt-realtime-mini', transport: 'webrtc', turn_detection: null }

let server: DemoServer
beforeAll(async () => {
  server = await startDemoServer({ seed: 9, timeScale: 1, variant: 'default' })
})
afterAll(async () => {
  await server.close()
})

describe('a second SDP call for a connected session', () => {
  it('is 409 after the token has expired and beyond 5 calls a minute', async () => {
    const key = server.keys.ordinary
    const s = await createSession(server.baseUrl, key, WEBRTC)
    const client = await connectWeriftClient({
      sdpUrl: s.connection.sdp_url,
      token: s.connection.token,
      dataChannel: s.connection.data_channel,
    })
    await client.type('session.created')

    // Past the token's 60 s: the caller still learns the session is taken, not that its token is old.
    const advanced = await call(server.baseUrl, 'POST', '/__demo/clock', { body: { advanceMs: 61_000 } })
    expect(advanced.status).toBe(200)
    const offer = await makeOffer(s.connection.data_channel)
    const answers = []
    for (let i = 0; i < 7; i++)
      answers.push(await postSdp(s.connection.sdp_url, s.connection.token, offer.sdp))
    await offer.pc.close()
    for (const a of answers) {
      expect(a.status).toBe(409)
      expect(a.json.error.code).toBe('realtime_session_already_connected')
    }

    // A token that is not the session's is still told apart.
    const stranger = await postSdp(s.connection.sdp_url, 'rtt_not-a-token', offer.sdp)
    expect(stranger.status).toBe(401)
    expect(stranger.json.error.code).toBe('invalid_session_token')

    const got = await call(server.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key })
    expect(got.json.status).toBe('active')
    await client.close()
    await call(server.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key })
  })
})
