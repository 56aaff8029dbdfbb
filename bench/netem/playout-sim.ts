// Plays recorded arrivals through the page's real player logic (renderer/audio/playback-buffer.ts) on a
// simulated audio clock: each chunk is pushed at the render quantum its arrival falls in, as the worklet
// would receive it, and the player's own reports say when each item started and when it ran dry.
import type { PlaybackBuffer } from '../../renderer/audio/playback-buffer'

export interface Arrival {
  /** When the chunk reached the player, ms on any clock shared by every arrival. */
  atMs: number
  itemId: string
  samples: number
}

export interface PlayoutResult {
  underruns: number
  /** Ms of audio played. */
  audioMs: number
  /** Per item, ms from its first chunk's arrival to its first sample playing: the delay added. */
  startDelaysMs: number[]
}

const QUANTUM = 128

export function simulatePlayout(arrivals: readonly Arrival[], buffer: PlaybackBuffer): PlayoutResult {
  const sorted = [...arrivals].sort((a, b) => a.atMs - b.atMs)
  const origin = sorted[0]?.atMs ?? 0
  const msPerQuantum = (QUANTUM * 1000) / buffer.rateHz
  const firstArrival = new Map<string, number>()
  const startDelaysMs: number[] = []
  const out = new Float32Array(QUANTUM)
  let next = 0
  let underruns = 0
  let played = 0
  for (let q = 0; next < sorted.length || buffer.queuedSamples > 0 || buffer.playing; q++) {
    const nowMs = q * msPerQuantum
    for (; next < sorted.length && (sorted[next] as Arrival).atMs - origin <= nowMs; next++) {
      const a = sorted[next] as Arrival
      if (!firstArrival.has(a.itemId)) firstArrival.set(a.itemId, nowMs)
      buffer.push(a.itemId, new Float32Array(a.samples).fill(0.5))
    }
    buffer.render(out)
    played += out.reduce((n, s) => n + (s !== 0 ? 1 : 0), 0)
    for (const r of buffer.takeReports()) {
      if (r.type === 'started') startDelaysMs.push(nowMs - (firstArrival.get(r.itemId) ?? nowMs))
      if (r.type === 'underrun') underruns++
    }
  }
  return {
    underruns,
    audioMs: (played * 1000) / buffer.rateHz,
    startDelaysMs,
  }
}
