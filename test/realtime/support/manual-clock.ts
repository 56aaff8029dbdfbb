// A clock the test moves by hand: timers fire in deadline order as time is advanced past them.
import type { EngineClock, TimerHandle } from '../../../main/realtime/engine/engine-clock'

interface Pending {
  id: number
  at: number
  fn: () => void
}

export class ManualClock implements EngineClock {
  #now = 1_000_000
  #seq = 0
  #pending: Pending[] = []
  /** Timers fire this much before their deadline (never sooner than 1 ms), as real timers sometimes do. */
  earlyMs = 0

  now(): number {
    return this.#now
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const delay = Math.max(0, ms)
    const at = this.#now + Math.max(Math.min(delay, 1), delay - this.earlyMs)
    const timer = { id: ++this.#seq, at, fn }
    this.#pending.push(timer)
    return timer.id
  }

  clearTimeout(handle: TimerHandle): void {
    this.#pending = this.#pending.filter((t) => t.id !== handle)
  }

  get pendingTimers(): number {
    return this.#pending.length
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.#now + ms
    for (;;) {
      const due = this.#pending.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.#pending = this.#pending.filter((t) => t !== due)
      this.#now = Math.max(this.#now, due.at)
      due.fn()
    }
    this.#now = end
  }
}

/** Lets queued microtasks and immediates run: frames cross the in-memory transport in microtasks. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}
