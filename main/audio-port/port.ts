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
export type AudioPortMessage =
  | { type: 'ping'; id: number }
  | { type: 'pong'; id: number }
  | { type: 'capture'; rateHz: number; samples: Float32Array }
  | { type: 'playback'; rateHz: number; samples: Float32Array }
  | { type: 'flush' }
