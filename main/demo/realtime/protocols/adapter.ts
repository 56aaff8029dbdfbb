// What a wire-protocol adapter gets from the socket and gives back to it.
import type { DemoModel } from '../demo-model'
import type { ModelListener } from '../model-events'
import type { RealtimeSession } from '../session'

export interface AdapterDeps {
  session: RealtimeSession
  model: DemoModel
  random: () => number
  /** Sends a model event as a JSON text frame. */
  send(message: object): void
  close(code: number, reason: string): void
  /** Applies upstream pacing; false means the socket is being closed with 4413. */
  acceptAudio(samples: number): boolean
}

export interface ProtocolAdapter extends ModelListener {
  /** The protocol's first frame on a (re)connected socket. */
  hello(): void
  handle(message: Record<string, unknown>): void
}
