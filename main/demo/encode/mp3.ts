// MP3 through lamejs (pure JavaScript). Encoding a minute of audio takes a noticeable fraction of a second,
// so the work is cut into slices with a yield between them.
import { Mp3Encoder } from '@breezystack/lamejs'

const KBPS = 64
const SAMPLES_PER_FRAME = 1152
const FRAMES_PER_SLICE = 64

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** lamejs hands back signed bytes; the file wants them as they are, unsigned. */
const asBytes = (chunk: Int8Array | Uint8Array) =>
  Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)

export async function encodeMp3(pcm: Int16Array, sampleRateHz: number): Promise<Buffer> {
  const encoder = new Mp3Encoder(1, sampleRateHz, KBPS)
  const parts: Buffer[] = []
  const slice = SAMPLES_PER_FRAME * FRAMES_PER_SLICE
  for (let at = 0; at < pcm.length; at += slice) {
    parts.push(Buffer.from(asBytes(encoder.encodeBuffer(pcm.subarray(at, at + slice)))))
    if (at + slice < pcm.length) await yieldToEventLoop()
  }
  parts.push(Buffer.from(asBytes(encoder.flush())))
  return Buffer.concat(parts)
}
