// The audio path between renderer and main: a MessagePort pair (MessageChannelMain in the app, a loopback
// WebSocket in the harness). Frames never travel through per-frame invoke calls.
import type { AudioPortMessage } from '../../preload/audio-port'

export type { AudioPortMessage, MainToRenderer, RendererToMain } from '../../preload/audio-port'

/** One end of the port as main sees it, whatever carries it. */
export interface AudioPortEnd {
  postMessage(message: AudioPortMessage): void
  onMessage(listener: (message: unknown) => void): void
  onClose(listener: () => void): void
  close(): void
}
