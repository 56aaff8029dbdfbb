// The player's logic, free of the worklet so it can be tested sample by sample. Chunks of the model's
// voice queue per item in arrival order and are never dropped for arriving early; a small jitter buffer
// fills before an item's first sample and after running dry, and a flush empties everything at once.
// What was really heard comes back as reports for main's barge-in truncate. With `adaptive`, the jitter
// buffer's size follows the arrivals (playout-target.ts); what is reported as played stays the count of
// samples rendered, so a barge-in truncates at what was heard, never at what was received.
import { PlayoutTarget } from './playout-target'
import type { PlaybackReport } from './port-messages'

export interface PlaybackBufferOptions {
  rateHz: number
  /** Audio to hold before the first sample of an item, and after an underrun. */
  prefillMs?: number
  /** Longest wait for the prefill: past it, play what there is. */
  prefillWaitMs?: number
  /** How often `played` is reported while playing. */
  reportEveryMs?: number
  /**
   * Hold an item back for as long as its chunks have lately been late (playout-target.ts), `prefillMs`
   * being the least: a time, not an amount, since a chunk's lateness is measured against when it is due.
   * Off, the prefill is an amount with a fixed longest wait.
   */
  adaptive?: boolean
}

export const PREFILL_MS = 20
export const PREFILL_WAIT_MS = 20
export const REPORT_EVERY_MS = 20
/** Items cut by a local flush whose late audio is still dropped; older ones cannot still be in flight. */
const MUTED_ITEMS = 16

interface Chunk {
  itemId: string
  samples: Float32Array
  offset: number
}

interface CurrentItem {
  itemId: string
  playedSamples: number
  nextReportAt: number
  reportedMs: number
}

/**
 * idle: nothing to play (the current item, if any, ran dry); prefill: holding audio back until the
 * jitter buffer is full or the wait is over; playing: samples go out.
 */
type Phase = 'idle' | 'prefill' | 'playing'

interface PendingFlush {
  itemId: string | null
  playedMs: number
  droppedMs: number
}

export class PlaybackBuffer {
  readonly rateHz: number
  readonly #fixedPrefillSamples: number
  readonly #fixedWaitSamples: number
  readonly #target: PlayoutTarget | null
  /** Samples rendered so far: the clock arrivals are timed by. */
  #clock = 0
  #arriving: { itemId: string; offset: number } | null = null
  readonly #reportEverySamples: number
  #queue: Chunk[] = []
  #queuedSamples = 0
  #current: CurrentItem | null = null
  #phase: Phase = 'idle'
  #waitedSamples = 0
  #pendingFlush: PendingFlush | null = null
  readonly #muted: string[] = []
  #reports: PlaybackReport[] = []

  constructor(options: PlaybackBufferOptions) {
    this.rateHz = options.rateHz
    const prefillMs = options.prefillMs ?? PREFILL_MS
    this.#fixedPrefillSamples = this.#samplesOf(prefillMs)
    this.#fixedWaitSamples = this.#samplesOf(options.prefillWaitMs ?? PREFILL_WAIT_MS)
    this.#target = options.adaptive ? new PlayoutTarget({ rateHz: this.rateHz, floorMs: prefillMs }) : null
    this.#reportEverySamples = Math.max(1, this.#samplesOf(options.reportEveryMs ?? REPORT_EVERY_MS))
  }

  /** Samples waiting to be played, over every item. */
  get queuedSamples(): number {
    return this.#queuedSamples
  }

  get playing(): boolean {
    return this.#phase === 'playing'
  }

  /** Samples of time an item is held before it starts, or after an underrun, as things stand. */
  get holdSamples(): number {
    return this.#target?.samples ?? this.#fixedWaitSamples
  }

  /** Queues a chunk of `itemId`; audio of an item cut by a local flush is dropped. */
  push(itemId: string, samples: Float32Array): void {
    if (samples.length === 0 || this.#muted.includes(itemId)) return
    // More of the item that ran dry: the gap was an underrun, not the item's end.
    const underrun = this.#phase === 'idle' && this.#current?.itemId === itemId
    if (underrun) this.#reports.push({ type: 'underrun', itemId })
    this.#timeArrival(itemId, samples.length)
    this.#queue.push({ itemId, samples, offset: 0 })
    this.#queuedSamples += samples.length
    if (this.#phase === 'idle') {
      this.#phase = 'prefill'
      this.#waitedSamples = 0
    }
  }

  /**
   * Drops everything queued and stops the current item; the next quantum is silent. `local`: the page
   * barged in ahead of main, so audio of the cut items still on its way is dropped when it arrives.
   * A flush from main forgets those items: main sends nothing of them after its flush.
   */
  flush(local = false): void {
    if (!local) this.#muted.length = 0
    const head = this.#queue[0]
    const cut = head?.itemId ?? this.#current?.itemId ?? null
    if (cut === null) return // Nothing playing or queued: there is no silence to report.
    if (local) {
      for (const id of new Set(this.#queue.map((c) => c.itemId).concat(cut))) this.#mute(id)
    }
    const playedSamples = this.#current?.itemId === cut ? this.#current.playedSamples : 0
    const previous = this.#pendingFlush
    this.#pendingFlush = {
      itemId: cut,
      playedMs: this.#msOf(playedSamples),
      droppedMs: (previous?.droppedMs ?? 0) + this.#msOf(this.#queuedSamples),
    }
    this.#queue = []
    this.#queuedSamples = 0
    this.#current = null
    this.#phase = 'idle'
  }

  /** Fills one render quantum: the queued audio, silence where there is none. */
  render(out: Float32Array): void {
    if (this.#pendingFlush) {
      // Flushing emptied the queue, so this quantum is already silent: 0 quanta carried flushed audio.
      this.#reports.push({ type: 'flushed', ...this.#pendingFlush, frames: 0 })
      this.#pendingFlush = null
    }
    this.#clock += out.length
    if (this.#phase === 'prefill') {
      if (this.#prefillDone(out.length)) {
        this.#phase = 'playing'
      } else {
        this.#waitedSamples += out.length
      }
    }
    let at = 0
    while (this.#phase === 'playing' && at < out.length) {
      const chunk = this.#queue[0]
      if (!chunk) {
        this.#ranDry()
        break
      }
      const item = this.#itemFor(chunk.itemId)
      const n = Math.min(out.length - at, chunk.samples.length - chunk.offset)
      out.set(chunk.samples.subarray(chunk.offset, chunk.offset + n), at)
      chunk.offset += n
      at += n
      this.#queuedSamples -= n
      item.playedSamples += n
      if (chunk.offset === chunk.samples.length) this.#queue.shift()
      if (item.playedSamples >= item.nextReportAt) {
        while (item.nextReportAt <= item.playedSamples) item.nextReportAt += this.#reportEverySamples
        this.#reportPlayed(item)
      }
    }
    out.fill(0, at)
  }

  /** Reports made since the last call, oldest first. */
  takeReports(): PlaybackReport[] {
    const reports = this.#reports
    this.#reports = []
    return reports
  }

  /** Whether the item may start with this quantum. */
  #prefillDone(quantum: number): boolean {
    // Adaptive: the hold is over within this quantum, so it never holds more than its target.
    if (this.#target) return this.#waitedSamples + quantum > this.#target.samples
    return this.#queuedSamples >= this.#fixedPrefillSamples || this.#waitedSamples >= this.#fixedWaitSamples
  }

  /** Tells the playout target when this chunk came, against when it is due. */
  #timeArrival(itemId: string, length: number): void {
    const target = this.#target
    if (!target) return
    if (this.#arriving?.itemId !== itemId) {
      this.#arriving = { itemId, offset: 0 }
      target.startItem(this.#clock)
    } else target.arrived(this.#clock, this.#arriving.offset)
    this.#arriving.offset += length
  }

  /** The item the chunk belongs to, starting it when it is new (the previous item has fully played). */
  #itemFor(itemId: string): CurrentItem {
    if (this.#current?.itemId === itemId) return this.#current
    if (this.#current) this.#reportPlayed(this.#current)
    this.#current = { itemId, playedSamples: 0, nextReportAt: this.#reportEverySamples, reportedMs: -1 }
    this.#reports.push({ type: 'started', itemId })
    return this.#current
  }

  #ranDry(): void {
    this.#phase = 'idle'
    if (this.#current) this.#reportPlayed(this.#current)
  }

  #reportPlayed(item: CurrentItem): void {
    const ms = this.#msOf(item.playedSamples)
    if (ms === item.reportedMs) return
    item.reportedMs = ms
    this.#reports.push({ type: 'played', itemId: item.itemId, ms })
  }

  #mute(itemId: string): void {
    if (this.#muted.includes(itemId)) return
    this.#muted.push(itemId)
    if (this.#muted.length > MUTED_ITEMS) this.#muted.shift()
  }

  #samplesOf(ms: number): number {
    return Math.round((ms * this.rateHz) / 1000)
  }

  /** Whole ms: what was heard is never overstated. */
  #msOf(samples: number): number {
    return Math.floor((samples * 1000) / this.rateHz)
  }
}
