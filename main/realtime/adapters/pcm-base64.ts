// PCM16 little-endian <-> base64, the audio encoding of both wire protocols. Decoding copies into a
// fresh, aligned buffer: `Buffer.from` may return a slice of a shared pool at an odd offset, where an
// Int16Array view would throw.

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** Whole samples only: a trailing odd byte is dropped. Invalid base64 characters are skipped. */
export function base64ToPcm16(base64: string): Int16Array {
  return bytesToPcm16(Buffer.from(base64, 'base64'))
}

export function bytesToPcm16(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length >> 1)
  if (HOST_IS_LITTLE_ENDIAN) {
    new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2))
    return samples
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true)
  return samples
}

export function pcm16ToBase64(samples: Int16Array): string {
  if (HOST_IS_LITTLE_ENDIAN)
    return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64')
  const bytes = Buffer.alloc(samples.length * 2)
  for (let i = 0; i < samples.length; i++) bytes.writeInt16LE(samples[i] ?? 0, i * 2)
  return bytes.toString('base64')
}

/** Whole milliseconds of audio in `samples` at `rateHz`, rounded down (a truncate may not overshoot). */
export function samplesToMs(samples: number, rateHz: number): number {
  return rateHz > 0 ? Math.floor((samples * 1000) / rateHz) : 0
}
