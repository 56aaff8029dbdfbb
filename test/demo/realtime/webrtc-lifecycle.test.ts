// A WebRTC peer as the session's connection (realtime-api.md "States and transitions", "Endpoints"): a
// closed peer detaches the session like a dropped socket, POST /reconnect and a new offer resume it with
// its conversation, and a session that ends closes its peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createSession, sleep, type Json } from './client'
import { startHarness, type Harness } from './harness'
import { openServiceEvents } from './support/service-events'
import { connectWeriftClient, makeOffer, postSdp, type WeriftClient } from './support/werift-client'

const WEBRTC = {
  model: 'openai/gpt-realtime-mini',
  transport: 'webrtc',
  turn_detection: null,
  instructions: 'Answer in English.',
}

let h: Harness
beforeAll(async () => {
  // Short tone answers: these tests are about the connection, not about what is said.
  h = await startHarness({ msPerChar: 15 })
})
afterAll(async () => {
  await h.close()
})

const connect = (s: Json, token = s.connection.token): Promise<WeriftClient> =>
  connectWeriftClient({ sdpUrl: s.connection.sdp_url, token, dataChannel: s.connection.data_channel })

async function until(what: string, ok: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

async function textTurn(client: WeriftClient, n: number): Promise<Json> {
  client.sendJson({
    type: 'conversation.item.create',
    item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
  })
  client.sendJson({ type: 'response.create' })
  await client.type('output_audio_buffer.stopped', n)
  return client.type('response.output_audio_transcript.done', n)
}

describe('WebRTC peer and session', () => {
  it('detaches when the client closes its peer; reconnect and a new offer resume the conversation', async () => {
    const s = await createSession(h.baseUrl, 'key-basic', WEBRTC)
    const events = await openServiceEvents(h.baseUrl, s.id, 'key-basic')
    const first = await connect(s)
    expect((await textTurn(first, 1)).transcript).toBe('You wrote: Hi. This is turn 1.')
    await first.close()
    await until('the session to let the peer go', () => h.mount.getSessionDebug(s.id)?.connected === false)
    expect(h.mount.getSessionDebug(s.id)?.status).toBe('active')

    // The token was spent by the first exchange.
    const offer = await makeOffer(s.connection.data_channel)
    const replay = await postSdp(s.connection.sdp_url, s.connection.token, offer.sdp)
    await offer.pc.close()
    expect(replay.status).toBe(409)
    expect(replay.json.error.code).toBe('realtime_token_used')

    const again = await call(h.baseUrl, 'POST', `/v1/realtime/sessions/${s.id}/reconnect`, {
      key: 'key-basic',
    })
    expect(again.status).toBe(200)
    expect(again.json.connection.token).not.toBe(s.connection.token)
    expect(Date.parse(again.json.reconnect_by)).toBeGreaterThan(Date.now())
    const second = await connect(s, again.json.connection.token)
    expect((await second.type('session.created')).session.id).toBe(s.id)
    expect(await events.next('session.active', 2)).toMatchObject({ resumed: true })
    // Same conversation, new peer: the turn count goes on, and the answer plays on the new track.
    expect((await textTurn(second, 1)).transcript).toBe('You wrote: Hi. This is turn 2.')
    await until('the last packets', () => second.receivedPcm48k().length > 0)
    expect(events.events.map((e) => e.type)).toEqual(['session.active', 'session.active'])
    await second.close()
    events.close()
  })

  it('closes the peer when the session is deleted or terminated', async () => {
    for (const end of ['delete', 'terminate'] as const) {
      const s = await createSession(h.baseUrl, 'key-basic', WEBRTC)
      const events = await openServiceEvents(h.baseUrl, s.id, 'key-basic')
      const client = await connect(s)
      await client.type('session.created')
      if (end === 'delete') {
        await call(h.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key: 'key-basic' })
        expect(await events.next('session.ended')).toMatchObject({ reason: 'client_deleted' })
      } else {
        expect(h.mount.terminateSession(s.id, 'system_error')).toBe(true)
        expect(await events.next('session.terminated')).toMatchObject({ reason: 'system_error' })
      }
      await until('the data channel to close', () => client.channel.readyState === 'closed')
      expect(h.mount.getSessionDebug(s.id)?.connected).toBe(false)
      await events.ended
      await client.close()
    }
  })

  it('closes every peer when the service closes', async () => {
    const own = await startHarness()
    const s = await createSession(own.baseUrl, 'key-basic', WEBRTC)
    const client = await connect(s)
    await client.type('session.created')
    await own.close()
    await until('the data channel to close', () => client.channel.readyState === 'closed')
    expect(own.mount.getSessionDebug(s.id)?.status).toBe('terminated')
    await client.close()
  })
})
