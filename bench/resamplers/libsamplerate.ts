import libsamplerateJs from '@alexanderolsen/libsamplerate-js'
import type { ConverterFactory } from './streaming-converter'

// The package is CommonJS: Node's ESM loader offers it only as a default export.
const { ConverterType, create } = libsamplerateJs

/** libsamplerate (WebAssembly build) through its `full` streaming API, writing into a reused buffer. */
export function libsamplerate(quality: 'best' | 'medium', maxChunkLength: number): ConverterFactory {
  const converterType: (typeof ConverterType)[keyof typeof ConverterType] =
    quality === 'best' ? ConverterType.SRC_SINC_BEST_QUALITY : ConverterType.SRC_SINC_MEDIUM_QUALITY
  return async (inputRateHz, outputRateHz) => {
    const src = await create(1, inputRateHz, outputRateHz, { converterType })
    const output = new Float32Array(Math.ceil((maxChunkLength * outputRateHz) / inputRateHz) + 16)
    const written = { frames: 0 }
    return {
      process: (chunk) => {
        src.full(chunk, output, written)
        return output.subarray(0, written.frames)
      },
      // Setting the converter type deletes and re-creates the libsamplerate state.
      reset: () => {
        src.converterType = converterType
      },
      dispose: () => src.destroy(),
    }
  }
}
