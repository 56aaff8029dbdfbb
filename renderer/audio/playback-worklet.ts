// The player on the audio rendering thread: the page posts the model's voice and flushes in, the
// buffer's reports go back out. The logic lives in playback-buffer.ts.
import { PlaybackBuffer } from './playback-buffer'
import type { ToPlayer } from './port-messages'
import { PLAYBACK_PROCESSOR } from './worklet-names'

class PlaybackProcessor extends AudioWorkletProcessor {
  readonly #buffer = new PlaybackBuffer({ rateHz: sampleRate, adaptive: true })

  constructor() {
    super()
    this.port.onmessage = (e: MessageEvent<ToPlayer>) => {
      const m = e.data
      if (m.type === 'playback') this.#buffer.push(m.itemId, m.samples)
      else if (m.type === 'flush') this.#buffer.flush(m.local)
      this.#post()
    }
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const channels = outputs[0] ?? []
    const first = channels[0]
    if (first) {
      this.#buffer.render(first)
      for (let c = 1; c < channels.length; c++) channels[c]?.set(first)
    }
    this.#post()
    return true
  }

  #post(): void {
    for (const report of this.#buffer.takeReports()) this.port.postMessage(report)
  }
}

registerProcessor(PLAYBACK_PROCESSOR, PlaybackProcessor)
