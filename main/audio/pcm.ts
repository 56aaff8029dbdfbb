/**
 * Conversions between Float32 samples in [-1, 1), signed 16-bit PCM and its base64 wire form.
 *
 * Scale is 32768 both ways, so Int16 → Float32 → Int16 is exact; Float32 → Int16 rounds to nearest and
 * clips to [-32768, 32767]. The wire form is little-endian, as the realtime APIs send it.
 */

const INT16_SCALE = 32768
const HOST_IS_LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1

export function floatToInt16Sample(value: number): number {
  const scaled = Math.round(value * INT16_SCALE)
  // NaN fails both comparisons and is stored as 0 by the Int16Array.
  return scaled > 32767 ? 32767 : scaled < -32768 ? -32768 : scaled
}

export function floatToInt16(
  input: Float32Array,
  output: Int16Array = new Int16Array(input.length),
): Int16Array {
  requireRoom(output.length, input.length)
  for (let i = 0; i < input.length; i++) output[i] = floatToInt16Sample(input[i]!)
  return output
}

export function int16ToFloat(
  input: Int16Array,
  output: Float32Array = new Float32Array(input.length),
): Float32Array {
  requireRoom(output.length, input.length)
  const scale = 1 / INT16_SCALE
  for (let i = 0; i < input.length; i++) output[i] = input[i]! * scale
  return output
}

/**
 * Little-endian PCM16 bytes as samples. A trailing odd byte (half a sample) is ignored. The result shares
 * memory with `bytes` when their offset is 2-byte aligned on a little-endian host, and is a copy otherwise.
 */
export function bytesToInt16(bytes: Uint8Array): Int16Array {
  const sampleCount = bytes.byteLength >> 1
  if (HOST_IS_LITTLE_ENDIAN && bytes.byteOffset % 2 === 0) {
    return new Int16Array(bytes.buffer, bytes.byteOffset, sampleCount)
  }
  const samples = new Int16Array(sampleCount)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < sampleCount; i++) samples[i] = view.getInt16(i * 2, true)
  return samples
}

/** Samples as little-endian PCM16 bytes; a view of the same memory on a little-endian host. */
export function int16ToBytes(samples: Int16Array): Uint8Array {
  if (HOST_IS_LITTLE_ENDIAN) return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  const bytes = new Uint8Array(samples.byteLength)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true)
  return bytes
}

export function int16ToBase64(samples: Int16Array): string {
  const bytes = int16ToBytes(samples)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/**
 * Decodes base64 PCM16 straight into a fresh, aligned buffer that the result owns alone (safe to transfer
 * to another thread, unlike a view into Node's shared Buffer pool). A trailing odd byte is ignored.
 */
export function base64ToInt16(base64: string): Int16Array {
  const maxBytes = Math.ceil(base64.length / 4) * 3
  const storage = new ArrayBuffer(maxBytes + (maxBytes % 2))
  const byteCount = Buffer.from(storage).write(base64, 'base64')
  const sampleCount = byteCount >> 1
  if (HOST_IS_LITTLE_ENDIAN) return new Int16Array(storage, 0, sampleCount)
  return bytesToInt16(new Uint8Array(storage, 0, sampleCount * 2))
}

export function floatToBase64Pcm16(input: Float32Array): string {
  return int16ToBase64(floatToInt16(input))
}

export function base64Pcm16ToFloat(base64: string): Float32Array {
  return int16ToFloat(base64ToInt16(base64))
}

function requireRoom(outputLength: number, inputLength: number): void {
  if (outputLength < inputLength) {
    throw new RangeError(`Output holds ${outputLength} samples; input has ${inputLength}`)
  }
}

/** Whole milliseconds of audio in `samples` at `rateHz`, rounded down (a truncate may not overshoot). */
export function samplesToMs(samples: number, rateHz: number): number {
  return rateHz > 0 ? Math.floor((samples * 1000) / rateHz) : 0
}
