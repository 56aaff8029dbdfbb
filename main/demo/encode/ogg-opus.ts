// Ogg Opus (RFC 7845) with libopus compiled to WebAssembly (opusscript). This is what `opus` means in the
// OpenAI-compatible API, and it is also what the demo sends for `ogg`.
import OpusScript from 'opusscript'
import { muxOgg, type OggPacket } from './ogg'
import { pcmBytes } from './wav'

const FRAME_MS = 20
const BITRATE_BPS = 32_000
/** libopus's encoder delay at 48 kHz; decoders drop this many samples from the start. */
const PRE_SKIP_48K = 312
const OPUS_RATES = [8000, 12000, 16000, 24000, 48000] as const
type OpusRate = (typeof OPUS_RATES)[number]

function opusHead(inputRateHz: number): Buffer {
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'ascii')
  head.writeUInt8(1, 8) // version
  head.writeUInt8(1, 9) // channels
  head.writeUInt16LE(PRE_SKIP_48K, 10)
  head.writeUInt32LE(inputRateHz, 12)
  head.writeInt16LE(0, 16) // output gain
  head.writeUInt8(0, 18) // mapping family: mono/stereo
  return head
}

function opusTags(): Buffer {
  const vendor = Buffer.from('loa-demo', 'utf8')
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4)
  tags.write('OpusTags', 0, 'ascii')
  tags.writeUInt32LE(vendor.length, 8)
  vendor.copy(tags, 12)
  tags.writeUInt32LE(0, 12 + vendor.length)
  return tags
}

export function isOpusRate(hz: number): hz is OpusRate {
  return (OPUS_RATES as readonly number[]).includes(hz)
}

export function encodeOggOpus(pcm: Int16Array, sampleRateHz: number, serial = 0x4c6f6131): Buffer {
  if (!isOpusRate(sampleRateHz)) throw new RangeError(`Opus cannot encode at ${sampleRateHz} Hz`)
  const frameSamples = (sampleRateHz * FRAME_MS) / 1000
  const to48k = 48_000 / sampleRateHz
  const encoder = new OpusScript(sampleRateHz, 1, OpusScript.Application.AUDIO)
  try {
    encoder.setBitrate(BITRATE_BPS)
    const packets: OggPacket[] = []
    const frame = new Int16Array(frameSamples)
    // At least one frame, so that even empty input gives a stream with an end-of-stream page.
    for (let at = 0; at < Math.max(pcm.length, 1); at += frameSamples) {
      frame.fill(0)
      frame.set(pcm.subarray(at, at + frameSamples))
      const data = encoder.encode(pcmBytes(frame), frameSamples)
      const samplesSoFar = Math.min(pcm.length, at + frameSamples)
      packets.push({ data, granule: BigInt(Math.round(samplesSoFar * to48k) + PRE_SKIP_48K) })
    }
    return muxOgg(serial, [opusHead(sampleRateHz), opusTags()], packets)
  } finally {
    encoder.delete()
  }
}
