// WebRTC media and data through the rig's UDP relay: a relay per link, and the candidates of each SDP
// rewritten so that both peers reach each other only through it. The offer names the relay's back socket
// as the page's address (where the service's packets go, and where the page's come from as the service
// sees them); the answer names the relay's front port as the service's. ICE then checks, and DTLS, SCTP
// and RTP flow, on that one path, shaped like the profile.
import type { RtcPeers } from '../../main/realtime/transports/rtc-peers'
import type { NetworkProfile, Outage } from './profiles'
import { startUdpRelay, type UdpRelay } from './udp-relay'

const CANDIDATE = /(a=candidate:\S+ \d+ udp \d+ )(\S+) (\d+)/g

export function candidatesTo(sdp: string, port: number): string {
  return sdp.replace(CANDIDATE, `$1127.0.0.1 ${port}`)
}

export function candidatePort(sdp: string): number {
  const match = /a=candidate:\S+ \d+ udp \d+ \S+ (\d+)/.exec(sdp)
  if (!match) throw new Error('the answer names no UDP candidate')
  return Number(match[1])
}

export interface RelayedPeers {
  /** What the page (werift-page.ts) talks to in place of main's RtcPeers. */
  page: RtcPeers
  readonly relays: readonly UdpRelay[]
  /** An outage on every link's relay from now. */
  outage(durationMs: number, kind: Outage['kind']): void
  close(): Promise<void>
}

export function relayedPeers(rtc: RtcPeers, profile: NetworkProfile, seed: number): RelayedPeers {
  const relays: UdpRelay[] = []
  const byLink = new Map<number, UdpRelay>()
  /** Outages begun, by performance.now(): a relay made during one starts dark too. */
  const begun: { atMs: number; durationMs: number; kind: Outage['kind'] }[] = []
  const page = {
    get available() {
      return rtc.available
    },
    get micOn() {
      return rtc.micOn
    },
    async offer(linkId: number, sdp: string): Promise<{ sdp: string }> {
      const relay = await startUdpRelay({
        targetPort: 0,
        profile,
        seed: seed * 31 + relays.length,
        losslessUntilStarted: true,
        outages: begun.map((o) => ({ ...o, atMs: o.atMs - performance.now() })),
      })
      relays.push(relay)
      byLink.set(linkId, relay)
      const answer = await rtc.offer(linkId, candidatesTo(sdp, relay.backPort))
      relay.retarget(candidatePort(answer.sdp))
      return { sdp: candidatesTo(answer.sdp, relay.port) }
    },
    message: (linkId: number, text: string) => rtc.message(linkId, text),
    state(linkId: number, state: Parameters<RtcPeers['state']>[1], reason: string | null): void {
      if (state === 'connected') byLink.get(linkId)?.startLoss()
      rtc.state(linkId, state, reason)
    },
  }
  return {
    page: page as unknown as RtcPeers,
    relays,
    outage: (durationMs, kind) => {
      begun.push({ atMs: performance.now(), durationMs, kind })
      for (const relay of relays) relay.outage(durationMs, kind)
    },
    close: async () => void (await Promise.all(relays.map((r) => r.close()))),
  }
}
