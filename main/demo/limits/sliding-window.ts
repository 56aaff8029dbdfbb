// Sliding-window request counting on the service clock: at most `limit` hits in any `windowMs`.
import type { DemoClock } from '../context'

export type Admission = { ok: true } | { ok: false; retryAfterMs: number }

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly clock: DemoClock,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for `key` unless it would exceed `limit`; then says how long until a slot frees up. */
  admit(key: string, limit: number): Admission {
    const now = this.clock.now()
    const list = this.prune(key, now)
    if (list.length >= limit)
      return { ok: false, retryAfterMs: Math.max(1, (list[0] as number) + this.windowMs - now) }
    list.push(now)
    return { ok: true }
  }

  /** Would a hit be admitted now? Counts nothing. */
  check(key: string, limit: number): Admission {
    const now = this.clock.now()
    const list = this.prune(key, now)
    if (list.length >= limit)
      return { ok: false, retryAfterMs: Math.max(1, (list[0] as number) + this.windowMs - now) }
    return { ok: true }
  }

  reset(): void {
    this.hits.clear()
  }

  private prune(key: string, now: number): number[] {
    let list = this.hits.get(key)
    if (!list) this.hits.set(key, (list = []))
    let drop = 0
    while (drop < list.length && (list[drop] as number) <= now - this.windowMs) drop++
    if (drop > 0) list.splice(0, drop)
    return list
  }
}
