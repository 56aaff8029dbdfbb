// The client's side of the audio track: Opus RTP from its microphone, decoded and given to the model at
// 16 kHz. Only what arrives is appended: a push-to-talk client sends no RTP while its key is up, and the
// model then hears nothing rather than made-up silence.
import { OpusFrameDecoder } from './opus-frames'
import { downsample48kTo16k } from './rate-convert'
import type { RtpCounters } from './rtp-counters'

export interface RtpHeaderFields {
  payloadType: number
  sequenceNumber: number
}

export class RtpAudioIn {
  /** Real time of the last Opus packet, for holding a commit until the audio before it is in (commit-hold.ts). */
  lastPacketAtMs: number | null = null
  readonly #decoder = new OpusFrameDecoder()
  #lastSequence: number | null = null
  #closed = false

  constructor(
    private readonly payloadType: number,
    private readonly sink: (pcm16k: Int16Array) => void,
    private readonly counters: RtpCounters,
    private readonly now: () => number = () => performance.now(),
  ) {}

  packet(header: RtpHeaderFields, payload: Buffer): void {
    // Other payload types the offer may have kept (comfort noise, DTMF) carry no speech.
    if (this.#closed || header.payloadType !== this.payloadType) return
    if (!this.#isNewer(header.sequenceNumber)) return
    this.lastPacketAtMs = this.now()
    let pcm48k: Int16Array
    try {
      pcm48k = this.#decoder.decode(payload)
    } catch {
      // A packet libopus cannot read is lost audio, as on any network.
      return
    }
    this.counters.receivedSamples48k += pcm48k.length
    this.sink(downsample48kTo16k(pcm48k))
  }

  close(): void {
    this.#closed = true
    this.#decoder.close()
  }

  /** Drops duplicates and packets overtaken by later ones, which a live stream would play too late anyway. */
  #isNewer(sequence: number): boolean {
    const last = this.#lastSequence
    const ahead = last === null ? 1 : (sequence - last) & 0xffff
    if (ahead === 0 || ahead >= 0x8000) return false
    this.#lastSequence = sequence
    return true
  }
}
