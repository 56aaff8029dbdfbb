/** A resampler driven chunk by chunk, as the app drives one; references and ours share this shape. */
export interface StreamingConverter {
  /** Converts one mono chunk; the result may be a view that the next call overwrites. */
  process(chunk: Float32Array): Float32Array
  /** Forgets all input, as if new. */
  reset(): void
  dispose(): void
}

export type ConverterFactory = (inputRateHz: number, outputRateHz: number) => Promise<StreamingConverter>
