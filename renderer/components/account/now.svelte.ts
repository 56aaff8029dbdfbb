// The current time as reactive state, ticking only while something on screen reads it, so "2 phút trước"
// moves on by itself.
import { createSubscriber } from 'svelte/reactivity'

export const NOW_TICK_MS = 15_000

export class Now {
  #ms = $state(Date.now())
  readonly #subscribe: () => void

  constructor(tickMs = NOW_TICK_MS) {
    this.#subscribe = createSubscriber(() => {
      this.#ms = Date.now()
      const timer = setInterval(() => (this.#ms = Date.now()), tickMs)
      return () => clearInterval(timer)
    })
  }

  get ms(): number {
    this.#subscribe()
    return this.#ms
  }
}

export const now = new Now()
