// Re-blocks the microphone's render quanta (128 samples) into 10 ms Int16 frames at the context's rate, the
// unit main streams to the service, and measures each frame's level for the meter (on the Float32 input,
// before rounding). Pure: the capture worklet only feeds it.
import { pcm16Sample } from './pcm16'

export const FRAME_MS = 10
/** The quietest level the meter shows; anything below reads as 0. */
export const LEVEL_FLOOR_DBFS = -60

/** Samples in one 10 ms frame: 441 at 44.1 kHz, 480 at 48 kHz. */
export function frameSamples(rateHz: number): number {
  return Math.round((rateHz * FRAME_MS) / 1000)
}

/** Maps an RMS amplitude (full scale = 1) to 0..1: dBFS from LEVEL_FLOOR_DBFS to 0, linearly. */
export function levelFromRms(rms: number): number {
  if (!(rms > 0)) return 0
  const dbfs = 20 * Math.log10(rms)
  return Math.min(1, Math.max(0, (dbfs - LEVEL_FLOOR_DBFS) / -LEVEL_FLOOR_DBFS))
}

export interface Frame {
  /** PCM16 at the context's rate; a fresh array, so the worklet can transfer its buffer. */
  samples: Int16Array
  level: number
}

export class MeteredFramer {
  readonly frameSamples: number
  #frame: Int16Array
  #filled = 0
  #sumSquares = 0

  constructor(rateHz: number) {
    this.frameSamples = frameSamples(rateHz)
    this.#frame = new Int16Array(this.frameSamples)
  }

  /** Takes one quantum of mono samples; returns the frames it completed (usually none or one). */
  push(quantum: Float32Array): Frame[] {
    const frames: Frame[] = []
    let at = 0
    while (at < quantum.length) {
      const n = Math.min(quantum.length - at, this.frameSamples - this.#filled)
      for (let i = 0; i < n; i++) {
        const s = quantum[at + i] as number
        this.#frame[this.#filled + i] = pcm16Sample(s)
        this.#sumSquares += s * s
      }
      this.#filled += n
      at += n
      if (this.#filled === this.frameSamples) frames.push(this.#take())
    }
    return frames
  }

  /** Forgets a partial frame: the next frame starts with the next sample pushed. */
  reset(): void {
    this.#filled = 0
    this.#sumSquares = 0
  }

  #take(): Frame {
    const samples = this.#frame
    const level = levelFromRms(Math.sqrt(this.#sumSquares / this.frameSamples))
    this.#frame = new Int16Array(this.frameSamples)
    this.reset()
    return { samples, level }
  }
}
