// A value kept current by a bridge event. It listens only while something reads it: the listener attaches
// on the first read inside an effect and detaches when the last reader goes away.
import { createSubscriber } from 'svelte/reactivity'

export class BridgeValue<T> {
  #value: T = $state.raw() as T
  readonly #subscribe: () => void

  constructor(initial: T, listen: (onValue: (value: T) => void) => () => void) {
    this.#value = initial
    this.#subscribe = createSubscriber(() => listen((value) => (this.#value = value)))
  }

  get current(): T {
    this.#subscribe()
    return this.#value
  }

  /** Sets the value from a request's answer, without waiting for the event. */
  set(value: T): void {
    this.#value = value
  }
}
