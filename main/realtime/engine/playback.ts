// The model's voice on its way to the speakers. Deltas arrive as PCM16 (24 kHz unless a frame says
// otherwise); the sink gets Float32 at the output device's rate. The router also keeps a clock-based
// account of what has been heard, for the barge-in truncate (realtime-protocols.md §2.4: "the ms of the
// current assistant item actually played") when the player cannot say so itself.
import { int16ToFloat } from '../../audio/pcm'
import { createResampler, type Resampler } from '../../audio/resampler'
import type { EngineClock } from './engine-clock'
import { OUTPUT_RATE_HZ } from './events'
import { RecentMap } from '../adapters/recent'

export interface PlaybackChunk {
  responseId: string
  itemId: string
  /** The rate of `samples`: the output rate the UI asked for. */
  rateHz: number
}

/** Where the engine sends the model's voice; in the app, the audio port to the renderer. */
export interface PlaybackSink {
  write(samples: Float32Array, chunk: PlaybackChunk): void
  /** Stop at once and drop what is queued: the user barged in, or the answer was cancelled. */
  stop(): void
  /** Whole ms of `itemId` heard so far, when the player knows; null to let the engine estimate. */
  playedMs?(itemId: string): number | null
}

interface ItemProgress {
  startedAtMs: number
  writtenMs: number
}

/** Only the items that may still be playing or truncated matter. */
const RECENT_ITEMS = 8

export class PlaybackRouter {
  #sink: PlaybackSink | null = null
  #outputRateHz: number
  #resampler: Resampler | null = null
  #resamplerInputHz = 0
  #playsUntilMs = 0
  readonly #items = new RecentMap<string, ItemProgress>(RECENT_ITEMS)

  constructor(
    private readonly clock: EngineClock,
    outputRateHz = OUTPUT_RATE_HZ,
  ) {
    this.#outputRateHz = outputRateHz
  }

  setSink(sink: PlaybackSink | null): void {
    this.#sink = sink
  }

  setOutputRate(rateHz: number): void {
    if (rateHz === this.#outputRateHz || !(rateHz > 0)) return
    this.#outputRateHz = rateHz
    this.#resampler = null
    this.#resamplerInputHz = 0
  }

  /** Whether audio written so far is still playing by the clock's account. */
  playing(): boolean {
    return this.clock.now() < this.#playsUntilMs
  }

  /** Ms until what was written has played; 0 when nothing is left. */
  remainingMs(): number {
    return Math.max(0, this.#playsUntilMs - this.clock.now())
  }

  write(pcm: Int16Array, rateHz: number, responseId: string, itemId: string): void {
    const samples = this.#convert(pcm, rateHz)
    this.#account(itemId, (pcm.length * 1000) / rateHz)
    if (samples.length > 0) this.#sink?.write(samples, { responseId, itemId, rateHz: this.#outputRateHz })
  }

  /** The item's audio is complete: the resampler's last milliseconds go out too. */
  finishItem(responseId: string, itemId: string): void {
    if (this.#resampler === null) return
    const tail = this.#resampler.flush()
    if (tail.length > 0) this.#sink?.write(tail, { responseId, itemId, rateHz: this.#outputRateHz })
  }

  /** Silence now: nothing written so far plays on. */
  stop(): void {
    this.#sink?.stop()
    this.#resampler?.reset()
    const now = this.clock.now()
    this.#playsUntilMs = now
    for (const key of this.#items.keys()) {
      const item = this.#items.get(key) as ItemProgress
      item.writtenMs = Math.min(item.writtenMs, Math.max(0, now - item.startedAtMs))
    }
  }

  /** Ms of the item heard: the player's own figure when it has one, else by the clock. */
  playedMs(itemId: string): number {
    const reported = this.#sink?.playedMs?.(itemId)
    if (typeof reported === 'number' && Number.isFinite(reported)) return Math.max(0, Math.floor(reported))
    const item = this.#items.get(itemId)
    if (!item) return 0
    const elapsed = this.clock.now() - item.startedAtMs
    return Math.floor(Math.max(0, Math.min(item.writtenMs, elapsed)))
  }

  #account(itemId: string, ms: number): void {
    const now = this.clock.now()
    const startsAt = Math.max(now, this.#playsUntilMs)
    let item = this.#items.get(itemId)
    if (!item) {
      item = { startedAtMs: startsAt, writtenMs: 0 }
      this.#items.set(itemId, item)
    }
    item.writtenMs += ms
    this.#playsUntilMs = startsAt + ms
  }

  #convert(pcm: Int16Array, rateHz: number): Float32Array {
    const floats = int16ToFloat(pcm)
    if (rateHz === this.#outputRateHz) return floats
    if (this.#resampler === null || this.#resamplerInputHz !== rateHz) {
      this.#resampler = createResampler({ inputRateHz: rateHz, outputRateHz: this.#outputRateHz })
      this.#resamplerInputHz = rateHz
    }
    const need = this.#resampler.maxOutputLength(floats.length)
    const out = new Float32Array(need)
    const n = this.#resampler.processInto(floats, out)
    return n === need ? out : out.slice(0, n)
  }
}
