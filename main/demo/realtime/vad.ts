// Energy-based voice activity detection over 16 kHz PCM16, in 20 ms frames. Loud enough for
// START_FRAMES frames in a row is speech; quiet for `silenceDurationMs` ends it. Positions are in ms
// from the first sample the session received, as the Model-R protocol reports them.

export const VAD_FRAME_MS = 20
const START_FRAMES = 3

export interface VadConfig {
  /** 0..1, mapped linearly onto -60..-20 dBFS. */
  threshold: number
  prefixPaddingMs: number
  silenceDurationMs: number
}

export type VadEvent = { type: 'start'; audioStartMs: number } | { type: 'stop'; audioEndMs: number }

export function thresholdDbfs(threshold: number): number {
  return -60 + 40 * threshold
}

export function frameDbfs(frame: Int16Array): number {
  let sum = 0
  for (const s of frame) sum += s * s
  const rms = Math.sqrt(sum / Math.max(1, frame.length)) / 32768
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity
}

export class EnergyVad {
  readonly #frameSamples: number
  readonly #thresholdDb: number
  #pending = new Int16Array(0)
  #framesDone = 0
  #speaking = false
  #voicedRun = 0
  #silentMs = 0

  /** `startMs`: where in the session's audio this detector begins (turn detection can change mid-session). */
  constructor(
    private readonly config: VadConfig,
    private readonly startMs = 0,
    sampleRateHz = 16_000,
  ) {
    this.#frameSamples = (sampleRateHz * VAD_FRAME_MS) / 1000
    this.#thresholdDb = thresholdDbfs(config.threshold)
  }

  get speaking(): boolean {
    return this.#speaking
  }

  push(samples: Int16Array): VadEvent[] {
    const all = new Int16Array(this.#pending.length + samples.length)
    all.set(this.#pending)
    all.set(samples, this.#pending.length)
    const events: VadEvent[] = []
    let offset = 0
    for (; offset + this.#frameSamples <= all.length; offset += this.#frameSamples) {
      const event = this.#frame(all.subarray(offset, offset + this.#frameSamples))
      if (event) events.push(event)
    }
    this.#pending = all.slice(offset)
    return events
  }

  /** The client says the stream has paused: a turn in progress ends here. */
  flush(): VadEvent | null {
    if (!this.#speaking) return null
    this.#speaking = false
    this.#silentMs = 0
    return { type: 'stop', audioEndMs: this.startMs + this.#framesDone * VAD_FRAME_MS }
  }

  #frame(frame: Int16Array): VadEvent | null {
    const voiced = frameDbfs(frame) >= this.#thresholdDb
    this.#framesDone++
    const endMs = this.startMs + this.#framesDone * VAD_FRAME_MS
    if (!this.#speaking) {
      this.#voicedRun = voiced ? this.#voicedRun + 1 : 0
      if (this.#voicedRun < START_FRAMES) return null
      this.#speaking = true
      this.#silentMs = 0
      const firstVoicedMs = endMs - START_FRAMES * VAD_FRAME_MS
      return { type: 'start', audioStartMs: Math.max(0, firstVoicedMs - this.config.prefixPaddingMs) }
    }
    this.#silentMs = voiced ? 0 : this.#silentMs + VAD_FRAME_MS
    if (this.#silentMs < this.config.silenceDurationMs) return null
    this.#speaking = false
    this.#voicedRun = 0
    return { type: 'stop', audioEndMs: endMs }
  }
}

/** Seconds of `pcm` louder than the threshold, frame by frame: how much speech a turn held. */
export function voicedSeconds(pcm: Int16Array, threshold: number, sampleRateHz = 16_000): number {
  const frame = (sampleRateHz * VAD_FRAME_MS) / 1000
  const limit = thresholdDbfs(threshold)
  let voiced = 0
  for (let at = 0; at + frame <= pcm.length; at += frame) {
    if (frameDbfs(pcm.subarray(at, at + frame)) >= limit) voiced++
  }
  return (voiced * VAD_FRAME_MS) / 1000
}
