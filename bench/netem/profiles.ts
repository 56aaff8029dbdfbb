// The networks the rig can make, as the issue names them: round-trip time, its jitter, loss and a
// bandwidth cap. Each direction gets half the round trip and the full jitter, loss and cap, so a round
// trip through the rig costs `rttMs` on average.

export interface NetworkProfile {
  name: string
  rttMs: number
  /** Spread of each one-way delay: uniform within ±jitterMs of rttMs / 2. */
  jitterMs: number
  /** Fraction of packets (UDP) or segments (TCP, then retransmitted) lost, 0..1. */
  loss: number
  /** Bits per second each way; null for no cap. */
  bitsPerSec: number | null
}

export const PROFILES: readonly NetworkProfile[] = [
  { name: 'good', rttMs: 20, jitterMs: 2, loss: 0, bitsPerSec: null },
  { name: 'wifi', rttMs: 60, jitterMs: 15, loss: 0.005, bitsPerSec: null },
  { name: '4g', rttMs: 120, jitterMs: 40, loss: 0.02, bitsPerSec: 2_000_000 },
  { name: 'bad', rttMs: 300, jitterMs: 80, loss: 0.05, bitsPerSec: null },
  // Upstream PCM16 at 16 kHz is 256 kbit/s before base64: this link cannot carry speech in real time.
  { name: 'slow', rttMs: 80, jitterMs: 10, loss: 0, bitsPerSec: 200_000 },
]

export function profile(name: string): NetworkProfile {
  const found = PROFILES.find((p) => p.name === name)
  if (!found) throw new Error(`No network profile ${name} (have ${PROFILES.map((p) => p.name).join(', ')})`)
  return found
}

/**
 * The profiles a run measures: all of them, or those named in `list` (the bench passes
 * `LOA_BENCH_PROFILES`, comma-separated, e.g. `4g,wifi`), in the table's order. The list comes in as an
 * argument: the renderer's tests share this module and have no `process`.
 */
export function chosenProfiles(list: string | undefined): readonly NetworkProfile[] {
  const names = (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  if (names.length === 0) return PROFILES
  for (const name of names) profile(name)
  return PROFILES.filter((p) => names.includes(p.name))
}

/**
 * A window in which nothing gets through, from `atMs` after the rig starts. `blackhole`: packets vanish,
 * as when Wi-Fi drops (TCP connections survive and retransmit afterwards); `reset`: open TCP connections
 * are reset and new ones refused, as when the device changes network.
 */
export interface Outage {
  atMs: number
  durationMs: number
  kind: 'blackhole' | 'reset'
}

/**
 * TCP's retransmission timeout for a path (RFC 6298: SRTT + 4 RTTVAR), no less than Linux's 200 ms floor.
 * The rig's jitter is the mean deviation RTTVAR tracks.
 */
export function retransmissionTimeoutMs(p: Pick<NetworkProfile, 'rttMs' | 'jitterMs'>): number {
  return Math.max(200, p.rttMs + 4 * p.jitterMs)
}
