// Plays a reading that arrives chunk by chunk, in order, without a gap between chunks: every chunk is an
// AudioBufferSourceNode started on the AudioContext's clock exactly where the one before it ends. Time is
// kept as one anchor (media second `anchorMedia` sounds at context time `anchorTime`, at `rate`), so
// position, pause, seek and a change of speed are all the same re-anchoring.
import type { ReaderOutput } from './reader-output'

/** `waiting`: played everything that has arrived while later chunks are still coming. */
export type PlayerState = 'idle' | 'playing' | 'paused' | 'waiting' | 'ended'

/**
 * Sources start this far ahead of the context clock: one started in the past would sound late while the
 * ones after it keep their times, and the chunks would overlap.
 */
export const START_LEAD_SEC = 0.02

interface Scheduled {
  index: number
  node: AudioBufferSourceNode
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
  #anchorTime = 0
  /** While not playing: the position. */
  #anchorMedia = 0
  #sources: Scheduled[] = []
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
    const elapsed = Math.max(0, this.#output.now - this.#anchorTime)
    return Math.min(this.#duration, this.#anchorMedia + elapsed * this.#rate)
  }

  /** The chunk being heard (or where playback stands); null before any has arrived. */
  get currentChunk(): number | null {
    const count = this.#buffers.length
    if (count === 0) return null
    const at = this.position
    for (let i = count - 1; i > 0; i--) if ((this.#starts[i] as number) <= at) return i
    return 0
  }

  /** Milliseconds of audio actually played, by the context clock (waiting and pauses not counted). */
  get playedMs(): number {
    this.#checkRunOut()
    return Math.round((this.#playedSec + this.#segmentSec()) * 1000)
  }

  /** Notices that playback ran out of audio; for a ticker, since a source's `ended` event may come late. */
  tick(): void {
    if (this.#checkRunOut()) this.#onChange()
  }

  append(index: number, buffer: AudioBuffer): void {
    if (index < this.#buffers.length) return
    this.#early.set(index, buffer)
    this.#checkRunOut()
    let next: AudioBuffer | undefined
    while ((next = this.#early.get(this.#buffers.length))) {
      this.#early.delete(this.#buffers.length)
      const at = this.#buffers.length
      this.#buffers.push(next)
      this.#starts.push(this.#duration)
      this.#duration += next.duration
      if (this.#state === 'playing') this.#schedule(at)
    }
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

  /** Local playback speed; the position math is re-anchored so the position does not jump. */
  setRate(rate: number): void {
    if (!(rate > 0) || rate === this.#rate) return
    this.#checkRunOut()
    if (this.#state === 'playing') {
      const at = this.position
      this.#closeSegment()
      this.#rate = rate
      this.#startAt(at)
    } else {
      this.#rate = rate
    }
    this.#onChange()
  }

  /** Forgets the reading: a new one starts from nothing. The speed stays: it is the listener's. */
  reset(): void {
    this.#stopSources()
    this.#buffers = []
    this.#starts = []
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
    for (let i = 0; i < this.#buffers.length; i++) {
      if ((this.#starts[i] as number) + (this.#buffers[i] as AudioBuffer).duration > media) this.#schedule(i)
    }
  }

  /** Starts chunk `index` where the anchor puts it: right at the end of the one before. */
  #schedule(index: number): void {
    const ctx = this.#output.context
    const buffer = this.#buffers[index] as AudioBuffer
    const start = this.#starts[index] as number
    const node = ctx.createBufferSource()
    node.buffer = buffer
    node.playbackRate.value = this.#rate
    node.connect(ctx.destination)
    const entry: Scheduled = { index, node }
    node.onended = () => {
      node.disconnect()
      this.#sources = this.#sources.filter((s) => s !== entry)
      if (this.#checkRunOut()) this.#onChange()
    }
    this.#sources.push(entry)
    const when = this.#anchorTime + Math.max(0, start - this.#anchorMedia) / this.#rate
    node.start(when, Math.max(0, this.#anchorMedia - start))
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
    return this.#anchorTime + (this.#duration - this.#anchorMedia) / this.#rate
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
    if (this.#state !== 'playing' || this.#output.now < this.#audioEnd()) return false
    this.#closeSegment()
    this.#stopSources()
    this.#anchorMedia = this.#duration
    this.#state = this.#complete ? 'ended' : 'waiting'
    return true
  }
}
