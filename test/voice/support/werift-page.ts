// The main window's WebRTC side for the voice service under Node: a real werift peer per link, doing what
// the page's RtcPeer does (renderer/audio/rtc-peer.ts) through the same VoiceRtcCommand / voice.rtc calls.
// The microphone is whatever the test says while main has it on: nothing goes out on the track otherwise.
// A `held` mic (a press the track takes over mid-way) sends nothing until main's `release`, as the page's
// held track keeps its audio back until then.
import type { VoiceRtcCommand } from '../../../preload/contract'
import type { EventHub } from '../../../main/ipc/event-hub'
import type { RtcPeers } from '../../../main/realtime/transports/rtc-peers'
import {
  acceptAnswer,
  makeOffer,
  type Offer,
  type WeriftClient,
} from '../../demo/realtime/support/werift-client'

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

export function weriftPage(events: EventHub, rtc: RtcPeers): WeriftPage {
  const clients = new Map<number, WeriftClient>()
  const commands: VoiceRtcCommand[] = []
  const losses: number[] = []
  let holding = false
  const held: number[] = []
  const tell = (linkId: number): void => rtc.state(linkId, 'closed', 'the data channel closed')
  const mic = new Map<number, boolean>()
  /** Links whose held track waits for `release`, with what lets it go. */
  const unreleased = new Map<number, { released: Promise<void>; release: () => void }>()
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
      case 'send':
        return clients.get(command.linkId)?.channel.send(command.text)
      case 'mic':
        if (command.on && command.held === true && !unreleased.has(command.linkId)) {
          let release = (): void => {}
          const released = new Promise<void>((resolve) => (release = resolve))
          unreleased.set(command.linkId, { released, release })
        }
        return void mic.set(command.linkId, command.on)
      case 'release':
        unreleased.get(command.linkId)?.release()
        return void unreleased.delete(command.linkId)
      case 'close': {
        const client = clients.get(command.linkId)
        clients.delete(command.linkId)
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
      const client = clients.get(latest)
      if (!client) throw new Error('no WebRTC link is open')
      if (!(mic.get(latest) ?? rtc.micOn)) throw new Error('main has the microphone off')
      await unreleased.get(latest)?.released
      await client.sendPcm16k(pcm16k)
    },
    async drop() {
      const client = clients.get(latest)
      if (!client) throw new Error('no WebRTC link is open')
      await client.close()
    },
    async close() {
      unsubscribe()
      dropSpare()
      for (const client of clients.values()) await client.close()
      clients.clear()
    },
  }
}
