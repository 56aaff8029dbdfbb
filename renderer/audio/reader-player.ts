// Plays a reading that arrives chunk by chunk, in order, without a gap between chunks: every chunk is an
// AudioBufferSourceNode started on the AudioContext's clock exactly where the one before it ends. Away
// from 1× a chunk plays from a copy stretched to the speed at its own pitch (playbackRate would raise a
// voice as it sped it up), so each chunk's place on the clock is its stretched copy's real length, and
// inside a chunk context time maps to media time in proportion. Playback starts from one anchor (media
// second `anchorMedia` sounds at context time `anchorTime`), so position, pause, seek and a change of
// speed are all the same re-anchoring.
import type { ReaderOutput } from './reader-output'
import { stretchBuffer } from './time-stretch'

/** `waiting`: played everything that has arrived while later chunks are still coming. */
export type PlayerState = 'idle' | 'playing' | 'paused' | 'waiting' | 'ended'

/**
 * Sources start this far ahead of the context clock: one started in the past would sound late while the
 * ones after it keep their times, and the chunks would overlap.
 */
export const START_LEAD_SEC = 0.02

/**
 * Chunks are scheduled (and stretched) only this far ahead of the clock, and always the one after the
 * chunk playing: stretching a book-length reading all at once would stall the page for seconds on every
 * play, seek and change of speed.
 */
export const AHEAD_SEC = 20

interface Scheduled {
  index: number
  node: AudioBufferSourceNode
}

/** One scheduled chunk's place on the context clock. */
interface Span {
  /** Context second its first heard sample sounds, and the media second that sample is. */
  when: number
  from: number
  /** Media second of the chunk's end. */
  to: number
  /** Media seconds per context second in this chunk: its length over its stretched copy's. */
  pace: number
}

export class ReaderPlayer {
  readonly #output: ReaderOutput
  /** State, duration or speed changed (position moves on its own: read it when drawing). */
  readonly #onChange: () => void

  #buffers: AudioBuffer[] = []
  /** Media second where each chunk begins. */
  #starts: number[] = []
  /** Chunks that came before the ones preceding them. */
  #early = new Map<number, AudioBuffer>()
  #duration = 0
  #complete = false

  #state: PlayerState = 'idle'
  #rate = 1
  /** Stretched copies of chunks for the current speed, by chunk index. */
  #stretched = new Map<number, AudioBuffer>()
  #anchorTime = 0
  /** While not playing: the position. */
  #anchorMedia = 0
  #sources: Scheduled[] = []
  /** The chunks scheduled since the anchor, in order. */
  #spans: Span[] = []
  /** The next chunk to schedule, and the context second it starts. */
  #next = 0
  #nextWhen = 0
  /** Context seconds of audio heard in the segments already closed. */
  #playedSec = 0

  constructor(output: ReaderOutput, onChange: () => void = () => {}) {
    this.#output = output
    this.#onChange = onChange
  }

  get state(): PlayerState {
    this.#checkRunOut()
    return this.#state
  }

  get rate(): number {
    return this.#rate
  }

  /** Seconds of the reading that have arrived. */
  get duration(): number {
    return this.#duration
  }

  get chunkCount(): number {
    return this.#buffers.length
  }

  /** Seconds into the reading. */
  get position(): number {
    this.#checkRunOut()
    if (this.#state !== 'playing') return this.#anchorMedia
    const now = this.#output.now
    for (let i = this.#spans.length - 1; i >= 0; i--) {
      const span = this.#spans[i] as Span
      if (span.when <= now) return Math.min(span.to, span.from + (now - span.when) * span.pace)
    }
    return this.#anchorMedia
  }

  /** The chunk being heard (or where playback stands); null before any has arrived. */
  get currentChunk(): number | null {
    return this.#buffers.length === 0 ? null : this.#chunkAt(this.position)
  }

  /** Milliseconds of audio actually played, by the context clock (waiting and pauses not counted). */
  get playedMs(): number {
    this.#checkRunOut()
    return Math.round((this.#playedSec + this.#segmentSec()) * 1000)
  }

  /**
   * For a ticker: notices that playback ran out of audio (a source's `ended` event may come late) and
   * schedules the chunks coming within reach.
   */
  tick(): void {
    const ranOut = this.#checkRunOut()
    this.#scheduleAhead()
    if (ranOut) this.#onChange()
  }

  append(index: number, buffer: AudioBuffer): void {
    if (index < this.#buffers.length) return
    this.#early.set(index, buffer)
    this.#checkRunOut()
    let next: AudioBuffer | undefined
    while ((next = this.#early.get(this.#buffers.length))) {
      this.#early.delete(this.#buffers.length)
      this.#buffers.push(next)
      this.#starts.push(this.#duration)
      this.#duration += next.duration
    }
    this.#scheduleAhead()
    // Ran past the end while this was on its way: go on from where the audio stopped.
    if (this.#state === 'waiting' && this.#anchorMedia < this.#duration) this.#startAt(this.#anchorMedia)
    this.#onChange()
  }

  /** No more chunks will come (true), or more will after all (false: a reading resumed). */
  setComplete(complete: boolean): void {
    if (this.#complete === complete) return
    this.#complete = complete
    this.#checkRunOut()
    if (complete && this.#state === 'waiting') this.#state = 'ended'
    else if (!complete && this.#state === 'ended' && this.#anchorMedia >= this.#duration)
      this.#state = 'waiting'
    this.#onChange()
  }

  play(): void {
    this.#checkRunOut()
    if (this.#state === 'playing' || this.#state === 'waiting') return
    let from = this.#anchorMedia
    if (this.#state === 'ended' || (this.#complete && from >= this.#duration)) from = 0
    void this.#output.resume()
    if (from >= this.#duration) {
      this.#anchorMedia = from
      this.#state = this.#complete ? 'ended' : 'waiting'
    } else {
      this.#startAt(from)
    }
    this.#onChange()
  }

  pause(): void {
    this.#checkRunOut()
    if (this.#state === 'playing') {
      this.#anchorMedia = this.position
      this.#closeSegment()
      this.#stopSources()
    }
    if (this.#state === 'playing' || this.#state === 'waiting') {
      this.#state = 'paused'
      this.#onChange()
    }
  }

  seek(seconds: number): void {
    const to = Math.min(this.#duration, Math.max(0, Number.isFinite(seconds) ? seconds : 0))
    this.#checkRunOut()
    if (this.#state === 'playing' || (this.#state === 'waiting' && to < this.#duration)) {
      this.#closeSegment()
      this.#startAt(to)
    } else {
      this.#anchorMedia = to
      if ((this.#state === 'idle' || this.#state === 'ended') && this.#buffers.length > 0)
        this.#state = 'paused'
    }
    this.#onChange()
  }

  /** Goes to the start of chunk `index` (a document's sentence); false when its audio is not here yet. */
  seekToChunk(index: number): boolean {
    const start = this.#starts[index]
    if (start === undefined) return false
    this.seek(start)
    return true
  }

  /** Local playback speed; playback is re-anchored where it stands so the position does not jump. */
  setRate(rate: number): void {
    if (!(rate > 0) || rate === this.#rate) return
    this.#checkRunOut()
    const playing = this.#state === 'playing'
    const at = this.position
    if (playing) this.#closeSegment()
    this.#rate = rate
    this.#stretched.clear()
    if (playing) this.#startAt(at)
    this.#onChange()
  }

  /** Forgets the reading: a new one starts from nothing. The speed stays: it is the listener's. */
  reset(): void {
    this.#stopSources()
    this.#buffers = []
    this.#starts = []
    this.#stretched.clear()
    this.#early.clear()
    this.#duration = 0
    this.#complete = false
    this.#state = 'idle'
    this.#anchorMedia = 0
    this.#playedSec = 0
    this.#onChange()
  }

  #startAt(media: number): void {
    this.#stopSources()
    this.#anchorMedia = media
    this.#anchorTime = this.#output.context.currentTime + START_LEAD_SEC
    this.#state = 'playing'
    this.#spans = []
    this.#next = this.#chunkAt(media)
    this.#nextWhen = this.#anchorTime
    this.#scheduleAhead()
  }

  /** The chunk holding media second `media`: the last one starting at or before it. */
  #chunkAt(media: number): number {
    for (let i = this.#buffers.length - 1; i > 0; i--) if ((this.#starts[i] as number) <= media) return i
    return 0
  }

  /** Schedules the chunks starting within AHEAD_SEC of the clock, and at least the one after the chunk playing. */
  #scheduleAhead(): void {
    if (this.#state !== 'playing') return
    const now = this.#output.now
    if (this.#next < this.#buffers.length && this.#nextWhen <= now) {
      // The page was too slow to schedule the next chunk in time (a throttled tab): go on from it, late.
      this.#closeSegment()
      this.#startAt(this.#starts[this.#next] as number)
      return
    }
    while (
      this.#next < this.#buffers.length &&
      (this.#sources.length < 2 || this.#nextWhen < now + AHEAD_SEC)
    )
      this.#schedule(this.#next)
  }

  /** Starts chunk `index` right where the one before it ends (or, first after the anchor, at the anchor). */
  #schedule(index: number): void {
    const ctx = this.#output.context
    const buffer = this.#playable(index)
    const start = this.#starts[index] as number
    const length = (this.#buffers[index] as AudioBuffer).duration
    const from = Math.max(start, this.#anchorMedia)
    const pace = length / buffer.duration
    const offset = (from - start) / pace
    const node = ctx.createBufferSource()
    node.buffer = buffer
    node.connect(ctx.destination)
    const entry: Scheduled = { index, node }
    node.onended = () => {
      node.disconnect()
      this.#sources = this.#sources.filter((s) => s !== entry)
      // Heard to its end: a seek back stretches it again rather than the whole reading being held twice.
      this.#stretched.delete(index)
      const ranOut = this.#checkRunOut()
      this.#scheduleAhead()
      if (ranOut) this.#onChange()
    }
    this.#sources.push(entry)
    node.start(this.#nextWhen, offset)
    this.#spans.push({ when: this.#nextWhen, from, to: start + length, pace })
    this.#next = index + 1
    this.#nextWhen += buffer.duration - offset
  }

  /** The chunk's audio for the current speed, stretched on first use. */
  #playable(index: number): AudioBuffer {
    const buffer = this.#buffers[index] as AudioBuffer
    if (this.#rate === 1) return buffer
    let stretched = this.#stretched.get(index)
    if (!stretched) {
      stretched = stretchBuffer(this.#output.context, buffer, this.#rate)
      this.#stretched.set(index, stretched)
    }
    return stretched
  }

  #stopSources(): void {
    const sources = this.#sources
    this.#sources = []
    for (const { node } of sources) {
      node.onended = null
      node.stop()
      node.disconnect()
    }
  }

  /** The context time the scheduled audio runs out. */
  #audioEnd(): number {
    return this.#spans.length > 0 ? this.#nextWhen : this.#anchorTime
  }

  #segmentSec(): number {
    if (this.#state !== 'playing') return 0
    return Math.max(0, Math.min(this.#output.now, this.#audioEnd()) - this.#anchorTime)
  }

  #closeSegment(): void {
    this.#playedSec += this.#segmentSec()
  }

  /** Playing past the last sample that arrived becomes waiting (or ended); true when that happened. */
  #checkRunOut(): boolean {
    if (this.#state !== 'playing' || this.#next < this.#buffers.length || this.#output.now < this.#audioEnd())
      return false
    this.#closeSegment()
    this.#stopSources()
    this.#anchorMedia = this.#duration
    this.#state = this.#complete ? 'ended' : 'waiting'
    return true
  }
}
