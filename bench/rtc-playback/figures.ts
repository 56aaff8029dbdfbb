// What Chromium's jitter buffer (NetEq) did with each answer, from the page's readings of its statistics,
// and the reference: the same packet arrivals, as they left the relay for the page, through a fixed
// 100 ms buffer, the page's player as the WebSocket rows simulate it.
import { PlaybackBuffer } from '../../renderer/audio/playback-buffer'
import { simulatePlayout, type Arrival } from '../netem/playout-sim'
import { percentile } from '../goal'
import type { StatsSample } from './page'

const RATE_HZ = 48_000
export const REFERENCE_HOLD_MS = 100

/** One answer's readings: the last one before its question was sent, then every one until it played out. */
export type AnswerReadings = readonly StatsSample[]

export interface Playback {
  /** Concealment events that began while the answer was playing and were followed by more of it. */
  underruns: number
  /** Samples the jitter buffer emitted from packets over the answers: the answer audio played. */
  emittedSamples: number
  /** Over those samples, ms on average: held in the jitter buffer, its target, its minimum. */
  delayMs: number
  targetDelayMs: number
  minimumDelayMs: number
  /** Ms of audio stretched in (to grow the buffer) and squeezed out (to shrink it). */
  insertedMs: number
  removedMs: number
  /** Concealed samples that were not silence, in ms. */
  concealedVoicedMs: number
  packetsReceived: number
  packetsLost: number
  packetsDiscarded: number
}

const change = (readings: AnswerReadings, field: keyof StatsSample): number =>
  ((readings.at(-1)?.[field] ?? 0) as number) - ((readings[0]?.[field] ?? 0) as number)

/**
 * A concealment event counts as an underrun when the reading that shows it still has more of the answer
 * to come (fewer samples emitted than at the end) and an earlier one had some of it already: the gap
 * after an answer's last packet, and the silence before its first, are the talkspurt's edges, not gaps.
 */
function underruns(readings: AnswerReadings): number {
  const start = readings[0]?.jitterBufferEmittedCount ?? 0
  const end = readings.at(-1)?.jitterBufferEmittedCount ?? 0
  let count = 0
  for (let k = 1; k < readings.length; k++) {
    const before = readings[k - 1] as StatsSample
    const now = readings[k] as StatsSample
    if (before.jitterBufferEmittedCount > start && now.jitterBufferEmittedCount < end)
      count += now.concealmentEvents - before.concealmentEvents
  }
  return count
}

export function playback(answers: readonly AnswerReadings[]): Playback {
  const sum = (f: (a: AnswerReadings) => number): number => answers.reduce((n, a) => n + f(a), 0)
  const emitted = sum((a) => change(a, 'jitterBufferEmittedCount'))
  const perSampleMs = (field: keyof StatsSample): number =>
    emitted > 0 ? (sum((a) => change(a, field)) / emitted) * 1000 : Number.NaN
  const ms = (samples: number): number => (samples * 1000) / RATE_HZ
  return {
    underruns: sum(underruns),
    emittedSamples: emitted,
    delayMs: perSampleMs('jitterBufferDelay'),
    targetDelayMs: perSampleMs('jitterBufferTargetDelay'),
    minimumDelayMs: perSampleMs('jitterBufferMinimumDelay'),
    insertedMs: ms(sum((a) => change(a, 'insertedSamplesForDeceleration'))),
    removedMs: ms(sum((a) => change(a, 'removedSamplesForAcceleration'))),
    concealedVoicedMs: ms(sum((a) => change(a, 'concealedSamples') - change(a, 'silentConcealedSamples'))),
    packetsReceived: sum((a) => change(a, 'packetsReceived')),
    // RFC 3550's cumulative count: a packet reordered across a reading is lost until it arrives, so the
    // change over an answer can dip below 0; none lost is 0.
    packetsLost: Math.max(
      0,
      sum((a) => change(a, 'packetsLost')),
    ),
    packetsDiscarded: sum((a) => change(a, 'packetsDiscarded')),
  }
}

/** Per minute of `samples` at 48 kHz; NaN for none. */
export function perMinute(count: number, samples: number): number {
  return samples > 0 ? count / (samples / RATE_HZ / 60) : Number.NaN
}

export interface ReferencePlayout {
  underrunsPerMin: number
  /** p50 over the answers: first packet's arrival to its first sample played. */
  addedMs: number
}

/** The arrivals (one answer per item id) through a fixed 100 ms buffer. */
export function fixedBufferReference(arrivals: readonly Arrival[]): ReferencePlayout {
  const buffer = new PlaybackBuffer({
    rateHz: RATE_HZ,
    prefillMs: REFERENCE_HOLD_MS,
    prefillWaitMs: REFERENCE_HOLD_MS,
  })
  const r = simulatePlayout(arrivals, buffer)
  return {
    underrunsPerMin: r.audioMs > 0 ? r.underruns / (r.audioMs / 60_000) : Number.NaN,
    addedMs: percentile(r.startDelaysMs, 50),
  }
}
