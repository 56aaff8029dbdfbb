import { createResampler } from '../../main/audio/resampler'
import type { ConverterFactory } from './streaming-converter'

/** Our resampler as the app drives it: `processInto` a buffer allocated once. */
export function ours(maxChunkLength: number): ConverterFactory {
  return async (inputRateHz, outputRateHz) => {
    const resampler = createResampler({ inputRateHz, outputRateHz })
    const output = new Float32Array(resampler.maxOutputLength(maxChunkLength))
    return {
      process: (chunk) => output.subarray(0, resampler.processInto(chunk, output)),
      reset: () => resampler.reset(),
      dispose: () => {},
    }
  }
}
