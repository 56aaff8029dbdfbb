import { createResampler, type ResamplerOptions } from '../../../main/audio/resampler'
import type { Convert } from './quality'

export function concat(...parts: Float32Array[]): Float32Array {
  const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    joined.set(part, at)
    at += part.length
  }
  return joined
}

/** Our resampler as a whole conversion: one `process` and a `flush`. */
export function oursConvert(options: ResamplerOptions): Convert {
  return (input) => {
    const resampler = createResampler(options)
    return concat(resampler.process(input), resampler.flush())
  }
}
