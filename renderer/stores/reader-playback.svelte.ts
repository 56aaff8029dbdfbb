// The reading as the listener hears it: each ready chunk's audio fetched from main once, in order, decoded
// and handed to the player, which starts by itself with a new reading's first chunk. The player's state
// is mirrored here as $state, ticking while it plays so the position and the highlighted chunk move.
import type { IpcError, ReadingStatus } from '../../preload/contract'
import { ReaderOutput, type ReaderOutputOptions } from '../audio/reader-output'
import { ReaderPlayer, type PlayerState } from '../audio/reader-player'
import { loa, unwrap } from '../lib/bridge'
import { asIpcError } from './ipc-error'

/** How often the position is redrawn while playing. */
export const TICK_MS = 100

export class ReaderPlayback {
  state: PlayerState = $state('idle')
  /** Seconds into the reading, and seconds of it that have arrived. */
  position = $state(0)
  duration = $state(0)
  /** The chunk being heard, for highlighting. */
  currentChunk: number | null = $state(null)
  playedMs = $state(0)
  rate = $state(1)
  /** A chunk's audio could not be fetched or decoded: playback ends before it. */
  audioError: IpcError | null = $state.raw(null)
  /** The voice whose sample is playing or on its way. */
  previewing: string | null = $state(null)
  previewError: IpcError | null = $state.raw(null)
  /** The chosen speaker could not be used: the system default plays. */
  sinkFailed = $state(false)

  readonly #output: ReaderOutput
  readonly #player: ReaderPlayer
  #readingId: string | null = null
  #status: ReadingStatus | null = null
  /** The next chunk to fetch: each is asked for once, in order. */
  #next = 0
  #pumping = false
  #autoplay = false
  #ticker: ReturnType<typeof setInterval> | null = null
  #previewSeq = 0

  constructor(options: ReaderOutputOptions = {}) {
    this.#output = new ReaderOutput(options)
    this.#player = new ReaderPlayer(this.#output, () => this.#sync())
  }

  /** A reading's status from main. `autoplay`: play as soon as its first chunk is in. */
  follow(status: ReadingStatus, autoplay: boolean): void {
    if (status.id !== this.#readingId) {
      this.#readingId = status.id
      this.#next = 0
      this.#autoplay = autoplay
      this.audioError = null
      this.#player.reset()
    }
    this.#status = status
    this.#updateComplete()
    void this.#pump()
  }

  play(): void {
    this.#player.play()
  }

  pause(): void {
    this.#player.pause()
  }

  toggle(): void {
    if (this.state === 'playing' || this.state === 'waiting') this.pause()
    else this.play()
  }

  seek(seconds: number): void {
    this.#player.seek(seconds)
  }

  /** To the start of a chunk whose audio is here; false when it is not (yet). */
  seekToChunk(index: number): boolean {
    return this.#player.seekToChunk(index)
  }

  setRate(rate: number): void {
    this.#player.setRate(rate)
  }

  async setOutputLabel(label: string | null): Promise<void> {
    await this.#output.setOutputLabel(label)
    this.sinkFailed = this.#output.sinkFailed
  }

  /** Plays a voice's sample; a second preview replaces the first. */
  async preview(model: string, voice: string): Promise<void> {
    const seq = ++this.#previewSeq
    this.previewing = voice
    this.previewError = null
    try {
      const audio = await unwrap(loa.tts.preview({ model, voice }))
      if (seq !== this.#previewSeq) return
      const buffer = await this.#output.decode(audio)
      if (seq !== this.#previewSeq) return
      this.#output.playClip(buffer, () => {
        if (seq === this.#previewSeq) this.previewing = null
      })
    } catch (err) {
      if (seq !== this.#previewSeq) return
      this.previewError = asIpcError(err, 'protocol')
      this.previewing = null
    }
  }

  stopPreview(): void {
    this.#previewSeq++
    this.#output.stopClip()
    this.previewing = null
  }

  dispose(): void {
    this.#previewSeq++
    this.#readingId = null
    this.#player.reset()
    this.#output.dispose()
    this.#stopTicker()
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return
    this.#pumping = true
    try {
      while (this.#nextReady()) await this.#fetchNext()
    } finally {
      this.#pumping = false
      this.#updateComplete()
    }
  }

  #nextReady(): boolean {
    const status = this.#status
    if (this.audioError || !status || status.id !== this.#readingId) return false
    return status.chunks.find((c) => c.index === this.#next)?.ready === true
  }

  async #fetchNext(): Promise<void> {
    const id = this.#readingId as string
    const index = this.#next
    try {
      const audio = await unwrap(loa.tts.audio({ id, index }))
      if (id !== this.#readingId) return
      const buffer = await this.#output.decode(audio)
      if (id !== this.#readingId) return
      this.#player.append(index, buffer)
      this.#next = index + 1
      if (index === 0 && this.#autoplay) this.#player.play()
    } catch (err) {
      // Bridge failures keep their kind; anything else here is audio the browser could not decode.
      if (id === this.#readingId) this.audioError = asIpcError(err, 'protocol')
    }
  }

  /** Nothing more will come: the reading stopped and every chunk with audio is in, or fetching failed. */
  #updateComplete(): void {
    const status = this.#status
    if (!status || status.id !== this.#readingId) return
    const ready = status.chunks.filter((c) => c.ready).length
    this.#player.setComplete(this.audioError !== null || (status.state !== 'running' && this.#next >= ready))
  }

  #sync(): void {
    const p = this.#player
    this.state = p.state
    this.position = p.position
    this.duration = p.duration
    this.currentChunk = p.currentChunk
    this.playedMs = p.playedMs
    this.rate = p.rate
    this.sinkFailed = this.#output.sinkFailed
    if (this.state === 'playing') this.#ticker ??= setInterval(() => this.#tick(), TICK_MS)
    else this.#stopTicker()
  }

  #tick(): void {
    this.#player.tick()
    this.#sync()
  }

  #stopTicker(): void {
    if (this.#ticker) clearInterval(this.#ticker)
    this.#ticker = null
  }
}
