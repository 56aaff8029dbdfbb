// Session creations per account (realtime-api.md "Limits": 60 POST /sessions a minute, all keys together).
// A sliding window over service time, so a time-scaled test reaches the limit's edge quickly.

export const CREATIONS_PER_WINDOW = 60
export const CREATION_WINDOW_MS = 60_000

export class CreationRateLimit {
  readonly #stamps = new Map<string, number[]>()

  /** Records an attempt; returns the wait in ms when the account is over the limit, else 0. */
  attempt(accountId: string, nowMs: number): number {
    const recent = (this.#stamps.get(accountId) ?? []).filter((t) => nowMs - t < CREATION_WINDOW_MS)
    if (recent.length >= CREATIONS_PER_WINDOW) {
      this.#stamps.set(accountId, recent)
      return CREATION_WINDOW_MS - (nowMs - (recent[0] ?? nowMs))
    }
    recent.push(nowMs)
    this.#stamps.set(accountId, recent)
    return 0
  }
}
