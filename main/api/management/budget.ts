// The key's request budget. The gateway allows 60 management requests a minute per key, all endpoints
// together (management-api.md "Limits"), so every management call of one key goes through one budget:
// a sliding window kept under 50 a minute for headroom, a priority queue so what the user is looking at
// goes first, identical requests in flight coalesced into one, and a 429 pausing everything for its
// Retry-After before the request is tried once more. Requests wait for a slot; they never fail for lack of one.
import { AppError } from '../../errors'
import { monotonicClock, type Clock, type TimerHandle } from './clock'

/** `foreground`: on screen now; `background`: periodic refresh; `prefetch`: might be looked at soon. */
export type Priority = 'foreground' | 'background' | 'prefetch'

const RANK: Record<Priority, number> = { foreground: 0, background: 1, prefetch: 2 }

export const BUDGET_REQUESTS_PER_WINDOW = 50
export const BUDGET_WINDOW_MS = 60_000
const MAX_CONCURRENT = 4

export interface BudgetOptions {
  requestsPerWindow?: number
  windowMs?: number
  maxConcurrent?: number
  /** Defaults to a monotonic clock, so setting the wall clock back cannot stall the queue. */
  clock?: Clock
}

export interface BudgetStats {
  /** Requests handed to the network, retries included. */
  sent: number
  /** 429 answers received. */
  rateLimited: number
  /** Calls that joined an identical request already queued or in flight. */
  coalesced: number
  queued: number
  inFlight: number
  /** Clock time until which nothing is sent, or null when not paused. */
  pausedUntilMs: number | null
}

interface Job {
  id: string
  rank: number
  seq: number
  retried: boolean
  run: () => Promise<unknown>
  promise: Promise<unknown>
  resolve: (value: unknown) => void
  reject: (reason: unknown) => void
}

export class RequestBudget {
  readonly #limit: number
  readonly #windowMs: number
  readonly #maxConcurrent: number
  readonly #clock: Clock
  /** Send times inside the current window, oldest first. */
  #sentAt: number[] = []
  #queue: Job[] = []
  readonly #pending = new Map<string, Job>()
  #running = 0
  #seq = 0
  #pausedUntilMs = 0
  #wake: { atMs: number; handle: TimerHandle } | null = null
  #disposed = false
  #stats = { sent: 0, rateLimited: 0, coalesced: 0 }

  constructor(opts: BudgetOptions = {}) {
    this.#limit = opts.requestsPerWindow ?? BUDGET_REQUESTS_PER_WINDOW
    this.#windowMs = opts.windowMs ?? BUDGET_WINDOW_MS
    this.#maxConcurrent = opts.maxConcurrent ?? MAX_CONCURRENT
    this.#clock = opts.clock ?? monotonicClock
  }

  /**
   * Runs `run` when the budget allows. A call with the same `id` as one still queued or in flight gets
   * that call's promise (and lifts it to the higher of the two priorities) instead of a second request.
   */
  schedule<T>(id: string, priority: Priority, run: () => Promise<T>): Promise<T> {
    if (this.#disposed) return Promise.reject(cancelled())
    const existing = this.#pending.get(id)
    if (existing) {
      this.#stats.coalesced++
      if (RANK[priority] < existing.rank && this.#queue.includes(existing)) {
        existing.rank = RANK[priority]
        this.#sortQueue()
      }
      return existing.promise as Promise<T>
    }
    let resolve!: (value: unknown) => void
    let reject!: (reason: unknown) => void
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res
      reject = rej
    })
    const job: Job = {
      id,
      rank: RANK[priority],
      seq: this.#seq++,
      retried: false,
      run,
      promise,
      resolve,
      reject,
    }
    this.#pending.set(id, job)
    this.#enqueue(job)
    this.#pump()
    return promise as Promise<T>
  }

  /** Sends nothing for `ms` (a 429's Retry-After applies to the key, so to every queued request). */
  pause(ms: number): void {
    this.#pausedUntilMs = Math.max(this.#pausedUntilMs, this.#clock.now() + Math.max(0, ms))
  }

  stats(): BudgetStats {
    const paused = this.#pausedUntilMs > this.#clock.now()
    return {
      ...this.#stats,
      queued: this.#queue.length,
      inFlight: this.#running,
      pausedUntilMs: paused ? this.#pausedUntilMs : null,
    }
  }

  /** Rejects everything still queued (the key changed or the app is quitting); requests in flight finish. */
  dispose(): void {
    this.#disposed = true
    if (this.#wake) this.#clock.clearTimeout(this.#wake.handle)
    this.#wake = null
    for (const job of this.#queue) {
      this.#pending.delete(job.id)
      job.reject(cancelled())
    }
    this.#queue = []
  }

  #enqueue(job: Job): void {
    this.#queue.push(job)
    this.#sortQueue()
  }

  /** Priority first; a retried request ahead of new ones of its priority; then first come, first served. */
  #sortQueue(): void {
    this.#queue.sort((a, b) => a.rank - b.rank || Number(b.retried) - Number(a.retried) || a.seq - b.seq)
  }

  #pump(): void {
    while (!this.#disposed && this.#queue.length > 0 && this.#running < this.#maxConcurrent) {
      const now = this.#clock.now()
      if (now < this.#pausedUntilMs) return this.#wakeAt(this.#pausedUntilMs)
      this.#forgetOldSends(now)
      const oldest = this.#sentAt[0]
      if (oldest !== undefined && this.#sentAt.length >= this.#limit)
        return this.#wakeAt(oldest + this.#windowMs)
      const job = this.#queue.shift() as Job
      this.#sentAt.push(now)
      this.#start(job)
    }
  }

  #forgetOldSends(now: number): void {
    // A send stamped in the future means the clock went back; it no longer says anything about the window.
    this.#sentAt = this.#sentAt.filter((t) => t > now - this.#windowMs && t <= now)
  }

  #start(job: Job): void {
    this.#running++
    this.#stats.sent++
    let result: Promise<unknown>
    try {
      result = Promise.resolve(job.run())
    } catch (err) {
      result = Promise.reject(err)
    }
    result.then(
      (value) => this.#finish(job, () => job.resolve(value)),
      (err: unknown) => {
        const limited = err instanceof AppError && err.kind === 'rate_limit'
        if (limited) this.#stats.rateLimited++
        if (limited && !job.retried && !this.#disposed) {
          job.retried = true
          this.pause(err.retryAfterMs ?? this.#windowMs)
          this.#running--
          this.#enqueue(job)
          this.#pump()
          return
        }
        this.#finish(job, () => job.reject(err))
      },
    )
  }

  #finish(job: Job, settle: () => void): void {
    this.#running--
    this.#pending.delete(job.id)
    settle()
    this.#pump()
  }

  #wakeAt(atMs: number): void {
    if (this.#wake && this.#wake.atMs <= atMs) return
    if (this.#wake) this.#clock.clearTimeout(this.#wake.handle)
    const handle = this.#clock.setTimeout(
      () => {
        this.#wake = null
        this.#pump()
      },
      Math.max(0, atMs - this.#clock.now()),
    )
    this.#wake = { atMs, handle }
  }
}

function cancelled(): AppError {
  return new AppError('internal', 'The request was cancelled before it was sent.')
}
