import { designResamplingFilter } from './filter-design'
import { BYTES_PER_FLOAT64, KernelMemory } from './kernel-memory'
import { floatToInt16Sample } from './pcm'
import { buildPolyphaseTable, type PolyphaseTable } from './polyphase'

/**
 * Streaming sample-rate converter: rational L/M polyphase FIR with a Kaiser-windowed sinc.
 *
 * Output is causal: it lags the input by `delaySamples` output samples, which `flush()` drains.
 * Every output sample is computed from the same input samples in the same order whatever the chunking,
 * so feeding a stream in any chunks gives bit-identical output to feeding it at once.
 * Multi-channel audio is interleaved; lengths of arrays count samples across all channels.
 */

export type PcmArray = Float32Array | Int16Array

export interface ResamplerOptions {
  inputRateHz: number
  outputRateHz: number
  channels?: number
  /** Edge of the flat band; defaults to 7/8 of the lower Nyquist rate (7 kHz when either side is 16 kHz). */
  passbandHz?: number
  /** Stopband attenuation the filter is designed for; defaults to 110 dB. */
  attenuationDb?: number
}

export interface Resampler {
  readonly inputRateHz: number
  readonly outputRateHz: number
  readonly channels: number
  /** Filter delay in output samples per channel; a whole number. */
  readonly delaySamples: number
  readonly delayMs: number
  /** Length of what `process` returns for an input of `inputLength`, given what was fed so far. */
  outputLength(inputLength: number): number
  /** Output buffer length that suffices for any single call with an input of `inputLength`. */
  maxOutputLength(inputLength: number): number
  process(input: PcmArray): Float32Array
  /** Writes into `output` (Int16 output is rounded and clipped) and returns the number of samples written. */
  processInto(input: PcmArray, output: PcmArray): number
  /** Drains the filter delay (`delaySamples` per channel, none if nothing was fed), then resets. */
  flush(): Float32Array
  flushInto(output: PcmArray): number
  /** Forgets all input: the next sample starts a new stream. */
  reset(): void
}

const INITIAL_CAPACITY_FRAMES = 4096
const INT16_TO_FLOAT = 1 / 32768

export function createResampler(options: ResamplerOptions): Resampler {
  return new PolyphaseResampler(options)
}

/** Converts a whole signal at once with the filter delay removed, so the output lines up with the input (a view). */
export function resample(input: PcmArray, options: ResamplerOptions): Float32Array {
  const resampler = createResampler(options)
  const channels = resampler.channels
  const delayLength = resampler.delaySamples * channels
  const aligned = new Float32Array(resampler.outputLength(input.length) + delayLength)
  const written = resampler.processInto(input, aligned)
  resampler.flushInto(aligned.subarray(written))
  return aligned.subarray(delayLength)
}

class PolyphaseResampler implements Resampler {
  readonly inputRateHz: number
  readonly outputRateHz: number
  readonly channels: number
  readonly delaySamples: number
  readonly delayMs: number
  private readonly table: PolyphaseTable
  private readonly memory: KernelMemory
  /** Frames held in each channel's history, the oldest being the start of the next output's window. */
  private filledFrames = 0
  /** Index in the history of the newest input frame the next output needs. */
  private newestFrame = 0
  private phase = 0
  private inputFrames = 0
  private outputFrames = 0
  private readonly flushZeros: Float32Array

  constructor(options: ResamplerOptions) {
    const channels = options.channels ?? 1
    if (!Number.isInteger(channels) || channels < 1) {
      throw new RangeError(`channels must be a positive integer, got ${channels}`)
    }
    const filter = designResamplingFilter(options)
    this.inputRateHz = options.inputRateHz
    this.outputRateHz = options.outputRateHz
    this.channels = channels
    this.delaySamples = filter.delaySamples
    this.delayMs = (filter.delaySamples / options.outputRateHz) * 1000
    this.table = buildPolyphaseTable(filter)
    this.memory = new KernelMemory(
      this.table.taps,
      channels,
      this.table.tapsPerPhase + INITIAL_CAPACITY_FRAMES,
    )
    const flushFrames = Math.ceil(((this.delaySamples + 1) * filter.downFactor) / filter.upFactor) + 1
    this.flushZeros = new Float32Array(flushFrames * channels)
    this.reset()
  }

  reset(): void {
    const pastFrames = this.table.tapsPerPhase - 1
    const heap = this.memory.heap
    for (let channel = 0; channel < this.channels; channel++) {
      const start = this.memory.historyIndex(channel)
      heap.fill(0, start, start + pastFrames)
    }
    this.filledFrames = pastFrames
    this.newestFrame = pastFrames
    this.phase = 0
    this.inputFrames = 0
    this.outputFrames = 0
  }

  outputLength(inputLength: number): number {
    const { upFactor, downFactor } = this.table
    const frames = this.framesOf(inputLength)
    const producedAfter = Math.ceil(((this.inputFrames + frames) * upFactor) / downFactor)
    return (producedAfter - this.outputFrames) * this.channels
  }

  maxOutputLength(inputLength: number): number {
    const { upFactor, downFactor } = this.table
    return Math.ceil((this.framesOf(inputLength) * upFactor) / downFactor) * this.channels
  }

  process(input: PcmArray): Float32Array {
    const output = new Float32Array(this.outputLength(input.length))
    this.processInto(input, output)
    return output
  }

  processInto(input: PcmArray, output: PcmArray): number {
    const needed = this.outputLength(input.length)
    if (output.length < needed) {
      throw new RangeError(`Output holds ${output.length} samples; this call writes ${needed}`)
    }
    this.append(input)
    return this.emit(output, Number.POSITIVE_INFINITY)
  }

  flush(): Float32Array {
    const output = new Float32Array(this.flushLength())
    this.flushInto(output)
    return output
  }

  flushInto(output: PcmArray): number {
    const needed = this.flushLength()
    if (output.length < needed) {
      throw new RangeError(`Output holds ${output.length} samples; flushing writes ${needed}`)
    }
    if (needed > 0) {
      const { upFactor, downFactor } = this.table
      const lastOutput = this.outputFrames + this.delaySamples - 1
      const zeroFrames = Math.floor((lastOutput * downFactor) / upFactor) + 1 - this.inputFrames
      this.append(this.flushZeros.subarray(0, zeroFrames * this.channels))
      this.emit(output, this.delaySamples)
    }
    this.reset()
    return needed
  }

  private flushLength(): number {
    return this.inputFrames === 0 ? 0 : this.delaySamples * this.channels
  }

  private framesOf(inputLength: number): number {
    if (inputLength % this.channels !== 0) {
      throw new RangeError(
        `Input length ${inputLength} is not a whole number of ${this.channels}-channel frames`,
      )
    }
    return inputLength / this.channels
  }

  private append(input: PcmArray): void {
    const channels = this.channels
    const frames = this.framesOf(input.length)
    this.memory.ensureCapacity(this.filledFrames + frames, this.filledFrames)
    const heap = this.memory.heap
    const scale = input instanceof Int16Array ? INT16_TO_FLOAT : 1
    for (let channel = 0; channel < channels; channel++) {
      const start = this.memory.historyIndex(channel) + this.filledFrames
      for (let frame = 0, index = channel; frame < frames; frame++, index += channels) {
        heap[start + frame] = input[index]! * scale
      }
    }
    this.filledFrames += frames
    this.inputFrames += frames
  }

  /** Computes every output whose input has arrived (at most `maxFrames`), then drops history no longer needed. */
  private emit(output: PcmArray, maxFrames: number): number {
    const { tapsPerPhase, nextPhase, inputAdvance } = this.table
    const { dot, heap } = this.memory
    const channels = this.channels
    const toInt16 = output instanceof Int16Array
    const channelStrideBytes = this.memory.capacityFrames * BYTES_PER_FLOAT64
    const firstHistory = this.memory.historyIndex(0)
    let newest = this.newestFrame
    let phase = this.phase
    let frames = 0
    while (newest < this.filledFrames && frames < maxFrames) {
      const windowByteOffset = (firstHistory + newest - tapsPerPhase + 1) * BYTES_PER_FLOAT64
      const tapsByteOffset = phase * tapsPerPhase * BYTES_PER_FLOAT64
      const outputIndex = frames * channels
      for (let channel = 0; channel < channels; channel++) {
        const value = dot(tapsByteOffset, windowByteOffset + channel * channelStrideBytes, tapsPerPhase)
        output[outputIndex + channel] = toInt16 ? floatToInt16Sample(value) : value
      }
      newest += inputAdvance[phase]!
      phase = nextPhase[phase]!
      frames++
    }
    const dropFrames = newest - tapsPerPhase + 1
    if (dropFrames > 0) {
      for (let channel = 0; channel < channels; channel++) {
        const start = this.memory.historyIndex(channel)
        heap.copyWithin(start, start + dropFrames, start + this.filledFrames)
      }
      this.filledFrames -= dropFrames
      newest -= dropFrames
    }
    this.newestFrame = newest
    this.phase = phase
    this.outputFrames += frames
    return frames * channels
  }
}
