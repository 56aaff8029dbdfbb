// The audio path between renderer and main: a MessagePort pair (MessageChannelMain in the app, a loopback
// WebSocket in the harness). Frames never travel through per-frame invoke calls.

/** One end of the port as main sees it, whatever carries it. */
export interface AudioPortEnd {
  postMessage(message: AudioPortMessage): void
  onMessage(listener: (message: unknown) => void): void
  onClose(listener: () => void): void
  close(): void
}

/** Messages on the audio port. PCM travels as typed arrays, never as JSON numbers. */
export type AudioPortMessage = MainToRenderer | RendererToMain

/** What main sends the page. */
export type MainToRenderer =
  | { type: 'pong'; id: number }
  /** The model's voice, Float32 at `rateHz` (the rate the page announced with `output`). */
  | { type: 'playback'; rateHz: number; samples: Float32Array; itemId: string }
  /** Stop at once and drop everything queued: the user barged in or the answer was cancelled. */
  | { type: 'flush' }

/** What the page sends main. */
export type RendererToMain =
  | { type: 'ping'; id: number }
  /** Microphone audio at the device rate, Float32 mono. */
  | { type: 'capture'; rateHz: number; samples: Float32Array }
  /** The playback context's sample rate: main resamples the model's voice to it. */
  | { type: 'output'; rateHz: number }
  /** Whole ms of `itemId` actually played so far (sent about every 20 ms while playing, and on flush). */
  | { type: 'played'; itemId: string; ms: number }
  /** The first sample of `itemId` reached the speakers. */
  | { type: 'started'; itemId: string }
  /**
   * The player went silent after a flush: `frames` is how many output frames (render quanta of 128 samples)
   * passed between the flush arriving in the worklet and silence, `droppedMs` what was thrown away.
   */
  | { type: 'flushed'; itemId: string | null; playedMs: number; droppedMs: number; frames: number }
  /** Playback ran dry while an answer was still arriving. */
  | { type: 'underrun'; itemId: string | null }
