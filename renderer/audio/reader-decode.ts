// One chunk of a reading, as main passes it (base64 of what the service sent), made into an AudioBuffer.
// Encoded formats go through the browser's decoder; raw `pcm` carries no header (tts-api.md, V3 and
// multi-vendor `pcm`: 16-bit signed little-endian mono), so it is converted here.
import type { ReaderAudio } from '../../preload/contract'

/** The rate of raw PCM when main does not say (the speech endpoint's PCM is 24 kHz). */
export const PCM_DEFAULT_RATE_HZ = 24_000

export type DecodeContext = Pick<BaseAudioContext, 'createBuffer' | 'decodeAudioData'>

export function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Samples of 16-bit little-endian PCM as floats in [-1, 1); a trailing odd byte is no sample and is dropped. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const samples = new Float32Array(bytes.byteLength >> 1)
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(2 * i, true) / 32768
  return samples
}

export async function decodeReaderAudio(ctx: DecodeContext, audio: ReaderAudio): Promise<AudioBuffer> {
  const bytes = base64Bytes(audio.data)
  if (audio.format !== 'pcm') return ctx.decodeAudioData(bytes.buffer)
  const samples = pcm16ToFloat(bytes)
  // An AudioBuffer cannot be empty: a chunk with no audio becomes one sample of silence.
  const buffer = ctx.createBuffer(1, Math.max(1, samples.length), audio.sampleRateHz ?? PCM_DEFAULT_RATE_HZ)
  buffer.getChannelData(0).set(samples)
  return buffer
}
