// Opus on the WebRTC audio track (RFC 7587): the RTP clock of Opus is always 48 kHz, and the service sends
// one 20 ms mono frame per packet. libopus runs as WebAssembly (opusscript), as for the TTS endpoint's Ogg Opus.
import OpusScript from 'opusscript'
import { pcmBytes } from '../../encode/wav'

export const OPUS_RATE_HZ = 48_000
export const FRAME_MS = 20
export const FRAME_SAMPLES = (OPUS_RATE_HZ * FRAME_MS) / 1000
/** Speech at 32 kbit/s is what browsers send by default for a voice call. */
const BITRATE_BPS = 32_000

export class OpusFrameEncoder {
  readonly #encoder = new OpusScript(OPUS_RATE_HZ, 1, OpusScript.Application.VOIP)
  #deleted = false

  constructor() {
    this.#encoder.setBitrate(BITRATE_BPS)
  }

  /** `frame` holds exactly FRAME_SAMPLES samples. */
  encode(frame: Int16Array): Buffer {
    return this.#encoder.encode(pcmBytes(frame), FRAME_SAMPLES)
  }

  close(): void {
    if (!this.#deleted) this.#encoder.delete()
    this.#deleted = true
  }
}

export class OpusFrameDecoder {
  readonly #decoder = new OpusScript(OPUS_RATE_HZ, 1)
  #deleted = false

  /** Any packet a client may send (2.5 to 120 ms, mono or stereo) as mono PCM16 at 48 kHz; throws on garbage. */
  decode(packet: Buffer): Int16Array {
    const bytes = this.#decoder.decode(packet)
    const pcm = new Int16Array(bytes.length >> 1)
    for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2)
    return pcm
  }

  close(): void {
    if (!this.#deleted) this.#decoder.delete()
    this.#deleted = true
  }
}
