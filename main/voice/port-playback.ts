// The engine's playback sink in the app: the model's voice goes to the page's player over the audio port,
// and the player's reports of what was really heard come back for the barge-in truncate.
import type { AudioPorts, PlaybackReport } from '../audio-port/audio-ports'
import type { PlaybackChunk, PlaybackSink } from '../realtime/engine/playback'
import { RecentMap } from '../realtime/adapters/recent'

/** Only the items that may still be playing or truncated matter. */
const RECENT_ITEMS = 8

export interface PlaybackTimings {
  /** When main handed the item's first frame to the port (performance.now ms). */
  firstWrittenAtMs: number
  /** When the page said its first sample played. */
  startedAtMs: number | null
}

export class PortPlaybackSink implements PlaybackSink {
  readonly #played = new RecentMap<string, number>(RECENT_ITEMS)
  readonly #timings = new RecentMap<string, PlaybackTimings>(RECENT_ITEMS)
  #lastFlush: Extract<PlaybackReport, { type: 'flushed' }> | null = null

  constructor(
    private readonly ports: AudioPorts,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  write(samples: Float32Array, chunk: PlaybackChunk): void {
    if (!this.#timings.get(chunk.itemId))
      this.#timings.set(chunk.itemId, { firstWrittenAtMs: this.clock(), startedAtMs: null })
    this.ports.send({ type: 'playback', rateHz: chunk.rateHz, samples, itemId: chunk.itemId })
  }

  stop(): void {
    this.ports.send({ type: 'flush' })
  }

  /** What the page reported; null until it reported this item, so the engine falls back to its clock. */
  playedMs(itemId: string): number | null {
    return this.#played.get(itemId) ?? null
  }

  /** Feeds a report from the page's player. */
  report(report: PlaybackReport): void {
    switch (report.type) {
      case 'played':
        this.#played.set(report.itemId, Math.max(report.ms, this.#played.get(report.itemId) ?? 0))
        return
      case 'started': {
        const t = this.#timings.get(report.itemId)
        if (t && t.startedAtMs === null) t.startedAtMs = this.clock()
        return
      }
      case 'flushed':
        this.#lastFlush = report
        if (report.itemId !== null) this.#played.set(report.itemId, report.playedMs)
        return
      case 'underrun':
      case 'output':
        return
    }
  }

  timings(itemId: string): PlaybackTimings | null {
    const t = this.#timings.get(itemId)
    return t ? { ...t } : null
  }

  get lastFlush(): Extract<PlaybackReport, { type: 'flushed' }> | null {
    return this.#lastFlush
  }
}
