// Sliding-window counters over service time, so a time-scaled test reaches a limit's edge quickly.
// Used for session creations per account (realtime-api.md "Limits": 60 a minute, all keys together)
// and SDP calls per session (5 a minute).

export const CREATIONS_PER_MINUTE = 60
export const SDP_CALLS_PER_MINUTE = 5
const MINUTE_MS = 60_000

export class SlidingWindowLimit {
  readonly #stamps = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs = MINUTE_MS,
  ) {}

  /** Records an attempt; returns the wait in ms when `key` is over the limit, else 0. */
  attempt(key: string, nowMs: number): number {
    const recent = (this.#stamps.get(key) ?? []).filter((t) => nowMs - t < this.windowMs)
    this.#stamps.set(key, recent)
    if (recent.length >= this.limit) return this.windowMs - (nowMs - (recent[0] ?? nowMs))
    recent.push(nowMs)
    return 0
  }
}
