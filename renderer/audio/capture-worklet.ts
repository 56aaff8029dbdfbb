// The microphone on the audio rendering thread: each quantum goes to the framer, and every finished
// 10 ms frame is posted to the page at once, its buffer transferred. The logic lives in metered-framer.ts.
import { MeteredFramer } from './metered-framer'
import type { CaptureFrame } from './port-messages'
import { CAPTURE_PROCESSOR } from './worklet-names'

class CaptureProcessor extends AudioWorkletProcessor {
  readonly #framer = new MeteredFramer(sampleRate)

  process(inputs: Float32Array[][]): boolean {
    // The node mixes its input down to one channel; with no source connected there is none.
    const mono = inputs[0]?.[0]
    if (mono) {
      for (const frame of this.#framer.push(mono)) {
        const message: CaptureFrame = { samples: frame.samples, level: frame.level }
        this.port.postMessage(message, [frame.samples.buffer])
      }
    }
    return true
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor)
