import createSpeexModule from '@echogarden/speex-resampler-wasm/simd'
import type { ConverterFactory } from './streaming-converter'

interface SpeexModule {
  HEAPF32: Float32Array
  HEAPU32: Uint32Array
  _malloc(bytes: number): number
  _free(pointer: number): void
  _speex_resampler_init(
    channels: number,
    inRate: number,
    outRate: number,
    quality: number,
    errorPointer: number,
  ): number
  _speex_resampler_process_float(
    state: number,
    channel: number,
    input: number,
    inputLengthPointer: number,
    output: number,
    outputLengthPointer: number,
  ): number
  _speex_resampler_reset_mem(state: number): number
  _speex_resampler_destroy(state: number): void
}

/** The Speex resampler (WebAssembly SIMD build), driven through its C API with buffers in its heap. */
export function speex(quality: number, maxChunkLength: number): ConverterFactory {
  return async (inputRateHz, outputRateHz) => {
    const module = (await createSpeexModule()) as SpeexModule
    const maxOutputLength = Math.ceil((maxChunkLength * outputRateHz) / inputRateHz) + 16
    const errorPointer = module._malloc(4)
    const inputPointer = module._malloc(maxChunkLength * 4)
    const outputPointer = module._malloc(maxOutputLength * 4)
    const inputLengthPointer = module._malloc(4)
    const outputLengthPointer = module._malloc(4)
    const state = module._speex_resampler_init(1, inputRateHz, outputRateHz, quality, errorPointer)
    if (state === 0) throw new Error(`speex_resampler_init failed with ${module.HEAPU32[errorPointer >> 2]}`)
    const output = new Float32Array(maxOutputLength)
    return {
      process: (chunk) => {
        let consumed = 0
        let produced = 0
        // Speex may stop early when its output buffer fills; feed it until the chunk is used up.
        while (consumed < chunk.length) {
          module.HEAPF32.set(chunk.subarray(consumed), inputPointer >> 2)
          module.HEAPU32[inputLengthPointer >> 2] = chunk.length - consumed
          module.HEAPU32[outputLengthPointer >> 2] = maxOutputLength - produced
          module._speex_resampler_process_float(
            state,
            0,
            inputPointer,
            inputLengthPointer,
            outputPointer,
            outputLengthPointer,
          )
          const outputLength = module.HEAPU32[outputLengthPointer >> 2]!
          const start = outputPointer >> 2
          output.set(module.HEAPF32.subarray(start, start + outputLength), produced)
          consumed += module.HEAPU32[inputLengthPointer >> 2]!
          produced += outputLength
          if (outputLength === 0 && module.HEAPU32[inputLengthPointer >> 2] === 0) break
        }
        return output.subarray(0, produced)
      },
      reset: () => {
        module._speex_resampler_reset_mem(state)
      },
      dispose: () => {
        module._speex_resampler_destroy(state)
        for (const pointer of [
          errorPointer,
          inputPointer,
          outputPointer,
          inputLengthPointer,
          outputLengthPointer,
        ]) {
          module._free(pointer)
        }
      },
    }
  }
}
