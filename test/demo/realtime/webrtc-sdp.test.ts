// The SDP endpoint answering a real WebRTC client (werift in Node): the answer, its one-use token, and the
// refusals and limits around it (realtime-api.md "Endpoints", "WebRTC connection", "Limits").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createSession, type Json } from './client'
import { startHarness, type Harness } from './harness'
import { openServiceEvents } from './support/service-events'
import { connectWeriftClient, makeOffer, postSdp } from './support/werift-client'

const WEBRTC = { model: 'openai/gpt-realtime-mini', transport: 'webrtc', turn_detection: null }

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

const connect = (s: Json) =>
  connectWeriftClient({
    sdpUrl: s.connection.sdp_url,
    token: s.connection.token,
    dataChannel: s.connection.data_channel,
  })

describe('POST /sessions/{id}/sdp', () => {
  it('answers 201 application/sdp with its candidates, and the peer carries the session', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', WEBRTC)
    const events = await openServiceEvents(h.baseUrl, s.id, 'key-basic')
    const client = await connect(s)

    // Non-trickle: the candidates are in the answer, which negotiated Opus both ways.
    expect(client.answerSdp).toMatch(/^v=0\r\n/)
    expect(client.answerSdp).toMatch(/a=candidate:\S+ 1 udp \d+ \S+ \d+ typ host/)
    expect(client.answerSdp).toContain('a=end-of-candidates')
    expect(client.answerSdp).toMatch(/m=audio [^\r]*\r\n(?:[^\r]*\r\n)*?a=sendrecv/)
    expect(client.answerSdp).toMatch(/a=rtpmap:\d+ OPUS\/48000\/2/i)
    expect(client.answerSdp).toContain('webrtc-datachannel')

    // The protocol's first event comes on the data channel; the service's events only on SSE.
    expect((await client.type('session.created')).session).toMatchObject({ id: s.id })
    expect(await events.next('session.active')).toMatchObject({ session_id: s.id, resumed: false })
    expect(client.messages.filter((m) => m.svc !== undefined)).toEqual([])
    const got = await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    expect(got.json.status).toBe('active')
    expect(h.mount.getSessionDebug(s.id)).toMatchObject({ connected: true, rtp: { receivedMs: 0 } })

    // A second offer while connected is a conflict, whoever makes it.
    const second = await makeOffer(s.connection.data_channel)
    const refused = await postSdp(s.connection.sdp_url, s.connection.token, second.sdp)
    await second.pc.close()
    expect(refused.status).toBe(409)
    expect(refused.json.error.code).toBe('realtime_session_already_connected')

    await client.close()
    events.close()
  })

  it('refuses a body that is no usable offer with 400, and counts it against 5 calls a minute', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', WEBRTC)
    const url = s.connection.sdp_url
    const token = s.connection.token

    const notSdp = await postSdp(url, token, 'hello')
    expect(notSdp.status).toBe(400)
    expect(notSdp.json.error).toMatchObject({ code: 'invalid_sdp_offer', type: 'invalid_request_error' })
    expect(notSdp.json.error.message).toContain('v=0')

    const empty = await postSdp(url, token, 'v=0\r\n')
    expect(empty.status).toBe(400)
    expect(empty.json.error.message).toContain('m=audio')

    // A client that forgot its data channel could never send an event: say so.
    const audioOnly = await makeOffer(null)
    const noChannel = await postSdp(url, token, audioOnly.sdp)
    await audioOnly.pc.close()
    expect(noChannel.status).toBe(400)
    expect(noChannel.json.error.message).toContain(s.connection.data_channel)

    const noOpus = withoutOpus(audioOnly.sdp)
    expect((await postSdp(url, token, noOpus)).json.error.message).toContain('Opus')
    expect((await postSdp(url, token, 'v=0\r\n')).status).toBe(400)

    // The sixth call in a minute is refused before the offer is even read.
    const good = await makeOffer(s.connection.data_channel)
    const limited = await postSdp(url, token, good.sdp)
    await good.pc.close()
    expect(limited.status).toBe(429)
    expect(limited.json.error.code).toBe('rate_limit_exceeded')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)

    // None of this spent the token or connected the session.
    const got = await call(h.baseUrl, 'GET', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
    expect(got.json.status).toBe('created')
  })
})

function withoutOpus(sdp: string): string {
  return sdp.replace(/a=rtpmap:(\d+) OPUS\/48000\/2/i, 'a=rtpmap:$1 PCMU/8000')
}
