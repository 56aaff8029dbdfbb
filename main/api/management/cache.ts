// Stale-while-revalidate over the key's management answers: `get` returns what is cached at once, with its
// age, and refreshes it in the background when it is older than its endpoint's freshness. Answers are
// stored as received (keyed by the key's hash and the request id) and parsed when read, so a schema that
// changed between versions drops an old entry instead of misreading it.
import { AppError } from '../../errors'
import type { Priority } from './budget'
import type { CacheFile } from './cache-file'
import type { ManagementClient } from './client'
import { systemClock, type Clock } from './clock'
import type { ManagementRequest } from './requests'

export interface CacheView<T> {
  value: T | null
  fetchedAtMs: number | null
  ageMs: number | null
  /** No value, or one older than its endpoint's freshness. */
  stale: boolean
  refreshing: boolean
  /** Why the last refresh failed; cleared by the next success. */
  error: AppError | null
}

export interface RefreshOptions {
  priority?: Priority
  /** Ignore the back-off after a failure (the user asked). The endpoint's minimum interval still holds. */
  force?: boolean
}

export interface ManagementCacheOptions {
  client: ManagementClient
  file: CacheFile
  clock?: Clock
}

const RETRY_FIRST_MS = 15_000
const RETRY_MAX_MS = 5 * 60_000
/** A refusal does not change by asking again soon: reseller/internal rarely, a lock within hours. */
const REFUSED_RETRY_MS: Partial<Record<AppError['kind'], number>> = {
  auth: 5 * 60_000,
  account_locked: 5 * 60_000,
  forbidden: 30 * 60_000,
}

interface Failure {
  error: AppError
  count: number
  nextAttemptAtMs: number
}

export class ManagementCache {
  readonly #client: ManagementClient
  readonly #file: CacheFile
  readonly #clock: Clock
  readonly #parsed = new Map<string, { fetchedAtMs: number; value: unknown }>()
  readonly #failures = new Map<string, Failure>()
  readonly #inFlight = new Map<string, Promise<void>>()
  readonly #listeners = new Set<(requestId: string) => void>()

  constructor(opts: ManagementCacheOptions) {
    this.#client = opts.client
    this.#file = opts.file
    this.#clock = opts.clock ?? systemClock
  }

  get client(): ManagementClient {
    return this.#client
  }

  /** What is cached, without side effects. */
  peek<T>(request: ManagementRequest<T>): CacheView<T> {
    const hit = this.#read(request)
    const sinceMs = hit ? this.#clock.now() - hit.fetchedAtMs : null
    return {
      value: hit ? hit.value : null,
      fetchedAtMs: hit ? hit.fetchedAtMs : null,
      ageMs: sinceMs === null ? null : Math.max(0, sinceMs),
      // Fetched "in the future" means the wall clock was set back: its age is unknown, so refresh it.
      stale: sinceMs === null || sinceMs < 0 || sinceMs >= request.freshForMs,
      refreshing: this.#inFlight.has(request.id),
      error: this.#failures.get(request.id)?.error ?? null,
    }
  }

  /** What is cached, at once; a stale entry is refreshed in the background (listeners hear when it lands). */
  get<T>(request: ManagementRequest<T>, opts: { priority?: Priority } = {}): CacheView<T> {
    const view = this.peek(request)
    if (view.stale && !view.refreshing && this.#mayRetry(request.id)) {
      void this.refresh(request, opts)
      return { ...view, refreshing: true }
    }
    return view
  }

  /**
   * Fetches a new answer (joining one already on its way) and returns the resulting view; never rejects,
   * failures are in `error`. Skips the network inside the endpoint's minimum interval, and after a failure
   * until its back-off ends unless forced.
   */
  refresh<T>(request: ManagementRequest<T>, opts: RefreshOptions = {}): Promise<CacheView<T>> {
    const running = this.#inFlight.get(request.id)
    if (running) return running.then(() => this.peek(request))
    const cached = this.#file.get(this.#client.keyHash, request.id)
    const sinceMs = cached ? this.#clock.now() - cached.fetchedAtMs : Infinity
    const tooSoon = sinceMs >= 0 && sinceMs < request.minIntervalMs
    if (tooSoon || (!opts.force && !this.#mayRetry(request.id))) {
      return Promise.resolve(this.peek(request))
    }
    const done = this.#fetch(request, opts.priority ?? 'foreground').finally(() => {
      this.#inFlight.delete(request.id)
      this.#emit(request.id)
    })
    this.#inFlight.set(request.id, done)
    return done.then(() => this.peek(request))
  }

  /** A value no older than the endpoint's freshness: cached when fresh, else fetched. Rejects on failure. */
  async load<T>(request: ManagementRequest<T>, opts: RefreshOptions = {}): Promise<T> {
    const cached = this.peek(request)
    if (cached.value !== null && !cached.stale) return cached.value
    const view = await this.refresh(request, { force: true, ...opts })
    if (view.error) throw view.error
    if (view.value === null) throw new AppError('internal', `No answer for ${request.path}.`)
    return view.value
  }

  /** Called with the request id whenever an entry or its error changes. Returns the unsubscribe function. */
  onUpdate(listener: (requestId: string) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Drops everything cached for this key, on disk too. */
  forget(): void {
    this.#file.forget(this.#client.keyHash)
    this.#parsed.clear()
    this.#failures.clear()
  }

  async #fetch<T>(request: ManagementRequest<T>, priority: Priority): Promise<void> {
    try {
      const got = await this.#client.fetch(request, { priority })
      this.#file.set(this.#client.keyHash, request.id, { fetchedAtMs: got.fetchedAtMs, body: got.body })
      this.#parsed.set(request.id, { fetchedAtMs: got.fetchedAtMs, value: got.value })
      this.#failures.delete(request.id)
    } catch (err) {
      const error =
        err instanceof AppError ? err : new AppError('internal', 'The refresh failed.', { cause: err })
      const count = (this.#failures.get(request.id)?.count ?? 0) + 1
      this.#failures.set(request.id, {
        error,
        count,
        nextAttemptAtMs: this.#clock.now() + backoffMs(error, count),
      })
    }
  }

  #read<T>(request: ManagementRequest<T>): { fetchedAtMs: number; value: T } | undefined {
    const entry = this.#file.get(this.#client.keyHash, request.id)
    if (!entry) return undefined
    const memo = this.#parsed.get(request.id)
    if (memo && memo.fetchedAtMs === entry.fetchedAtMs) return memo as { fetchedAtMs: number; value: T }
    try {
      const value = request.parse(entry.body)
      this.#parsed.set(request.id, { fetchedAtMs: entry.fetchedAtMs, value })
      return { fetchedAtMs: entry.fetchedAtMs, value }
    } catch {
      // Written by a version that read this endpoint differently: as good as absent.
      this.#file.delete(this.#client.keyHash, request.id)
      return undefined
    }
  }

  #mayRetry(id: string): boolean {
    const failure = this.#failures.get(id)
    return !failure || this.#clock.now() >= failure.nextAttemptAtMs
  }

  #emit(requestId: string): void {
    for (const listener of this.#listeners) {
      try {
        listener(requestId)
      } catch {
        // A listener's failure is its own; the other listeners and the cache carry on.
      }
    }
  }
}

function backoffMs(error: AppError, count: number): number {
  if (error.kind === 'rate_limit') return error.retryAfterMs ?? 60_000
  return REFUSED_RETRY_MS[error.kind] ?? Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (count - 1))
}
