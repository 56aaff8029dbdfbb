// The audio port's messages as the page sees them: the same shapes main checks on its end
// (main/audio-port/port.ts), restated here because the renderer never imports main-process code.
// PCM travels as typed arrays, never as JSON numbers.

/** What main sends the page. */
export type MainToRenderer =
  | { type: 'pong'; id: number }
  /** The model's voice, Float32 at `rateHz` (the rate the page announced with `output`). */
  | { type: 'playback'; rateHz: number; samples: Float32Array; itemId: string }
  /** Stop at once and drop everything queued. */
  | { type: 'flush' }

/** What the player reports about what was really heard. */
export type PlaybackReport =
  | { type: 'played'; itemId: string; ms: number }
  | { type: 'started'; itemId: string }
  | { type: 'flushed'; itemId: string | null; playedMs: number; droppedMs: number; frames: number }
  | { type: 'underrun'; itemId: string | null }

/** What the page sends main. */
export type RendererToMain =
  | { type: 'ping'; id: number }
  | { type: 'capture'; rateHz: number; samples: Float32Array }
  | { type: 'output'; rateHz: number }
  | PlaybackReport

/** Messages from the page to the playback worklet. */
export type ToPlayer =
  | { type: 'playback'; itemId: string; samples: Float32Array }
  /** `local`: the page barged in before main knew; audio still in flight for the cut items is dropped. */
  | { type: 'flush'; local: boolean }

/** What the capture worklet posts: one 10 ms mono frame and its level. */
export interface CaptureFrame {
  samples: Float32Array
  /** 0..1, see levelFromRms in capture-framer.ts. */
  level: number
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
