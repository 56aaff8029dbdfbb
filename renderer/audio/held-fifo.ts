// The held track's buffer, on the audio rendering thread beside the capture framer. A press that began
// before its WebRTC link opened went to the service as audio events through main; when the track takes
// over, RTP would reach the service ahead of the last of those events. So from one capture frame on (the
// switch point, exact to the sample) the frames are marked as the track's and kept here, and the track
// plays them only once the page says the events before them have left: from then on the track runs that
// far behind the microphone, until the key goes up and it has played out what it holds. Pure: the
// capture worklet only feeds it. The commands come from the page (HeldCommand).

/** `hold`'s `backlogMs`: the audio events still to be sent before `release` (room is made for them). */
export type HeldCommand =
  { type: 'hold'; backlogMs?: number } | { type: 'release' } | { type: 'stop' } | { type: 'cancel' }

/**
 * More than the page ever waits for the events (HELD_RELEASE_CAP_MS) beyond a hold's backlog: older
 * audio is dropped past it.
 */
export const HELD_MAX_MS = 4_000
/** The most a backlog may add: main holds no more than 30 s of audio for a link (maxQueuedAudioMs). */
export const HELD_MAX_BACKLOG_MS = 60_000

export class HeldFifo {
  #ring: Float32Array
  readonly #rateHz: number
  #read = 0
  #length = 0
  /** Frames go to the track (and are marked so). */
  #taking = false
  /** The track plays what it holds. */
  #playing = false
  /** Stopped with audio still held: the page hears when it has been played. */
  #draining = false

  constructor(rateHz: number) {
    this.#rateHz = rateHz
    this.#ring = new Float32Array(this.#ringLength(0))
  }

  get heldSamples(): number {
    return this.#length
  }

  command(c: HeldCommand): void {
    if (c.type === 'hold') {
      // Made once per hold, on the port's message, never while rendering; a short hold reuses the ring.
      const length = this.#ringLength(c.backlogMs ?? 0)
      if (length !== this.#ring.length) this.#ring = new Float32Array(length)
      this.#clear()
      this.#taking = true
      this.#playing = false
      this.#draining = false
    } else if (c.type === 'release') {
      this.#playing = this.#taking || this.#draining
    } else if (c.type === 'stop') {
      this.#draining = this.#taking
      this.#taking = false
    } else {
      this.#clear()
      this.#taking = false
      this.#playing = false
      this.#draining = false
    }
  }

  /** A finished capture frame (PCM16): true when it is the track's, and main must not send it again. */
  take(frame: Int16Array): boolean {
    if (!this.#taking) return false
    for (const s of frame) this.#push(s / 32768)
    return true
  }

  /**
   * Fills one render quantum of the track's output: what it holds once released, else silence. True once
   * a stopped track has played out the last of it (reported once).
   */
  play(out: Float32Array): boolean {
    let n = 0
    if (this.#playing) {
      n = Math.min(out.length, this.#length)
      for (let i = 0; i < n; i++) {
        out[i] = this.#ring[this.#read] as number
        this.#read = (this.#read + 1) % this.#ring.length
      }
      this.#length -= n
    }
    out.fill(0, n)
    if (!this.#draining || !this.#playing || this.#length > 0) return false
    this.#draining = false
    this.#playing = false
    return true
  }

  #push(sample: number): void {
    const ring = this.#ring
    if (this.#length === ring.length) {
      this.#read = (this.#read + 1) % ring.length
      this.#length--
    }
    ring[(this.#read + this.#length) % ring.length] = sample
    this.#length++
  }

  #ringLength(backlogMs: number): number {
    const ms = HELD_MAX_MS + Math.min(Math.max(0, backlogMs), HELD_MAX_BACKLOG_MS)
    return Math.ceil((this.#rateHz * ms) / 1000)
  }

  #clear(): void {
    this.#read = 0
    this.#length = 0
  }
}
