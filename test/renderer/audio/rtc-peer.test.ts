// The page's WebRTC links over a fake peer: main's commands in (open, send, mic, close), and out to main
// the offer, the data channel's messages and exactly one end per link.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VoiceRtcCommand } from '../../../preload/contract'
import type { HeldCommand } from '../../../renderer/audio/held-fifo'
import { heldTrack } from '../../../renderer/audio/held-track'
import {
  CHANNEL_DRAIN_CAP_MS,
  DISCONNECTED_GRACE_MS,
  HELD_RELEASE_CAP_MS,
  ICE_GATHER_CAP_MS,
  MAX_QUEUED_MESSAGES,
} from '../../../renderer/audio/rtc-peer'
import { QUIET_MS, QUIET_POLL_MS } from '../../../renderer/audio/quiet-link'
import { RtcLinks } from '../../../renderer/audio/rtc-links'
import { FakePeer, FakeTrack, fakeMain, fakeOutput, type FakeMain, type FakePeerOptions } from './fake-webrtc'

const CHANNEL = 'oai-events'

let main: FakeMain
let output: ReturnType<typeof fakeOutput>
let peers: FakePeer[]
let links: RtcLinks
let peerOptions: FakePeerOptions

beforeEach(() => {
  main = fakeMain()
  output = fakeOutput()
  peers = []
  peerOptions = {}
  links = new RtcLinks({
    main,
    output,
    createPeer: () => {
      const peer = new FakePeer(peerOptions)
      peers.push(peer)
      return peer as unknown as RTCPeerConnection
    },
  })
})

afterEach(() => {
  vi.useRealTimers()
})

/** Lets the link's promises and zero-delay timers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
}

const command = (c: VoiceRtcCommand) => links.handle(c)

/** A link whose offer was answered; its channel is not open yet. */
async function openLink(linkId = 1): Promise<FakePeer> {
  command({ op: 'open', linkId, dataChannel: CHANNEL })
  await settle()
  return peers.at(-1)!
}

async function connectedLink(linkId = 1): Promise<FakePeer> {
  const peer = await openLink(linkId)
  peer.channel.open()
  return peer
}

describe('opening a link', () => {
  it('offers one sendrecv audio transceiver that sends nothing and the named ordered channel, then applies the answer', async () => {
    command({ op: 'open', linkId: 7, dataChannel: CHANNEL })
    const peer = peers[0]!
    expect(peer.transceivers).toHaveLength(1)
    expect(peer.transceivers[0]?.kind).toBe('audio')
    expect(peer.transceivers[0]?.init).toEqual({ direction: 'sendrecv' })
    // No track, and none put on it: the service hears nothing while the key is up.
    expect(peer.sender.track).toBeNull()
    expect(peer.channels).toHaveLength(1)
    expect(peer.channel.label).toBe(CHANNEL)
    expect(peer.channel.init).toEqual({ ordered: true })
    expect(peer.channel.binaryType).toBe('arraybuffer')

    await settle()
    // The offer main posts carries the gathered candidates.
    expect(main.offers).toEqual([{ linkId: 7, sdp: peer.localDescription?.sdp }])
    expect(main.offers[0]?.sdp).toContain('a=candidate:')
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0\r\nanswer\r\n' })
    expect(peer.sender.replaced).toEqual([])
    expect(main.states).toEqual([])
    expect(links.size).toBe(1)
  })

  it('waits for ICE gathering, but offers what it has after the cap', async () => {
    vi.useFakeTimers()
    peerOptions = { gatherMs: null }
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(ICE_GATHER_CAP_MS - 1)
    expect(main.offers).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(main.offers).toEqual([{ linkId: 1, sdp: 'v=0\r\nm=audio\r\n' }])

    peerOptions = { gatherMs: 300 }
    command({ op: 'open', linkId: 2, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(299)
    expect(main.offers).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(main.offers[1]?.sdp).toContain('a=candidate:')
  })

  it('reports connected when the data channel opens, once', async () => {
    const peer = await openLink(3)
    expect(main.states).toEqual([])
    peer.channel.open()
    expect(main.states).toEqual([{ linkId: 3, state: 'connected' }])
  })

  it('ignores a second open of the same link', async () => {
    await openLink(1)
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await settle()
    expect(peers).toHaveLength(1)
    expect(main.offers).toHaveLength(1)
  })
})

describe('the data channel', () => {
  it('forwards every message to main, binary ones decoded as UTF-8', async () => {
    const peer = await connectedLink(2)
    peer.channel.receive('{"type":"session.updated"}')
    peer.channel.receive(new TextEncoder().encode('{"type":"response.done","text":"chào"}').buffer)
    peer.channel.receive(new TextEncoder().encode('{"type":"x"}'))
    expect(main.messages).toEqual([
      { linkId: 2, text: '{"type":"session.updated"}' },
      { linkId: 2, text: '{"type":"response.done","text":"chào"}' },
      { linkId: 2, text: '{"type":"x"}' },
    ])
  })

  it('holds what main sends until the channel opens, then sends it in order', async () => {
    const peer = await openLink(1)
    command({ op: 'send', linkId: 1, text: 'a' })
    command({ op: 'send', linkId: 1, text: 'b' })
    expect(peer.channel.sent).toEqual([])
    peer.channel.open()
    expect(peer.channel.sent).toEqual(['a', 'b'])
    command({ op: 'send', linkId: 1, text: 'c' })
    expect(peer.channel.sent).toEqual(['a', 'b', 'c'])
  })

  it('gives the link up when too much waits for the channel', async () => {
    const peer = await openLink(1)
    for (let i = 0; i < MAX_QUEUED_MESSAGES; i++) command({ op: 'send', linkId: 1, text: String(i) })
    expect(main.states).toEqual([])
    command({ op: 'send', linkId: 1, text: 'one too many' })
    expect(main.states).toEqual([{ linkId: 1, state: 'failed', reason: expect.stringMatching(/too many/) }])
    expect(peer.closed).toBe(true)
  })

  it('reports closed once when the channel closes, and drops what comes after', async () => {
    const peer = await connectedLink(4)
    peer.channel.drop()
    command({ op: 'send', linkId: 4, text: 'late' })
    peer.channel.receive('late too')
    await settle()
    expect(main.states).toEqual([
      { linkId: 4, state: 'connected' },
      { linkId: 4, state: 'closed', reason: 'the data channel closed' },
    ])
    expect(peer.channel.sent).toEqual([])
    expect(main.messages).toEqual([])
    expect(peer.closed).toBe(true)
    expect(links.size).toBe(0)
  })

  it('says why when the channel closes after an error', async () => {
    const peer = await connectedLink(1)
    peer.channel.dispatchEvent(Object.assign(new Event('error'), { error: { message: 'SCTP failure' } }))
    peer.channel.drop()
    expect(main.states.at(-1)).toEqual({
      linkId: 1,
      state: 'failed',
      reason: 'the data channel failed: SCTP failure',
    })
  })
})

describe('the microphone', () => {
  it('goes out only while main says so: a clone of the open microphone, and no track when off', async () => {
    const mic = new FakeTrack('mic')
    links.setMicSource(mic as unknown as MediaStreamTrack)
    const peer = await connectedLink(1)
    expect(peer.sender.replaced).toEqual([])

    command({ op: 'mic', linkId: 1, on: true })
    await settle()
    const sent = peer.sender.track
    expect(sent?.source).toBe(mic)
    expect(peer.sender.replaced).toEqual([sent])

    command({ op: 'mic', linkId: 1, on: false })
    await settle()
    expect(peer.sender.replaced).toEqual([sent, null])
    expect(peer.sender.track).toBeNull()
    // The link's own clone stops; the voice audio's microphone is not the link's to stop.
    expect(sent?.stopped).toBe(true)
    expect(mic.stopped).toBe(false)
  })

  it('goes on the track only once the audio events sent before it have left the data channel', async () => {
    const mic = new FakeTrack('mic')
    links.setMicSource(mic as unknown as MediaStreamTrack)
    const peer = await connectedLink(1)
    vi.useFakeTimers()
    command({ op: 'send', linkId: 1, text: '{"type":"input_audio_buffer.append"}' })
    peer.channel.bufferedAmount = 4_096
    command({ op: 'mic', linkId: 1, on: true })
    await vi.advanceTimersByTimeAsync(CHANNEL_DRAIN_CAP_MS - 1)
    // RTP now would overtake the events still queued, and the service would hear the press out of order.
    expect(peer.sender.replaced).toEqual([])
    // Until the track carries it, what the page captures is marked for main to send as events.
    expect(links.micOnTrack).toBe(false)
    peer.channel.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(peer.sender.track?.source).toBe(mic)
    expect(links.micOnTrack).toBe(true)

    // A channel that never drains holds the track back no longer than the cap.
    command({ op: 'mic', linkId: 1, on: false })
    // Taken off at once: what follows goes to main as events.
    expect(links.micOnTrack).toBe(false)
    peer.channel.bufferedAmount = 4_096
    command({ op: 'mic', linkId: 1, on: true })
    await vi.advanceTimersByTimeAsync(CHANNEL_DRAIN_CAP_MS - 1)
    expect(peer.sender.replaced).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(peer.sender.replaced).toHaveLength(3)
    expect(peer.sender.track?.source).toBe(mic)
  })

  it('waits for the microphone to open, and follows it when it is reopened or closed', async () => {
    const peer = await connectedLink(1)
    command({ op: 'mic', linkId: 1, on: true })
    await settle()
    expect(peer.sender.replaced).toEqual([])

    const first = new FakeTrack('first')
    links.setMicSource(first as unknown as MediaStreamTrack)
    await settle()
    const firstClone = peer.sender.track
    expect(firstClone?.source).toBe(first)

    // Another device chosen: the voice audio reopens the microphone.
    const second = new FakeTrack('second')
    links.setMicSource(null)
    links.setMicSource(second as unknown as MediaStreamTrack)
    await settle()
    expect(peer.sender.track?.source).toBe(second)
    expect(firstClone?.stopped).toBe(true)
    expect(peer.sender.replaced.map((t) => t?.source?.id ?? null)).toEqual(['first', null, 'second'])
  })

  it('is sent on a link opened while the key is already down', async () => {
    const mic = new FakeTrack('mic')
    links.setMicSource(mic as unknown as MediaStreamTrack)
    command({ op: 'open', linkId: 5, dataChannel: CHANNEL })
    command({ op: 'mic', linkId: 5, on: true })
    await settle()
    expect(peers[0]?.sender.track?.source).toBe(mic)
  })
})

/** The voice audio's held track over a fake worklet port: what the page told it, and its word back. */
function fakeHeld() {
  const track = new FakeTrack('held')
  const posted: HeldCommand['type'][] = []
  let drained = (): void => {}
  const held = heldTrack(track as unknown as MediaStreamTrack, {
    post: (c) => void posted.push(c.type),
    onDrained: (listener) => (drained = listener),
  })
  return { track, held, posted, playedOut: () => drained() }
}

describe('a press the track takes over mid-way (held)', () => {
  const APPEND = '{"type":"input_audio_buffer.append"}'
  const COMMIT = '{"type":"input_audio_buffer.commit"}'

  async function heldPress() {
    const mic = new FakeTrack('mic')
    const h = fakeHeld()
    links.setMicSource(mic as unknown as MediaStreamTrack, h.held)
    const peer = await connectedLink(1)
    vi.useFakeTimers()
    return { mic, peer, ...h }
  }

  it('holds the track from the next frame, and sends it only once the events before it have left', async () => {
    const { peer, track, posted } = await heldPress()
    command({ op: 'send', linkId: 1, text: APPEND })
    peer.channel.bufferedAmount = 4_096
    command({ op: 'mic', linkId: 1, on: true, held: true })
    await vi.advanceTimersByTimeAsync(0)
    // The worklet marks frames from here on as the track's, but the sender has nothing yet: no clone.
    expect(posted).toEqual(['hold'])
    expect(peer.sender.replaced).toEqual([])
    // The frames are marked by the worklet itself, not by the link.
    expect(links.micOnTrack).toBe(false)
    // Events main sent before its release go on at once.
    command({ op: 'send', linkId: 1, text: APPEND })
    expect(peer.channel.sent).toEqual([APPEND, APPEND])
    command({ op: 'release', linkId: 1 })
    await vi.advanceTimersByTimeAsync(CHANNEL_DRAIN_CAP_MS - 1)
    expect(peer.sender.replaced).toEqual([])
    peer.channel.flush()
    await vi.advanceTimersByTimeAsync(0)
    // On the sender first, then it plays what it held: nothing it held is played into the void.
    expect(peer.sender.replaced).toEqual([track])
    expect(posted).toEqual(['hold', 'release'])
  })

  it('watches a released held track for an interruption, as it watches the clone', async () => {
    const pair = { type: 'candidate-pair', bytesReceived: 1_000, responsesReceived: 0 }
    peerOptions = { stats: [pair] }
    const { track, held } = fakeHeld()
    links.setMicSource(new FakeTrack('mic') as unknown as MediaStreamTrack, held)
    vi.useFakeTimers()
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(10)
    const peer = peers[0]!
    peer.channel.open()
    command({ op: 'mic', linkId: 1, on: true, held: true })
    command({ op: 'release', linkId: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(peer.sender.replaced).toEqual([track])
    // Released, it carries the press: the service's reports stop, and main is told.
    await vi.advanceTimersByTimeAsync(QUIET_MS + QUIET_POLL_MS * 2)
    expect(main.states.at(-1)).toEqual({ linkId: 1, state: 'interrupted' })
  })

  it('at key-up sends nothing after the release until the track has played out, then takes it off', async () => {
    const { peer, track, posted, playedOut } = await heldPress()
    command({ op: 'mic', linkId: 1, on: true, held: true })
    command({ op: 'release', linkId: 1 })
    await vi.advanceTimersByTimeAsync(0)
    command({ op: 'mic', linkId: 1, on: false })
    expect(posted).toEqual(['hold', 'release', 'stop'])
    // The commit would reach the service before the end of the press the track still holds.
    command({ op: 'send', linkId: 1, text: COMMIT })
    command({ op: 'send', linkId: 1, text: '{"type":"response.create"}' })
    expect(peer.channel.sent).toEqual([])
    expect(peer.sender.track).toBe(track)
    playedOut()
    await vi.advanceTimersByTimeAsync(0)
    expect(peer.sender.replaced).toEqual([track, null])
    expect(peer.channel.sent).toEqual([COMMIT, '{"type":"response.create"}'])
    // The voice audio's own track is not the link's to stop.
    expect(track.stopped).toBe(false)
  })

  it('lets the events before the release through when the key goes up first', async () => {
    const { peer, posted, playedOut } = await heldPress()
    command({ op: 'mic', linkId: 1, on: true, held: true })
    command({ op: 'mic', linkId: 1, on: false })
    command({ op: 'send', linkId: 1, text: APPEND })
    expect(peer.channel.sent).toEqual([APPEND])
    command({ op: 'release', linkId: 1 })
    command({ op: 'send', linkId: 1, text: COMMIT })
    expect(peer.channel.sent).toEqual([APPEND])
    await vi.advanceTimersByTimeAsync(0)
    expect(posted).toEqual(['hold', 'stop', 'release'])
    playedOut()
    await vi.advanceTimersByTimeAsync(0)
    expect(peer.channel.sent).toEqual([APPEND, COMMIT])
  })

  it('sends the held audio after HELD_RELEASE_CAP_MS without main’s word', async () => {
    const { peer, track } = await heldPress()
    command({ op: 'mic', linkId: 1, on: true, held: true })
    await vi.advanceTimersByTimeAsync(HELD_RELEASE_CAP_MS - 1)
    expect(peer.sender.replaced).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(peer.sender.replaced).toEqual([track])
  })

  it('waits the backlog main names longer before sending the held audio without its word', async () => {
    const { peer, track } = await heldPress()
    // 2.5 s of events still to leave at real time: the word may come that much later.
    command({ op: 'mic', linkId: 1, on: true, held: true, backlogMs: 2_500 })
    await vi.advanceTimersByTimeAsync(HELD_RELEASE_CAP_MS + 2_499)
    expect(peer.sender.replaced).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(peer.sender.replaced).toEqual([track])
  })

  it('keeps a press that starts with the link open on the clone, with no hold', async () => {
    const { mic, peer, posted } = await heldPress()
    command({ op: 'mic', linkId: 1, on: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(peer.sender.track?.source).toBe(mic)
    expect(posted).toEqual([])
  })

  it('drops what the track holds when the link ends', async () => {
    const { posted } = await heldPress()
    command({ op: 'mic', linkId: 1, on: true, held: true })
    command({ op: 'close', linkId: 1 })
    expect(posted).toEqual(['hold', 'cancel'])
  })
})

describe('the service’s voice', () => {
  it('plays the remote audio track until the link ends', async () => {
    const peer = await connectedLink(1)
    const stream = { id: 'remote' }
    peer.remoteTrack(new FakeTrack('remote'), stream)
    expect([...output.playing]).toEqual([stream])
    links.setSink('usb-headset')
    expect(output.sinkId).toBe('usb-headset')
    command({ op: 'close', linkId: 1 })
    expect(output.playing.size).toBe(0)
  })
})

describe('ending a link', () => {
  /** Link 1, connected, sending a clone of the microphone and playing the service's voice. */
  async function talkingLink() {
    const mic = new FakeTrack('mic')
    links.setMicSource(mic as unknown as MediaStreamTrack)
    const peer = await connectedLink(1)
    command({ op: 'mic', linkId: 1, on: true })
    peer.remoteTrack(new FakeTrack('remote'), { id: 'remote' })
    await settle()
    return { mic, peer, sent: peer.sender.track }
  }

  it('reports a refused offer once, as failed with main’s message, and frees the peer', async () => {
    main.answer = { ok: false, error: { kind: 'network', message: 'The service refused the offer (409).' } }
    const peer = await openLink(9)
    await settle()
    expect(main.states).toEqual([
      { linkId: 9, state: 'failed', reason: 'The service refused the offer (409).' },
    ])
    expect(peer.remoteDescription).toBeNull()
    expect(peer.closed).toBe(true)
    expect(peer.channel.readyState).toBe('closed')
    expect(links.size).toBe(0)
  })

  it('reports a failed connection once, then stops the clone, the voice and the peer', async () => {
    const { mic, peer, sent } = await talkingLink()

    peer.setConnectionState('failed')
    peer.setConnectionState('closed')
    await settle()
    expect(main.states).toEqual([
      { linkId: 1, state: 'connected' },
      { linkId: 1, state: 'failed', reason: 'the connection failed' },
    ])
    expect(sent?.stopped).toBe(true)
    expect(mic.stopped).toBe(false)
    expect(output.playing.size).toBe(0)
    expect(peer.closed).toBe(true)
    expect(links.size).toBe(0)
    // Main's later commands for the link find nothing.
    command({ op: 'send', linkId: 1, text: 'late' })
    command({ op: 'mic', linkId: 1, on: false })
    expect(peer.channel.sent).toEqual([])
  })

  it('gives a disconnected link a few seconds to come back', async () => {
    vi.useFakeTimers()
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(10)
    const peer = peers[0]!
    peer.channel.open()

    peer.setConnectionState('disconnected')
    await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS - 100)
    peer.setConnectionState('connected')
    await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS)
    // Main hears of the interruption at once (what the track carried meanwhile is lost), and of its end.
    const back = [
      { linkId: 1, state: 'connected' },
      { linkId: 1, state: 'interrupted' },
      { linkId: 1, state: 'connected' },
    ]
    expect(main.states).toEqual(back)

    peer.setConnectionState('disconnected')
    await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS)
    expect(main.states).toEqual([
      ...back,
      { linkId: 1, state: 'interrupted' },
      { linkId: 1, state: 'failed', reason: 'disconnected for more than 3 s' },
    ])
    expect(peer.closed).toBe(true)
  })

  it('tells main a link carrying the microphone is interrupted once it hears nothing for a while', async () => {
    const pair = { type: 'candidate-pair', bytesReceived: 1_000 }
    peerOptions = { stats: [pair] }
    const mic = new FakeTrack('mic')
    links.setMicSource(mic as unknown as MediaStreamTrack)
    vi.useFakeTimers()
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(10)
    const peer = peers[0]!
    peer.channel.open()
    // Idle, the link may hear nothing for long: not an interruption.
    await vi.advanceTimersByTimeAsync(QUIET_MS * 4)
    expect(main.states).toEqual([{ linkId: 1, state: 'connected' }])
    command({ op: 'mic', linkId: 1, on: true })
    await vi.advanceTimersByTimeAsync(QUIET_POLL_MS)
    expect(peer.sender.track?.source).toBe(mic)
    // The service's reports arrive while the track carries the press ...
    for (let ms = 0; ms < QUIET_MS * 2; ms += QUIET_POLL_MS) {
      pair.bytesReceived += 80
      await vi.advanceTimersByTimeAsync(QUIET_POLL_MS)
    }
    expect(main.states).toHaveLength(1)
    // ... then stop: the network dropped with ICE still connected.
    await vi.advanceTimersByTimeAsync(QUIET_MS + QUIET_POLL_MS)
    expect(main.states.at(-1)).toEqual({ linkId: 1, state: 'interrupted' })
    // Main takes the microphone off; the link is still watched, and heard from again.
    command({ op: 'mic', linkId: 1, on: false })
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2)
    expect(main.states).toHaveLength(2)
    pair.bytesReceived += 80
    await vi.advanceTimersByTimeAsync(QUIET_POLL_MS)
    expect(main.states).toEqual([
      { linkId: 1, state: 'connected' },
      { linkId: 1, state: 'interrupted' },
      { linkId: 1, state: 'connected' },
    ])
    expect(peer.closed).toBe(false)
  })

  it('takes the answers to ICE checks as hearing from the service: a link back without RTCP is back', async () => {
    const pair = { type: 'candidate-pair', bytesReceived: 1_000, responsesReceived: 3 }
    peerOptions = { stats: [pair] }
    links.setMicSource(new FakeTrack('mic') as unknown as MediaStreamTrack)
    vi.useFakeTimers()
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(10)
    peers[0]!.channel.open()
    command({ op: 'mic', linkId: 1, on: true })
    // Nothing at all from the service while the track carries the press: interrupted.
    await vi.advanceTimersByTimeAsync(QUIET_MS + QUIET_POLL_MS * 2)
    expect(main.states.at(-1)).toEqual({ linkId: 1, state: 'interrupted' })
    command({ op: 'mic', linkId: 1, on: false })
    // The service sends no RTCP, no bytes come; an ICE check is answered: the link is back.
    pair.responsesReceived += 1
    await vi.advanceTimersByTimeAsync(QUIET_POLL_MS)
    expect(main.states).toEqual([
      { linkId: 1, state: 'connected' },
      { linkId: 1, state: 'interrupted' },
      { linkId: 1, state: 'connected' },
    ])
  })

  it('hangs up without a word to main when main closes the link', async () => {
    const { peer, sent } = await talkingLink()

    command({ op: 'close', linkId: 1 })
    await settle()
    expect(main.states).toEqual([{ linkId: 1, state: 'connected' }])
    expect(peer.closed).toBe(true)
    expect(peer.channel.readyState).toBe('closed')
    expect(sent?.stopped).toBe(true)
    expect(output.playing.size).toBe(0)
    expect(links.size).toBe(0)
  })

  it('closes a link whose offer is still on its way, and ignores the late answer', async () => {
    let answer: (value: Awaited<ReturnType<FakeMain['rtcOffer']>>) => void = () => {}
    main.rtcOffer = (request) => {
      main.offers.push(request)
      return new Promise((resolve) => (answer = resolve))
    }
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await settle()
    expect(main.offers).toHaveLength(1)
    command({ op: 'close', linkId: 1 })
    answer({ ok: true, value: { sdp: 'late answer' } })
    await settle()
    expect(peers[0]?.remoteDescription).toBeNull()
    expect(main.states).toEqual([])
  })

  it('tells main every link closed when the window goes away', async () => {
    await connectedLink(1)
    await openLink(2)
    links.abandonAll('the window closed')
    expect(main.states.filter((s) => s.state !== 'connected')).toEqual([
      { linkId: 1, state: 'closed', reason: 'the window closed' },
      { linkId: 2, state: 'closed', reason: 'the window closed' },
    ])
    expect(peers.every((p) => p.closed)).toBe(true)
  })

  it('reports failed when the page cannot make a peer', async () => {
    const broken = new RtcLinks({
      main,
      output,
      createPeer: () => {
        throw new ReferenceError('RTCPeerConnection is not defined')
      },
    })
    broken.handle({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    expect(main.states).toEqual([
      {
        linkId: 1,
        state: 'failed',
        reason: 'could not make a WebRTC peer: RTCPeerConnection is not defined',
      },
    ])
    expect(broken.size).toBe(0)
  })
})

describe('figures', () => {
  it('sums what every link received and sent, from the peers’ own stats', async () => {
    peerOptions = {
      stats: [
        {
          type: 'inbound-rtp',
          kind: 'audio',
          totalAudioEnergy: 0.5,
          totalSamplesReceived: 48_000,
          concealedSamples: 9_600,
          silentConcealedSamples: 4_800,
          jitterBufferDelay: 2.4,
          jitterBufferEmittedCount: 38_400,
        },
        { type: 'outbound-rtp', kind: 'audio', packetsSent: 50 },
        { type: 'inbound-rtp', kind: 'video', totalSamplesReceived: 999 },
        { type: 'candidate-pair', kind: undefined, packetsSent: 999 },
      ],
    }
    await connectedLink(1)
    await openLink(2)
    expect(await links.stats()).toEqual({
      links: 2,
      connected: 1,
      inboundAudioEnergy: 1,
      inboundSamples: 96_000,
      inboundConcealed: 19_200,
      inboundSilentConcealed: 9_600,
      jitterBufferDelay: 4.8,
      jitterBufferEmitted: 76_800,
      outboundPackets: 100,
    })
    command({ op: 'close', linkId: 1 })
    command({ op: 'close', linkId: 2 })
    expect(await links.stats()).toEqual({
      links: 0,
      connected: 0,
      inboundAudioEnergy: 0,
      inboundSamples: 0,
      inboundConcealed: 0,
      inboundSilentConcealed: 0,
      jitterBufferDelay: 0,
      jitterBufferEmitted: 0,
      outboundPackets: 0,
    })
  })
})

describe('a peer made ahead (prepare)', () => {
  it('gathers its offer at once but sends it nowhere until an open on its channel takes it', async () => {
    vi.useFakeTimers()
    peerOptions = { gatherMs: 300 }
    command({ op: 'prepare', dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(300)
    expect(peers).toHaveLength(1)
    expect(main.offers).toEqual([])
    expect(main.states).toEqual([])

    // The press: the offer made ahead goes at once, with no gathering to wait for and no second peer.
    command({ op: 'open', linkId: 4, dataChannel: CHANNEL })
    await vi.advanceTimersByTimeAsync(0)
    expect(peers).toHaveLength(1)
    expect(main.offers).toEqual([{ linkId: 4, sdp: peers[0]?.localDescription?.sdp }])
    expect(main.offers[0]?.sdp).toContain('a=candidate:')
    peers[0]?.channel.open()
    expect(main.states).toEqual([{ linkId: 4, state: 'connected' }])
  })

  it('is kept for a repeated prepare on the same channel, replaced for another, dropped by unprepare', async () => {
    command({ op: 'prepare', dataChannel: CHANNEL })
    command({ op: 'prepare', dataChannel: CHANNEL })
    expect(peers).toHaveLength(1)
    command({ op: 'prepare', dataChannel: 'other-events' })
    expect(peers).toHaveLength(2)
    expect(peers[0]?.closed).toBe(true)
    command({ op: 'unprepare' })
    expect(peers[1]?.closed).toBe(true)

    // An open after that makes its own peer.
    command({ op: 'open', linkId: 1, dataChannel: CHANNEL })
    await settle()
    expect(peers).toHaveLength(3)
    expect(main.offers).toEqual([{ linkId: 1, sdp: peers[2]?.localDescription?.sdp }])
    expect(main.states).toEqual([])
  })
})
