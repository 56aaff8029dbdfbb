// A copy of each push-to-talk turn's audio until the model has answered it. If the session has to be
// replaced before then (the channel failed, the session was lost during a reconnect, the service cut it
// before the answer), the new session gets the whole turn again: what the user said is never lost to a
// session that died under it.
import { INPUT_RATE_HZ } from './events'

export interface JournalTurn {
  id: number
  frames: Int16Array[]
  audioMs: number
  /** The key was released and the turn is to be answered. */
  released: boolean
  /** Its end-of-turn message left: only the answer is awaited. */
  sent: boolean
}

export class TurnJournal {
  readonly #turns = new Map<number, JournalTurn>()
  #audioMs = 0

  constructor(private readonly maxAudioMs: number) {}

  open(id: number): void {
    this.#turns.set(id, { id, frames: [], audioMs: 0, released: false, sent: false })
  }

  add(id: number, frame: Int16Array): void {
    const turn = this.#turns.get(id)
    if (!turn) return
    const ms = (frame.length * 1000) / INPUT_RATE_HZ
    turn.frames.push(frame)
    turn.audioMs += ms
    this.#audioMs += ms
    // Bounded like the outbox: the oldest audio goes first.
    while (this.#audioMs > this.maxAudioMs) if (!this.#dropOldestFrame()) break
  }

  release(id: number): void {
    const turn = this.#turns.get(id)
    if (turn) turn.released = true
  }

  markSent(id: number): void {
    const turn = this.#turns.get(id)
    if (turn) turn.sent = true
  }

  /** The model answered: every turn already sent is in its context now. Returns their ids. */
  forgetSent(): number[] {
    const ids = [...this.#turns.values()].filter((t) => t.sent).map((t) => t.id)
    for (const id of ids) this.forget(id)
    return ids
  }

  forget(id: number): void {
    const turn = this.#turns.get(id)
    if (!turn) return
    this.#audioMs -= turn.audioMs
    this.#turns.delete(id)
  }

  clear(): void {
    this.#turns.clear()
    this.#audioMs = 0
  }

  /** Oldest first. */
  turns(): JournalTurn[] {
    return [...this.#turns.values()]
  }

  #dropOldestFrame(): boolean {
    for (const turn of this.#turns.values()) {
      const frame = turn.frames.shift()
      if (!frame) continue
      const ms = (frame.length * 1000) / INPUT_RATE_HZ
      turn.audioMs -= ms
      this.#audioMs -= ms
      return true
    }
    return false
  }
}
