// Pushes contract events to whoever shows our UI: Electron windows in the app, WebSocket clients in the harness.
import type { EventChannel, Events } from '../../preload/contract'

export type EventSink = (channel: EventChannel, payload: unknown) => void

export class EventHub {
  readonly #sinks = new Set<EventSink>()

  emit<C extends EventChannel>(channel: C, payload: Events[C]): void {
    for (const sink of this.#sinks) {
      try {
        sink(channel, payload)
      } catch {
        // A window that is closing must not keep the others from hearing the event.
      }
    }
  }

  addSink(sink: EventSink): () => void {
    this.#sinks.add(sink)
    return () => this.#sinks.delete(sink)
  }
}
