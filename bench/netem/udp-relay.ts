// A UDP relay on loopback for WebRTC media and data: the client sends to the relay's port, the relay
// forwards from a socket of its own to the target and sends the answers back to the client, each
// datagram shaped on its own (shaper.ts): lost, delayed, and so reordered when the jitter says so.
import dgram from 'node:dgram'
import { LinkShaper } from './shaper'
import type { NetworkProfile, Outage } from './profiles'

export interface UdpRelayOptions {
  targetPort: number
  targetHost?: string
  profile: NetworkProfile
  seed?: number
  outages?: readonly Outage[]
}

export interface UdpRelay {
  port: number
  outage(durationMs: number, kind: Outage['kind']): void
  stats(): { toTarget: { sent: number; lost: number }; toClient: { sent: number; lost: number } }
  close(): Promise<void>
}

export async function startUdpRelay(options: UdpRelayOptions): Promise<UdpRelay> {
  const origin = performance.now()
  const outages: Outage[] = [...(options.outages ?? [])]
  const shaper = (seed: number): LinkShaper =>
    new LinkShaper(options.profile, { protocol: 'udp', seed, outages, originMs: origin })
  const toTarget = shaper((options.seed ?? 1) * 7919)
  const toClient = shaper((options.seed ?? 1) * 7919 + 1)
  const front = dgram.createSocket('udp4')
  const back = dgram.createSocket('udp4')
  const timers = new Set<NodeJS.Timeout>()
  let client: { address: string; port: number } | null = null

  const later = (atMs: number | null, send: () => void): void => {
    if (atMs === null) return
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        send()
      },
      Math.max(0, atMs - performance.now()),
    )
    timers.add(timer)
  }
  front.on('message', (msg, from) => {
    client = { address: from.address, port: from.port }
    later(toTarget.schedule(msg.length, performance.now()), () =>
      back.send(msg, options.targetPort, options.targetHost ?? '127.0.0.1'),
    )
  })
  back.on('message', (msg) => {
    const to = client
    if (!to) return
    later(toClient.schedule(msg.length, performance.now()), () => front.send(msg, to.port, to.address))
  })
  await Promise.all([
    new Promise<void>((resolve) => front.bind(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => back.bind(0, '127.0.0.1', resolve)),
  ])
  return {
    port: front.address().port,
    outage: (durationMs, kind) => void outages.push({ atMs: performance.now() - origin, durationMs, kind }),
    stats: () => ({
      toTarget: { sent: toTarget.sent, lost: toTarget.lost },
      toClient: { sent: toClient.sent, lost: toClient.lost },
    }),
    close: async () => {
      for (const t of timers) clearTimeout(t)
      await Promise.all([
        new Promise<void>((resolve) => front.close(() => resolve())),
        new Promise<void>((resolve) => back.close(() => resolve())),
      ])
    },
  }
}
