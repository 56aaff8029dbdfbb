// The 60-second idempotency memory. A request identical in model, voice, input, response_format and speed
// (or carrying the same Idempotency-Key) gets the earlier result with no new synthesis and no new charge;
// while the first is still running, the copy gets 409. Memory is per account.
import type { DemoClock } from '../context'

export const IDEMPOTENCY_WINDOW_MS = 60_000

export type Lookup<T> = { kind: 'none' } | { kind: 'running' } | { kind: 'done'; result: T }

interface Entry<T> {
  result?: T
  /** Service time the result became ready; the 60 s count from here. */
  readyAtMs?: number
}

export class IdempotencyMemory<T> {
  private readonly entries = new Map<string, Entry<T>>()

  constructor(private readonly clock: DemoClock) {}

  static key(accountId: string, idempotencyKey: string | undefined, identity: string): string {
    return idempotencyKey !== undefined
      ? `${accountId}\u0000key\u0000${idempotencyKey}`
      : `${accountId}\u0000body\u0000${identity}`
  }

  lookup(key: string): Lookup<T> {
    const e = this.entries.get(key)
    if (!e) return { kind: 'none' }
    if (e.readyAtMs === undefined) return { kind: 'running' }
    if (this.clock.now() - e.readyAtMs >= IDEMPOTENCY_WINDOW_MS) {
      this.entries.delete(key)
      return { kind: 'none' }
    }
    return { kind: 'done', result: e.result as T }
  }

  begin(key: string): void {
    this.entries.set(key, {})
  }

  complete(key: string, result: T): void {
    this.entries.set(key, { result, readyAtMs: this.clock.now() })
  }

  /** A failed request leaves nothing behind: a retry is a new request. */
  abandon(key: string): void {
    this.entries.delete(key)
  }

  sweep(): void {
    const now = this.clock.now()
    for (const [k, e] of this.entries) {
      if (e.readyAtMs !== undefined && now - e.readyAtMs >= IDEMPOTENCY_WINDOW_MS) this.entries.delete(k)
    }
  }

  clear(): void {
    this.entries.clear()
  }
}
