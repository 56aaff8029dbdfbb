// The audio port's messages, for both ends: main (main/audio-port) and the page (renderer/audio).
// Types only. PCM travels as typed arrays, never as JSON numbers.

/** What main sends the page. */
export type MainToRenderer =
  | { type: 'pong'; id: number }
  /** The model's voice, Float32 at `rateHz` (the rate the page announced with `output`). */
  | { type: 'playback'; rateHz: number; samples: Float32Array; itemId: string }
  /** Stop at once and drop everything queued: the user barged in or the answer was cancelled. */
  | { type: 'flush' }

/** What the page's player reports about what was really heard. */
export type PlaybackReport =
  /** Whole ms of `itemId` actually played so far (about every 20 ms while playing, and on flush). */
  | { type: 'played'; itemId: string; ms: number }
  /** The first sample of `itemId` reached the speakers. */
  | { type: 'started'; itemId: string }
  /**
   * The player went silent after a flush: `frames` is how many render quanta passed between the flush
   * arriving in the worklet and silence, `droppedMs` what was thrown away.
   */
  | { type: 'flushed'; itemId: string | null; playedMs: number; droppedMs: number; frames: number }
  /** Playback ran dry while an answer was still arriving. */
  | { type: 'underrun'; itemId: string | null }

/** What the page sends main. */
export type RendererToMain =
  | { type: 'ping'; id: number }
  /**
   * Microphone audio at the device rate, PCM16 mono (full scale 32768), its buffer transferred: half the
   * bytes of Float32. Main resamples it to what the service takes.
   */
  /**
   * `onTrack`: a WebRTC link's media track carried the microphone when the frame was posted, so main
   * does not send it again as an audio event (absent: it did not).
   */
  | { type: 'capture'; rateHz: number; samples: Int16Array; onTrack?: boolean }
  /** The playback context's sample rate: main resamples the model's voice to it. */
  | { type: 'output'; rateHz: number }
  | PlaybackReport

export type AudioPortMessage = MainToRenderer | RendererToMain
