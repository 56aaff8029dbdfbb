// The main window's WebRTC side for the voice service under Node: a real werift peer per link, doing what
// the page's RtcPeer does (renderer/audio/rtc-peer.ts) through the same VoiceRtcCommand / voice.rtc calls.
// The microphone is whatever the test says while main has it on: nothing goes out on the track otherwise,
// and speech in progress stops the moment main takes it off, as the page's replaceTrack(null) stops it.
// A `held` mic (a press the track takes over mid-way) keeps what is said from then on and sends it at
// real time from main's `release`, as the page's held track (renderer/audio/held-fifo.ts) plays it that
// far behind; after the key goes up, events wait until it has played out, as the page's do. werift's ICE never reports `disconnected` short of its 30 s
// consent expiry, so the page's own watch (renderer/audio/quiet-link.ts) says when a link carrying the
// microphone hears nothing from the service.
import type { VoiceRtcCommand } from '../../../preload/contract'
import { QUIET_POLL_MS, QuietLink } from '../../../renderer/audio/quiet-link'
import type { EventHub } from '../../../main/ipc/event-hub'
import type { RtcPeers } from '../../../main/realtime/transports/rtc-peers'
import {
  acceptAnswer,
  makeOffer,
  type Offer,
  type WeriftClient,
} from '../../demo/realtime/support/werift-client'

const FRAME_MS = 20
const FRAME_16K = 320

export interface WeriftPage {
  /** Links by id, once their data channel opened. */
  readonly clients: Map<number, WeriftClient>
  /** Every command main sent, in order. */
  readonly commands: VoiceRtcCommand[]
  /** Every link the page lost, in order, whether or not main has heard of it yet. */
  readonly losses: number[]
  /** Losses are kept from main until `tellLosses()`, as a page whose peer notices late. */
  holdLosses(): void
  tellLosses(): void
  readonly micOn: boolean
  /** Links that took a peer made ahead (`prepare`), its offer already gathered. */
  readonly preparedUsed: number
  /** The link main talks on now. */
  current(): WeriftClient | null
  /** Sends 16 kHz speech on the current link's track at real-time pace; refused while main has the mic off. */
  speak(pcm16k: Int16Array): Promise<void>
  /** The peer goes away as a network drop would: main hears `closed`. */
  drop(): Promise<void>
  close(): Promise<void>
}

interface HeldTrack {
  frames: Int16Array[]
  released: boolean
  stopped: boolean
  /** Events after the release and the key-up: they go once the frames have. */
  waiting: string[]
}

export function weriftPage(events: EventHub, rtc: RtcPeers): WeriftPage {
  const clients = new Map<number, WeriftClient>()
  const commands: VoiceRtcCommand[] = []
  const losses: number[] = []
  let holding = false
  const held: number[] = []
  const tell = (linkId: number): void => rtc.state(linkId, 'closed', 'the data channel closed')
  const mic = new Map<number, boolean>()
  const watches = new Map<number, ReturnType<typeof setInterval>>()
  const unwatch = (linkId: number): void => {
    clearInterval(watches.get(linkId))
    watches.delete(linkId)
  }
  const watch = (linkId: number, client: WeriftClient): void => {
    const quiet = new QuietLink((q) => rtc.state(linkId, q ? 'interrupted' : 'connected', null))
    // Every datagram from the service but ICE's own checks: RTCP, RTP, SCTP.
    client.pc.iceTransports[0]?.connection.onData.subscribe(() => quiet.heard(performance.now()))
    const timer = setInterval(() => {
      if (!clients.has(linkId)) return unwatch(linkId)
      quiet.carrying(mic.get(linkId) === true, performance.now())
      quiet.check(performance.now())
    }, QUIET_POLL_MS)
    timer.unref()
    watches.set(linkId, timer)
  }
  /** Links whose track took over mid-press: what was said since, and the events waiting for it. */
  const heldTracks = new Map<number, HeldTrack>()
  const letGo = (linkId: number, line: HeldTrack): void => {
    if (heldTracks.get(linkId) !== line) return
    heldTracks.delete(linkId)
    for (const text of line.waiting.splice(0)) clients.get(linkId)?.channel.send(text)
  }
  /** From the release on: one frame each 20 ms, until the key is up and the last has gone. */
  const play = async (linkId: number, line: HeldTrack): Promise<void> => {
    const started = performance.now()
    for (let i = 0; heldTracks.get(linkId) === line; i++) {
      const frame = line.frames.shift()
      if (frame) await clients.get(linkId)?.sendPcm16k(frame)
      else if (line.stopped) return letGo(linkId, line)
      const wait = started + (i + 1) * FRAME_MS - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  let latest = 0
  let spare: { dataChannel: string; offer: Promise<Offer> } | null = null
  let preparedUsed = 0

  const dropSpare = (): void => {
    const dropped = spare
    spare = null
    void dropped?.offer.then((o) => o.pc.close()).catch(() => {})
  }

  const open = async (linkId: number, dataChannel: string): Promise<void> => {
    try {
      const made = spare?.dataChannel === dataChannel ? spare.offer : null
      if (made) {
        spare = null
        preparedUsed++
      }
      const offer = await (made ?? makeOffer(dataChannel))
      const { sdp } = await rtc.offer(linkId, offer.sdp)
      const client = await acceptAnswer(offer, sdp)
      clients.set(linkId, client)
      latest = linkId
      client.channel.onMessage.subscribe((data) => {
        if (typeof data === 'string') rtc.message(linkId, data)
      })
      client.channel.stateChanged.subscribe((state) => {
        if (state !== 'closed' || !clients.delete(linkId)) return
        losses.push(linkId)
        if (holding) held.push(linkId)
        else tell(linkId)
      })
      rtc.state(linkId, 'connected', null)
      watch(linkId, client)
    } catch (err) {
      rtc.state(linkId, 'failed', err instanceof Error ? err.message : String(err))
    }
  }

  const unsubscribe = events.addSink((channel, payload) => {
    if (channel !== 'voice:rtc') return
    const command = payload as VoiceRtcCommand
    commands.push(command)
    switch (command.op) {
      case 'open':
        return void open(command.linkId, command.dataChannel)
      case 'prepare':
        if (spare?.dataChannel === command.dataChannel) return
        dropSpare()
        spare = { dataChannel: command.dataChannel, offer: makeOffer(command.dataChannel) }
        return
      case 'unprepare':
        return dropSpare()
      case 'send': {
        const line = heldTracks.get(command.linkId)
        if (line?.released && line.stopped) return void line.waiting.push(command.text)
        return clients.get(command.linkId)?.channel.send(command.text)
      }
      case 'mic': {
        const line = heldTracks.get(command.linkId)
        if (command.on && command.held === true && !line)
          heldTracks.set(command.linkId, { frames: [], released: false, stopped: false, waiting: [] })
        if (!command.on && line) line.stopped = true
        return void mic.set(command.linkId, command.on)
      }
      case 'release': {
        const line = heldTracks.get(command.linkId)
        if (!line || line.released) return
        line.released = true
        return void play(command.linkId, line)
      }
      case 'close': {
        const client = clients.get(command.linkId)
        clients.delete(command.linkId)
        heldTracks.delete(command.linkId)
        return void client?.close()
      }
    }
  })

  return {
    clients,
    commands,
    losses,
    get preparedUsed() {
      return preparedUsed
    },
    get micOn() {
      return mic.get(latest) ?? rtc.micOn
    },
    current: () => clients.get(latest) ?? null,
    holdLosses: () => void (holding = true),
    tellLosses() {
      holding = false
      for (const linkId of held.splice(0)) tell(linkId)
    },
    async speak(pcm16k) {
      const linkId = latest
      const client = clients.get(linkId)
      const on = (): boolean => clients.get(linkId) === client && (mic.get(linkId) ?? rtc.micOn)
      if (!client) throw new Error('no WebRTC link is open')
      if (!on()) throw new Error('main has the microphone off')
      // Frame by frame at real time, so that the microphone going off stops it between two frames.
      const started = performance.now()
      for (let i = 0; i * FRAME_16K < pcm16k.length; i++) {
        const wait = started + i * FRAME_MS - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        if (!on()) return
        const frame = pcm16k.subarray(i * FRAME_16K, (i + 1) * FRAME_16K)
        const line = heldTracks.get(linkId)
        if (line && !line.stopped) line.frames.push(frame)
        else await client.sendPcm16k(frame)
      }
    },
    async drop() {
      const client = clients.get(latest)
      if (!client) throw new Error('no WebRTC link is open')
      await client.close()
    },
    async close() {
      unsubscribe()
      for (const linkId of [...watches.keys()]) unwatch(linkId)
      dropSpare()
      for (const client of clients.values()) await client.close()
      clients.clear()
    },
  }
}
