// The update schedule's clock, moved by hand: a test says how far time goes and sees which checks ran.
import type { Clock } from '../../main/updates/schedule'

interface Timer {
  at: number
  run: () => void
}

export class ManualClock implements Clock {
  #now: number
  #timers: Timer[] = []
  #armed: Array<() => void> = []

  constructor(start = new Date(2026, 10, 20, 9, 0, 0).getTime()) {
    this.#now = start
  }

  now(): number {
    return this.#now
  }

  after(ms: number, run: () => void): () => void {
    const timer = { at: this.#now + ms, run }
    this.#timers.push(timer)
    for (const wake of this.#armed.splice(0)) wake()
    return () => (this.#timers = this.#timers.filter((t) => t !== timer))
  }

  /** The wait the next pending timer was set for, from now; null when none is pending. */
  pendingInMs(): number | null {
    const next = this.#next()
    return next ? next.at - this.#now : null
  }

  /** Resolves once a timer is pending: the schedule arms one when a check has finished. */
  async armed(): Promise<void> {
    if (this.#timers.length > 0) return
    await new Promise<void>((resolve) => this.#armed.push(resolve))
  }

  /** Moves to the next pending timer, runs it, and waits for the check it starts to finish. */
  async fire(): Promise<number> {
    const next = this.#next()
    if (!next) throw new Error('no timer pending')
    const waitedMs = next.at - this.#now
    this.#now = next.at
    this.#timers = this.#timers.filter((t) => t !== next)
    next.run()
    await this.armed()
    return waitedMs
  }

  #next(): Timer | null {
    return this.#timers.reduce<Timer | null>((a, t) => (a === null || t.at < a.at ? t : a), null)
  }
}
