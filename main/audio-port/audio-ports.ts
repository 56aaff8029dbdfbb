// Keeps the open audio ports and routes what arrives on them. Capture frames go to whichever consumer
// is listening (the voice engine); a ping is answered at once so the renderer can measure the path.
import type { AudioPortEnd } from './port'

export type CaptureConsumer = (rateHz: number, samples: Float32Array) => void

export class AudioPorts {
  readonly #ports = new Set<AudioPortEnd>()
  #consumer: CaptureConsumer | null = null
  #framesReceived = 0

  attach(port: AudioPortEnd): void {
    this.#ports.add(port)
    port.onClose(() => this.#ports.delete(port))
    port.onMessage((message) => this.#receive(port, message))
  }

  setCaptureConsumer(consumer: CaptureConsumer | null): void {
    this.#consumer = consumer
  }

  get framesReceived(): number {
    return this.#framesReceived
  }

  get openCount(): number {
    return this.#ports.size
  }

  closeAll(): void {
    for (const p of this.#ports) p.close()
    this.#ports.clear()
  }

  #receive(port: AudioPortEnd, message: unknown): void {
    if (typeof message !== 'object' || message === null) return
    const m = message as Record<string, unknown>
    if (m.type === 'ping' && typeof m.id === 'number') {
      port.postMessage({ type: 'pong', id: m.id })
    } else if (m.type === 'capture' && typeof m.rateHz === 'number' && m.samples instanceof Float32Array) {
      this.#framesReceived++
      this.#consumer?.(m.rateHz, m.samples)
    }
    // Anything else is ignored: the renderer is not trusted to send well-formed frames.
  }
}
