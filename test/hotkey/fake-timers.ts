// A clock that moves only when the test says so, for the hotkey's repeat gap and stuck timeout.
import type { Timers } from '../../main/hotkey/hold-to-talk'

export class FakeTimers implements Timers {
  #now = 0
  #nextId = 1
  readonly #pending = new Map<number, { at: number; fn: () => void }>()

  now(): number {
    return this.#now
  }

  setTimeout(fn: () => void, ms: number): number {
    const id = this.#nextId++
    this.#pending.set(id, { at: this.#now + ms, fn })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.#pending.delete(handle as number)
  }

  /** Moves the clock forward, running each timer that falls due at its own time, in order. */
  advance(ms: number): void {
    const end = this.#now + ms
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | null = null
      for (const entry of this.#pending)
        if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry
      if (!due) break
      this.#pending.delete(due[0])
      this.#now = due[1].at
      due[1].fn()
    }
    this.#now = end
  }

  get pendingCount(): number {
    return this.#pending.size
  }
}
