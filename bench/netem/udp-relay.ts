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
  /** Nothing is lost or reordered until `startLoss()`: see there. */
  losslessUntilStarted?: boolean
  /** Each datagram as it leaves for the client, when it does: the arrivals a page's jitter buffer sees. */
  onToClient?: (datagram: Buffer, atMs: number) => void
}

export interface UdpRelay {
  port: number
  /** The port the relay sends to the target from: the client's address as the target sees it. */
  backPort: number
  /**
   * Forwards to another port from now on: a WebRTC peer's port is known only from its answer, which must
   * already name `backPort` as the client's candidate.
   */
  retarget(port: number): void
  /**
   * Loss and jitter from now on. A werift peer (the bench's stand-in for the page's Chromium one) does not
   * recover a DTLS handshake whose packets were lost or reordered, which Chromium does, so the handshake may
   * be let through whole and in order (at the profile's mean delay).
   */
  startLoss(): void
  outage(durationMs: number, kind: Outage['kind']): void
  stats(): { toTarget: { sent: number; lost: number }; toClient: { sent: number; lost: number } }
  close(): Promise<void>
}

export async function startUdpRelay(options: UdpRelayOptions): Promise<UdpRelay> {
  const origin = performance.now()
  const outages: Outage[] = [...(options.outages ?? [])]
  const shaper = (seed: number): LinkShaper =>
    new LinkShaper(options.profile, { protocol: 'udp', seed, outages, originMs: origin })
  const lossy = {
    toTarget: shaper((options.seed ?? 1) * 7919),
    toClient: shaper((options.seed ?? 1) * 7919 + 1),
  }
  const clean = new LinkShaper(
    { ...options.profile, loss: 0, jitterMs: 0 },
    { protocol: 'udp', seed: 1, outages, originMs: origin },
  )
  let lossless = options.losslessUntilStarted ?? false
  const toTarget = {
    schedule: (bytes: number, nowMs: number) => (lossless ? clean : lossy.toTarget).schedule(bytes, nowMs),
  }
  const toClient = {
    schedule: (bytes: number, nowMs: number) => (lossless ? clean : lossy.toClient).schedule(bytes, nowMs),
  }
  const front = dgram.createSocket('udp4')
  const back = dgram.createSocket('udp4')
  const timers = new Set<NodeJS.Timeout>()
  let client: { address: string; port: number } | null = null
  let targetPort = options.targetPort

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
      back.send(msg, targetPort, options.targetHost ?? '127.0.0.1'),
    )
  })
  back.on('message', (msg) => {
    const to = client
    if (!to) return
    later(toClient.schedule(msg.length, performance.now()), () => {
      options.onToClient?.(msg, performance.now())
      front.send(msg, to.port, to.address)
    })
  })
  await Promise.all([
    new Promise<void>((resolve) => front.bind(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => back.bind(0, '127.0.0.1', resolve)),
  ])
  return {
    port: front.address().port,
    backPort: back.address().port,
    retarget: (port) => void (targetPort = port),
    startLoss: () => void (lossless = false),
    outage: (durationMs, kind) => void outages.push({ atMs: performance.now() - origin, durationMs, kind }),
    stats: () => ({
      toTarget: { sent: lossy.toTarget.sent, lost: lossy.toTarget.lost },
      toClient: { sent: lossy.toClient.sent, lost: lossy.toClient.lost },
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
