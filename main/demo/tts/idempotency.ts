// The 60-second idempotency memory. A request identical in model, voice, input, response_format and speed
// (or carrying the same Idempotency-Key) gets the earlier result with no new synthesis and no new charge;
// while the first is still running, the copy gets 409. Memory is per account. The 60 s count from when the
// first request arrived (tts-api.md: "identical to one made in the last 60 seconds"), not from when its
// audio was ready, so a slow synthesis leaves a shorter window after it.
import type { DemoClock } from '../context'

export const IDEMPOTENCY_WINDOW_MS = 60_000

export type Lookup<T> = { kind: 'none' } | { kind: 'running' } | { kind: 'done'; result: T }

interface Entry<T> {
  /** Service time the request arrived; the 60 s count from here. */
  arrivedAtMs: number
  ready: boolean
  result?: T
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
    if (!e.ready) return { kind: 'running' }
    if (this.#expired(e)) {
      this.entries.delete(key)
      return { kind: 'none' }
    }
    return { kind: 'done', result: e.result as T }
  }

  /** `arrivedAtMs`: service time the request reached the service, before its body was even read. */
  begin(key: string, arrivedAtMs: number = this.clock.now()): void {
    this.entries.set(key, { arrivedAtMs, ready: false })
  }

  complete(key: string, result: T): void {
    const arrivedAtMs = this.entries.get(key)?.arrivedAtMs ?? this.clock.now()
    this.entries.set(key, { arrivedAtMs, ready: true, result })
  }

  /** A failed request leaves nothing behind: a retry is a new request. */
  abandon(key: string): void {
    this.entries.delete(key)
  }

  sweep(): void {
    for (const [k, e] of this.entries) if (e.ready && this.#expired(e)) this.entries.delete(k)
  }

  #expired(e: Entry<T>): boolean {
    return this.clock.now() - e.arrivedAtMs >= IDEMPOTENCY_WINDOW_MS
  }

  clear(): void {
    this.entries.clear()
  }
}
