// What audio reached the service for one session, so tests can compare it with what they sent. The
// first RECORD_MAX_SAMPLES samples are kept verbatim; after that only counts grow.
import { INPUT_SAMPLE_RATE_HZ } from './conversation'

export const RECORD_MAX_SAMPLES = 60 * INPUT_SAMPLE_RATE_HZ

export interface SessionAudioDebug {
  sampleRateHz: number
  receivedSamples: number
  appends: number
  /** The first samples received, up to RECORD_MAX_SAMPLES. */
  retainedPcm: Int16Array
  /** User turns committed to the conversation, with their audio length. */
  committedTurns: { itemId: string; samples: number }[]
  sentSamples24k: number
}

export class AudioRecorder {
  receivedSamples = 0
  appends = 0
  sentSamples24k = 0
  readonly committedTurns: { itemId: string; samples: number }[] = []
  #chunks: Int16Array[] = []
  #retained = 0

  add(pcm: Int16Array): void {
    this.receivedSamples += pcm.length
    this.appends++
    const room = RECORD_MAX_SAMPLES - this.#retained
    if (room <= 0) return
    const kept = pcm.length <= room ? pcm : pcm.subarray(0, room)
    this.#chunks.push(kept.slice())
    this.#retained += kept.length
  }

  snapshot(): SessionAudioDebug {
    const retainedPcm = new Int16Array(this.#retained)
    let at = 0
    for (const c of this.#chunks) {
      retainedPcm.set(c, at)
      at += c.length
    }
    return {
      sampleRateHz: INPUT_SAMPLE_RATE_HZ,
      receivedSamples: this.receivedSamples,
      appends: this.appends,
      retainedPcm,
      committedTurns: [...this.committedTurns],
      sentSamples24k: this.sentSamples24k,
    }
  }
}
