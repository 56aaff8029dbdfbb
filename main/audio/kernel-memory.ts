import { createDotKernel, type DotKernel } from './simd-dot'

export const BYTES_PER_FLOAT64 = 8
const WASM_PAGE_BYTES = 65536

/**
 * The WebAssembly memory one resampler computes in: its phase table first, then one contiguous
 * Float64 history per channel. Histories grow (rarely, when a larger chunk than ever arrives) but the
 * table never moves.
 */
export class KernelMemory {
  readonly dot: DotKernel
  private readonly memory: WebAssembly.Memory
  private readonly channels: number
  private readonly historyStart: number
  private capacity: number
  private view: Float64Array

  constructor(taps: Float64Array, channels: number, initialCapacityFrames: number) {
    this.channels = channels
    this.historyStart = taps.length
    this.capacity = initialCapacityFrames
    this.memory = new WebAssembly.Memory({ initial: pagesFor(this.historyStart + channels * this.capacity) })
    this.dot = createDotKernel(this.memory)
    this.view = new Float64Array(this.memory.buffer)
    this.view.set(taps, 0)
  }

  /** Float64 view of the whole memory; replaced when the memory grows, so read it after `ensureCapacity`. */
  get heap(): Float64Array {
    return this.view
  }

  get capacityFrames(): number {
    return this.capacity
  }

  /** Index in `heap` of the first history frame of `channel`. */
  historyIndex(channel: number): number {
    return this.historyStart + channel * this.capacity
  }

  /** Makes room for `frames` frames per channel, keeping the first `keptFrames` of each history. */
  ensureCapacity(frames: number, keptFrames: number): void {
    if (frames <= this.capacity) return
    let capacity = this.capacity
    while (capacity < frames) capacity *= 2
    const neededPages = pagesFor(this.historyStart + this.channels * capacity)
    const currentPages = this.memory.buffer.byteLength / WASM_PAGE_BYTES
    if (neededPages > currentPages) this.memory.grow(neededPages - currentPages)
    this.view = new Float64Array(this.memory.buffer)
    // Highest channel first: each history moves up, never onto one not yet moved.
    for (let channel = this.channels - 1; channel > 0; channel--) {
      const from = this.historyStart + channel * this.capacity
      this.view.copyWithin(this.historyStart + channel * capacity, from, from + keptFrames)
    }
    this.capacity = capacity
  }
}

function pagesFor(float64Count: number): number {
  return Math.ceil((float64Count * BYTES_PER_FLOAT64) / WASM_PAGE_BYTES)
}
