// The WebRTC transport's life as the session link sees it, with a scripted page in place of the window
// that holds the peer (the real page runs in Chromium in the e2e suite): open only once the data channel
// is, the service's refusal of the offer kept with its code, frames from the data channel and from the
// SSE stream, a failed peer as a drop, the session's end closing it, and the microphone following the key.
import { describe, expect, it } from 'vitest'
import type { VoiceRtcCommand } from '../../../preload/contract'
import { GatewayError } from '../../../main/api/gateway-error'
import { RtcPeers } from '../../../main/realtime/transports/rtc-peers'
import { CHANNEL_LOSS_GRACE_MS, rtcConnector } from '../../../main/realtime/transports/rtc-transport'
import type { ExchangeSdp } from '../../../main/realtime/transports/sdp-exchange'
import type { ServiceEventHandlers } from '../../../main/realtime/transports/service-event-stream'
import { TransportError, type TransportClose } from '../../../main/realtime/transports/transport'
import { ManualClock, settle } from '../support/manual-clock'

const TARGET = {
  kind: 'webrtc' as const,
  url: 'https://gw.example/v1/realtime/sessions/s1/sdp',
  token: 'tok_secret',
  sessionId: 's1',
  dataChannel: 'realtime-events',
}

function setup(exchange: ExchangeSdp = async () => 'v=0\r\nanswer') {
  const clock = new ManualClock()
  const commands: VoiceRtcCommand[] = []
  const page = { available: true, command: (c: VoiceRtcCommand) => commands.push(c) }
  const peers = new RtcPeers(page)
  const streams: { sessionId: string; handlers: ServiceEventHandlers; stopped: boolean; retried: number }[] =
    []
  const exchanges: { url: string; token: string; offer: string }[] = []
  const connect = rtcConnector({
    peers,
    clock,
    exchangeSdp: (url, token, offer, o) => {
      exchanges.push({ url, token, offer })
      return exchange(url, token, offer, o)
    },
    serviceEvents: (sessionId, handlers) => {
      const s = { sessionId, handlers, stopped: false, retried: 0 }
      streams.push(s)
      return { stop: () => void (s.stopped = true), retryNow: () => void s.retried++ }
    },
  })
  const heard = {
    frames: [] as string[],
    stalls: 0,
    restores: 0,
    errors: [] as TransportError[],
    closes: [] as TransportClose[],
  }
  const listener = {
    frame: (d: unknown) => heard.frames.push(String(d)),
    stalled: () => void heard.stalls++,
    restored: () => void heard.restores++,
    error: (e: TransportError) => heard.errors.push(e),
    close: (c: TransportClose) => heard.closes.push(c),
  }
  const opening = connect(TARGET, listener, { timeoutMs: 5_000 })
  const linkId = (commands[0] as { linkId: number }).linkId
  return { clock, commands, page, peers, streams, exchanges, heard, opening, linkId }
}

describe('WebRTC transport', () => {
  it('asks the page for a peer, exchanges its offer with the token, and opens with the data channel', async () => {
    const t = setup()
    expect(t.commands).toEqual([{ op: 'open', linkId: t.linkId, dataChannel: 'realtime-events' }])
    expect(await t.peers.offer(t.linkId, 'v=0\r\noffer')).toEqual({ sdp: 'v=0\r\nanswer' })
    expect(t.exchanges).toEqual([{ url: TARGET.url, token: 'tok_secret', offer: 'v=0\r\noffer' }])
    // Nothing the page was told carries the token.
    expect(JSON.stringify(t.commands)).not.toContain('tok_secret')
    expect(t.streams.map((s) => s.sessionId)).toEqual(['s1'])
    t.peers.state(t.linkId, 'connected', null)
    const transport = await t.opening
    expect(transport.open).toBe(true)

    t.peers.message(t.linkId, '{"type":"response.created"}')
    t.streams[0]?.handlers.frame('{"svc":{"type":"session.active"}}')
    expect(t.heard.frames).toEqual(['{"type":"response.created"}', '{"svc":{"type":"session.active"}}'])
    expect(transport.send('{"type":"response.cancel"}')).toBe(true)
    expect(t.commands.at(-1)).toEqual({ op: 'send', linkId: t.linkId, text: '{"type":"response.cancel"}' })

    transport.close(1000, 'client ended the session')
    expect(t.commands.at(-1)).toEqual({ op: 'close', linkId: t.linkId })
    expect(t.streams[0]?.stopped).toBe(true)
    expect(t.heard.closes).toEqual([{ code: 1000, reason: 'client ended the session', byUs: true }])
    expect(transport.send('late')).toBe(false)
  })

  it('keeps the service refusal of the offer, with its code, for the link to act on', async () => {
    const t = setup(async () => {
      throw new GatewayError('auth', 'Token too old.', {
        status: 401,
        code: 'realtime_token_expired',
        requestId: null,
      })
    })
    await expect(t.peers.offer(t.linkId, 'v=0\r\noffer')).rejects.toBeInstanceOf(GatewayError)
    const err = await t.opening.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TransportError)
    expect(err).toMatchObject({ code: 'realtime_token_expired', status: 401 })
    expect(t.commands.at(-1)).toEqual({ op: 'close', linkId: t.linkId })
    // The page's report of its closed peer comes after and changes nothing.
    t.peers.state(t.linkId, 'failed', 'offer refused')
    expect(t.heard.closes).toEqual([])
  })

  it('a peer that fails before its channel opens fails the opening; one that never connects times out', async () => {
    const failed = setup()
    failed.peers.state(failed.linkId, 'failed', 'ICE failed')
    await expect(failed.opening).rejects.toMatchObject({ code: 'network' })

    const slow = setup()
    await slow.peers.offer(slow.linkId, 'v=0\r\noffer')
    slow.clock.advance(5_000)
    await expect(slow.opening).rejects.toMatchObject({ code: 'timeout' })
    expect(slow.commands.at(-1)).toEqual({ op: 'close', linkId: slow.linkId })
    expect(slow.streams[0]?.stopped).toBe(true)
  })

  it('a peer lost while open, with no word on the SSE stream within the grace, is a drop (1006), heard once', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    const transport = await t.opening
    t.peers.state(t.linkId, 'closed', 'data channel closed')
    t.peers.state(t.linkId, 'failed', 'again')
    // Held: nothing is sent on a lost channel (the link is told, once), and the stream is asked to read on at once.
    expect(t.heard.stalls).toBe(1)
    expect(transport.open).toBe(false)
    expect(transport.send('{"type":"response.cancel"}')).toBe(false)
    expect(t.streams[0]?.retried).toBe(1)
    t.clock.advance(CHANNEL_LOSS_GRACE_MS - 1)
    expect(t.heard.closes).toEqual([])
    t.clock.advance(1)
    expect(t.heard.errors).toHaveLength(1)
    expect(t.heard.closes).toEqual([{ code: 1006, reason: 'data channel closed', byUs: false }])
    expect(t.streams[0]?.stopped).toBe(true)
  })

  it('an interrupted peer stalls the link and, back again, restores it: the same peer, no close', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    const transport = await t.opening
    t.peers.state(t.linkId, 'interrupted', null)
    t.peers.state(t.linkId, 'interrupted', null)
    expect(t.heard.stalls).toBe(1)
    expect(transport.send('{"type":"input_audio_buffer.append"}')).toBe(false)
    t.clock.advance(CHANNEL_LOSS_GRACE_MS * 10)
    expect(t.heard.closes).toEqual([])
    t.peers.state(t.linkId, 'connected', null)
    expect(t.heard.restores).toBe(1)
    expect(transport.open).toBe(true)
    expect(transport.send('{"type":"input_audio_buffer.clear"}')).toBe(true)
    // Interrupted, then lost for good: the loss's usual path, a drop after the grace.
    t.peers.state(t.linkId, 'interrupted', null)
    t.peers.state(t.linkId, 'failed', 'disconnected for more than 3 s')
    t.peers.state(t.linkId, 'connected', null)
    expect(t.heard.restores).toBe(1)
    t.clock.advance(CHANNEL_LOSS_GRACE_MS)
    expect(t.heard.closes).toEqual([{ code: 1006, reason: 'disconnected for more than 3 s', byUs: false }])
  })

  it('the session ending on the SSE stream closes the link (4000) when the page does not notice', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    await t.opening
    t.streams[0]?.handlers.frame('{"svc":{"type":"session.ended","reason":"max_duration"}}')
    t.streams[0]?.handlers.end('ended')
    t.clock.advance(1_999)
    expect(t.heard.closes).toEqual([])
    t.clock.advance(1)
    expect(t.heard.closes).toEqual([{ code: 4000, reason: 'session over', byUs: false }])
    expect(t.commands.at(-1)).toEqual({ op: 'close', linkId: t.linkId })
  })

  it('a peer lost first, then the session cut on the SSE stream: the reason, then closed (4000), no drop', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    await t.opening
    t.peers.state(t.linkId, 'closed', 'data channel closed')
    t.clock.advance(CHANNEL_LOSS_GRACE_MS - 1)
    const cut = '{"svc":{"type":"session.terminated","reason":"maintenance"}}'
    t.streams[0]?.handlers.frame(cut)
    t.streams[0]?.handlers.end('ended')
    expect(t.heard.frames).toEqual([cut])
    expect(t.heard.errors).toEqual([])
    expect(t.heard.closes).toEqual([{ code: 4000, reason: 'session over', byUs: false }])
    t.clock.advance(CHANNEL_LOSS_GRACE_MS)
    expect(t.heard.closes).toHaveLength(1)
  })

  it('the session cut on the SSE stream first, then the peer lost: closed (4000) at once', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    await t.opening
    t.streams[0]?.handlers.frame('{"svc":{"type":"session.terminated","reason":"maintenance"}}')
    t.streams[0]?.handlers.end('ended')
    expect(t.heard.closes).toEqual([])
    t.peers.state(t.linkId, 'closed', 'data channel closed')
    expect(t.heard.errors).toEqual([])
    expect(t.heard.closes).toEqual([{ code: 4000, reason: 'session over', byUs: false }])
  })

  it('a peer lost while the SSE stream finds the session gone: a drop at once, for the resume to settle', async () => {
    const t = setup()
    await t.peers.offer(t.linkId, 'v=0\r\noffer')
    t.peers.state(t.linkId, 'connected', null)
    await t.opening
    t.peers.state(t.linkId, 'failed', 'ICE failed')
    expect(t.heard.closes).toEqual([])
    t.streams[0]?.handlers.end('gone')
    expect(t.heard.closes).toEqual([{ code: 1006, reason: 'ICE failed', byUs: false }])
  })

  it('sends the microphone on the track only while the key is down and the track is live, also to a peer opened meanwhile', async () => {
    const t = setup()
    t.peers.setKeyDown(true)
    expect(t.commands.filter((c) => c.op === 'mic')).toEqual([])
    t.peers.setTrackLive(true)
    t.peers.setKeyDown(true)
    expect(t.commands.filter((c) => c.op === 'mic')).toEqual([{ op: 'mic', linkId: t.linkId, on: true }])
    const second = t.peers.open('other', { offer: async () => '', message: () => {}, state: () => {} })
    expect(t.commands.slice(-2)).toEqual([
      { op: 'open', linkId: second, dataChannel: 'other' },
      { op: 'mic', linkId: second, on: true },
    ])
    t.peers.setKeyDown(false)
    expect(t.commands.slice(-2)).toEqual([
      { op: 'mic', linkId: t.linkId, on: false },
      { op: 'mic', linkId: second, on: false },
    ])
  })

  it('refuses at once when no page can hold a peer, and an offer for an unknown link', async () => {
    const peers = new RtcPeers({ available: false, command: () => {} })
    const connect = rtcConnector({
      peers,
      clock: new ManualClock(),
      exchangeSdp: async () => '',
      serviceEvents: () => ({ stop: () => {}, retryNow: () => {} }),
    })
    const listener = { frame: () => {}, error: () => {}, close: () => {} }
    await expect(connect(TARGET, listener, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: 'webrtc_unavailable',
    })
    await expect(peers.offer(42, 'v=0')).rejects.toMatchObject({ kind: 'not_found' })
    await settle()
  })
})
