// Microphone audio as the service wants it: capture frames arrive as Float32 at the device's rate in
// whatever chunk size the renderer uses; they leave as PCM16 at 16 kHz in 20 ms frames
// (realtime-api.md "WebSocket connection": upstream PCM16 16 kHz). One framer serves one press: `end()`
// drains the resampler's delay and the partial last frame, so the end of the last word is sent too.
import { floatToInt16 } from '../../audio/pcm'
import { createResampler, type Resampler } from '../../audio/resampler'
import { INPUT_RATE_HZ } from './events'

export const FRAME_MS = 20
export const FRAME_SAMPLES = (INPUT_RATE_HZ * FRAME_MS) / 1000

export class UplinkFramer {
  #resampler: Resampler | null = null
  #rateHz = 0
  #scratch = new Int16Array(0)
  #frame = new Int16Array(FRAME_SAMPLES)
  #fill = 0
  /** Device samples received since the last reset. */
  #inputSamples = 0
  #inputMs = 0

  /** Milliseconds of microphone audio received since the last reset, at the device's rate. */
  get inputMs(): number {
    return this.#inputMs
  }

  /** Whole 20 ms frames completed by `samples`, in order; each is a fresh array the caller may keep. */
  push(rateHz: number, samples: Float32Array): Int16Array[] {
    if (!(rateHz > 0) || samples.length === 0) return []
    const frames: Int16Array[] = []
    if (rateHz !== this.#rateHz) this.#switchRate(rateHz, frames)
    this.#inputSamples += samples.length
    this.#inputMs += (samples.length * 1000) / rateHz
    if (this.#resampler === null) this.#append(floatToInt16(samples), samples.length, frames)
    else {
      const need = this.#resampler.maxOutputLength(samples.length)
      if (this.#scratch.length < need) this.#scratch = new Int16Array(need)
      const n = this.#resampler.processInto(samples, this.#scratch)
      this.#append(this.#scratch, n, frames)
    }
    return frames
  }

  /** The rest of the press: full frames, then a last shorter one. Resets for the next press. */
  end(): Int16Array[] {
    const frames: Int16Array[] = []
    this.#drainResampler(frames)
    if (this.#fill > 0) frames.push(this.#frame.slice(0, this.#fill))
    this.reset()
    return frames
  }

  reset(): void {
    this.#resampler?.reset()
    this.#fill = 0
    this.#inputSamples = 0
    this.#inputMs = 0
  }

  #switchRate(rateHz: number, frames: Int16Array[]): void {
    this.#drainResampler(frames)
    this.#rateHz = rateHz
    this.#resampler =
      rateHz === INPUT_RATE_HZ ? null : createResampler({ inputRateHz: rateHz, outputRateHz: INPUT_RATE_HZ })
  }

  #drainResampler(frames: Int16Array[]): void {
    if (this.#resampler === null || this.#inputSamples === 0) return
    const need = this.#resampler.delaySamples + 1
    if (this.#scratch.length < need) this.#scratch = new Int16Array(need)
    this.#append(this.#scratch, this.#resampler.flushInto(this.#scratch), frames)
  }

  #append(source: Int16Array, length: number, frames: Int16Array[]): void {
    let at = 0
    while (at < length) {
      const take = Math.min(FRAME_SAMPLES - this.#fill, length - at)
      this.#frame.set(source.subarray(at, at + take), this.#fill)
      this.#fill += take
      at += take
      if (this.#fill === FRAME_SAMPLES) {
        frames.push(this.#frame.slice())
        this.#fill = 0
      }
    }
  }
}
