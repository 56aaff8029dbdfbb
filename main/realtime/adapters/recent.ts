// Bounded memory for per-id adapter state: a session can run for hours, but only the last few
// responses and items can still receive late frames or be truncated.

/** A Map that forgets its oldest entry beyond `limit`. */
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>()
  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key)
  }

  has(key: K): boolean {
    return this.#entries.has(key)
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }

  keys(): K[] {
    return [...this.#entries.keys()]
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }
}
