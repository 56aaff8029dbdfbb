// The page's side of the audio port: the shared message types (preload/audio-port.ts), the messages
// between the page and its worklets, and a reader for what main sends.
import type { MainToRenderer } from '../../preload/audio-port'

export type { MainToRenderer, PlaybackReport, RendererToMain } from '../../preload/audio-port'

/** Messages from the page to the playback worklet. */
export type ToPlayer =
  | { type: 'playback'; itemId: string; samples: Float32Array }
  /** `local`: the page barged in before main knew; audio still in flight for the cut items is dropped. */
  | { type: 'flush'; local: boolean }

/** What the capture worklet posts: one 10 ms mono PCM16 frame at the context's rate, and its level. */
export interface CaptureFrame {
  samples: Int16Array
  /** 0..1, see levelFromRms in metered-framer.ts. */
  level: number
  /** The held track took this frame (held-fifo.ts): main must not send it as an event too. */
  onTrack?: boolean
}

/** The capture worklet's held track has played out what it held since it was stopped. */
export interface HeldDrained {
  drained: true
}

/** Reads a message from main; null for anything malformed (the port is not a place to throw). */
export function parseMainMessage(data: unknown): MainToRenderer | null {
  if (typeof data !== 'object' || data === null) return null
  const m = data as Record<string, unknown>
  switch (m.type) {
    case 'pong':
      return typeof m.id === 'number' ? { type: 'pong', id: m.id } : null
    case 'flush':
      return { type: 'flush' }
    case 'playback':
      return typeof m.rateHz === 'number' &&
        m.rateHz > 0 &&
        m.samples instanceof Float32Array &&
        typeof m.itemId === 'string'
        ? { type: 'playback', rateHz: m.rateHz, samples: m.samples, itemId: m.itemId }
        : null
    default:
      return null
  }
}
