// Keeps the data channel's client events in order with the audio track. Push-to-talk ends a turn with a
// commit (Model-R `input_audio_buffer.commit`, live-type `activityEnd`) sent on the data channel the moment
// the key goes up, while the last RTP packets of that turn may still be on their way: the two travel as
// separate streams, and a commit applied at once would cut the end off the user's words. So a commit waits
// until the track has been quiet for RTP_QUIET_MS (the client stopped sending and what it sent is in), or at
// most COMMIT_HOLD_MAX_MS for a client that never pauses its RTP. Events after a held commit wait behind it,
// so `response.create` still follows its commit. The hold is about packets in flight, so it uses real time.

/** A gap of two 20 ms frames: the client has stopped sending. */
export const RTP_QUIET_MS = 40
export const COMMIT_HOLD_MAX_MS = 120

type ClientEvent = Record<string, unknown>

export interface CommitHoldDeps {
  apply(message: ClientEvent): void
  /** Real time of the last audio packet from the client, or null before the first. */
  lastAudioAtMs(): number | null
  now?: () => number
}

/** Ends a turn in either protocol. The keys differ between the two, so one test serves both. */
export function isCommit(message: ClientEvent): boolean {
  if (message.type === 'input_audio_buffer.commit') return true
  const input = message.realtimeInput ?? message.realtime_input
  if (typeof input !== 'object' || input === null) return false
  const fields = input as Record<string, unknown>
  return fields.activityEnd !== undefined || fields.audioStreamEnd === true
}

export class CommitHold {
  readonly #queue: ClientEvent[] = []
  readonly #now: () => number
  #heldSinceMs: number | null = null
  #timer: NodeJS.Timeout | null = null
  #closed = false

  constructor(private readonly d: CommitHoldDeps) {
    this.#now = d.now ?? (() => performance.now())
  }

  push(message: ClientEvent): void {
    if (this.#closed) return
    this.#queue.push(message)
    if (this.#timer === null) this.#drain()
  }

  close(): void {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#queue.length = 0
  }

  #drain(): void {
    while (!this.#closed && this.#queue.length > 0) {
      const message = this.#queue[0] as ClientEvent
      if (isCommit(message)) {
        this.#heldSinceMs ??= this.#now()
        const waitMs = this.#waitMs(this.#heldSinceMs)
        if (waitMs > 0) {
          this.#timer = setTimeout(() => {
            this.#timer = null
            this.#drain()
          }, waitMs)
          return
        }
        this.#heldSinceMs = null
      }
      this.#queue.shift()
      this.d.apply(message)
    }
  }

  #waitMs(heldSinceMs: number): number {
    const now = this.#now()
    const last = this.d.lastAudioAtMs()
    const untilQuiet = last === null ? 0 : last + RTP_QUIET_MS - now
    const untilLimit = heldSinceMs + COMMIT_HOLD_MAX_MS - now
    return Math.max(0, Math.min(untilQuiet, untilLimit))
  }
}
