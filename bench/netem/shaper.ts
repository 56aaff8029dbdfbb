// When a packet sent into the rig comes out, for one direction of one link: the pure schedule the TCP
// proxy and the UDP relay both follow, testable without sockets or a clock. A bandwidth cap serialises
// packets one after the other; each then takes the one-way delay give or take the jitter. Over UDP a lost
// packet is gone; over TCP the segment is held for a retransmission timeout and everything behind it
// waits (TCP delivers in order), and what was sent into an outage comes out at the first retransmission
// after it ends (the timeout doubling from the outage's start).
import { retransmissionTimeoutMs, type NetworkProfile, type Outage } from './profiles'

export type Protocol = 'tcp' | 'udp'

export interface ShaperOptions {
  protocol: Protocol
  seed: number
  /** Outages, their `atMs` counted from `originMs`. */
  outages?: readonly Outage[]
  originMs?: number
}

/** A small seeded generator (mulberry32): the same seed loses the same packets in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export class LinkShaper {
  readonly #random: () => number
  readonly #rtoMs: number
  #busyUntilMs = 0
  #lastReleaseMs = 0
  /** Packets lost (UDP) or retransmitted (TCP) so far. */
  lost = 0
  sent = 0

  constructor(
    readonly profile: NetworkProfile,
    private readonly options: ShaperOptions,
  ) {
    this.#random = seededRandom(options.seed)
    this.#rtoMs = retransmissionTimeoutMs(profile)
  }

  /** When a packet of `bytes` sent at `nowMs` arrives; null when it never does. */
  schedule(bytes: number, nowMs: number): number | null {
    this.sent++
    const p = this.profile
    let leftMs = nowMs
    if (p.bitsPerSec !== null) {
      leftMs = Math.max(nowMs, this.#busyUntilMs) + (bytes * 8 * 1000) / p.bitsPerSec
      this.#busyUntilMs = leftMs
    }
    const outage = this.#outageAt(leftMs)
    const lost = this.#random() < p.loss
    const delayMs = Math.max(0, p.rttMs / 2 + p.jitterMs * (2 * this.#random() - 1))
    if (this.options.protocol === 'udp') {
      if (lost || outage) {
        this.lost++
        return null
      }
      return leftMs + delayMs
    }
    let releaseMs = leftMs + delayMs
    if (outage) releaseMs = this.#afterOutage(outage) + delayMs
    if (lost) {
      this.lost++
      releaseMs += this.#rtoMs
    }
    releaseMs = Math.max(releaseMs, this.#lastReleaseMs)
    this.#lastReleaseMs = releaseMs
    return releaseMs
  }

  #outageAt(ms: number): { startMs: number; endMs: number } | null {
    const origin = this.options.originMs ?? 0
    for (const o of this.options.outages ?? []) {
      const startMs = origin + o.atMs
      const endMs = startMs + o.durationMs
      if (ms >= startMs && ms < endMs) return { startMs, endMs }
    }
    return null
  }

  /** The first retransmission at or after the outage's end: RTO, 3 RTO, 7 RTO... after its start. */
  #afterOutage(outage: { startMs: number; endMs: number }): number {
    let waitMs = this.#rtoMs
    let at = outage.startMs + waitMs
    while (at < outage.endMs) {
      waitMs *= 2
      at += waitMs
    }
    return at
  }
}
