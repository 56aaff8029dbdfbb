// The microphone on the audio rendering thread: each quantum goes to the framer, and every finished
// 10 ms frame is posted to the page at once, its buffer transferred. The node's one output is the held
// track (held-fifo.ts): the frames it takes are marked `onTrack`, and it reports when it has played out.
// The logic lives in metered-framer.ts and held-fifo.ts.
import { HeldFifo, type HeldCommand } from './held-fifo'
import { MeteredFramer } from './metered-framer'
import type { CaptureFrame, HeldDrained } from './port-messages'
import { CAPTURE_PROCESSOR } from './worklet-names'

class CaptureProcessor extends AudioWorkletProcessor {
  readonly #framer = new MeteredFramer(sampleRate)
  readonly #held = new HeldFifo(sampleRate)

  constructor() {
    super()
    this.port.onmessage = (e: MessageEvent<HeldCommand>) => this.#held.command(e.data)
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    // The node mixes its input down to one channel; with no source connected there is none.
    const mono = inputs[0]?.[0]
    if (mono) {
      for (const frame of this.#framer.push(mono)) {
        const onTrack = this.#held.take(frame.samples)
        const message: CaptureFrame = onTrack
          ? { samples: frame.samples, level: frame.level, onTrack }
          : { samples: frame.samples, level: frame.level }
        this.port.postMessage(message, [frame.samples.buffer])
      }
    }
    const out = outputs[0]?.[0]
    if (out && this.#held.play(out)) {
      const drained: HeldDrained = { drained: true }
      this.port.postMessage(drained)
    }
    return true
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor)
