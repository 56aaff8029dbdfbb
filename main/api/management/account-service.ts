// What the UI asks of the account: the tray popup's glance (balance, pooled quota, savings, the last 7
// days, totals) painted from the cache at once and refreshed behind it, any other endpoint the same way,
// and a listener told whenever something new lands. Each part carries its own error, so a 403 on
// Account & Usage leaves the catalog readable. Electron-free: the app wires it to IPC.
import { toIpcError } from '../../errors'
import type { Priority } from './budget'
import type { CacheFile } from './cache-file'
import { ManagementCache, type CacheView } from './cache'
import { ManagementClient, type ManagementClientOptions } from './client'
import { systemClock, type Clock, type TimerHandle } from './clock'
import { managementRequests, type ManagementRequest } from './requests'
import type { AccountUpdate, Glance, GlancePart, Part } from './glance'

export type { AccountUpdate, Glance, GlancePart, Part }

export const GLANCE_DAYS = 7

const GLANCE_REQUESTS = {
  me: managementRequests.me,
  quota: managementRequests.quota,
  savings: managementRequests.savings,
  daily: () => managementRequests.usageDaily(GLANCE_DAYS),
  stats: managementRequests.usageStats,
} satisfies Record<GlancePart, () => ManagementRequest<unknown>>

const GLANCE_PARTS = Object.keys(GLANCE_REQUESTS) as GlancePart[]

function glanceRequest(part: GlancePart): ManagementRequest<unknown> {
  return GLANCE_REQUESTS[part]()
}

export const TRAY_REFRESH_INTERVAL_MS = 60_000

/**
 * With the popup closed the tray shows the balance, so `/me` follows the refresh interval while the rest
 * is kept warm more lazily; opening the popup paints these at once and refreshes what is stale.
 */
export const TRAY_IDLE_MAX_AGE_MS: Record<GlancePart, number> = {
  me: 60_000,
  quota: 5 * 60_000,
  savings: 10 * 60_000,
  daily: 10 * 60_000,
  stats: 10 * 60_000,
}

/** A tick lands a little before an entry turns exactly one interval old; refresh it then, not a tick later. */
const TICK_SLACK_MS = 5_000

export interface AccountServiceOptions {
  cache: ManagementCache
  clock?: Clock
  refreshIntervalMs?: number
}

export class AccountService {
  readonly #cache: ManagementCache
  readonly #clock: Clock
  readonly #intervalMs: number
  readonly #listeners = new Set<(update: AccountUpdate) => void>()
  #popupOpen = false
  #timer: TimerHandle | null = null
  readonly #unsubscribe: () => void

  constructor(opts: AccountServiceOptions) {
    this.#cache = opts.cache
    this.#clock = opts.clock ?? systemClock
    this.#intervalMs = opts.refreshIntervalMs ?? TRAY_REFRESH_INTERVAL_MS
    this.#unsubscribe = this.#cache.onUpdate((requestId) => this.#notify(requestId))
  }

  get client(): ManagementClient {
    return this.#cache.client
  }

  /** The popup's data from the cache, at once; stale parts start refreshing (listeners hear of each). */
  glance(): Glance {
    return this.#paint((request) => this.#cache.get(request, { priority: 'foreground' }))
  }

  /** Refreshes every part now, stale or not (`/savings` keeps its 5-minute floor); errors stay per part. */
  async refreshGlance(opts: { force?: boolean } = {}): Promise<Glance> {
    await Promise.all(
      GLANCE_PARTS.map((part) =>
        this.#cache.refresh(glanceRequest(part), { priority: 'foreground', force: opts.force ?? true }),
      ),
    )
    return this.#paint((request) => this.#cache.peek(request))
  }

  /** Any endpoint the same way: cached at once, refreshed in the background when stale. */
  view<T>(request: ManagementRequest<T>, opts: { priority?: Priority } = {}): Part<T> {
    return toPart(this.#cache.get(request, opts))
  }

  /** The same, waiting for a refresh when the cache has nothing fresh. */
  async fetchView<T>(request: ManagementRequest<T>, opts: { priority?: Priority } = {}): Promise<Part<T>> {
    const cached = this.#cache.peek(request)
    if (!cached.stale) return toPart(cached)
    return toPart(await this.#cache.refresh(request, opts))
  }

  /** Opening the popup refreshes what is stale right away, at the front of the queue. */
  setPopupOpen(open: boolean): void {
    this.#popupOpen = open
    if (open) this.glance()
  }

  /** Starts the periodic refresh (first tick at once). */
  start(): void {
    if (this.#timer === null) this.#tick()
  }

  stop(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer)
    this.#timer = null
  }

  /** Stops refreshing and detaches from the cache and every listener (the key changed). */
  dispose(): void {
    this.stop()
    this.#unsubscribe()
    this.#listeners.clear()
  }

  onUpdate(listener: (update: AccountUpdate) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #tick(): void {
    const open = this.#popupOpen
    for (const part of GLANCE_PARTS) {
      const request = glanceRequest(part)
      const view = this.#cache.peek(request)
      const maxAgeMs = open ? request.freshForMs : TRAY_IDLE_MAX_AGE_MS[part]
      if (view.ageMs === null || view.ageMs + TICK_SLACK_MS >= maxAgeMs) {
        void this.#cache.refresh(request, { priority: open ? 'foreground' : 'background' })
      }
    }
    this.#timer = this.#clock.setTimeout(() => this.#tick(), this.#intervalMs)
  }

  #notify(requestId: string): void {
    if (this.#listeners.size === 0) return
    const update = { requestId, glance: this.#paint((request) => this.#cache.peek(request)) }
    for (const listener of this.#listeners) {
      try {
        listener(update)
      } catch {
        // One listener failing must not keep the update from the others.
      }
    }
  }

  #paint(read: <T>(request: ManagementRequest<T>) => CacheView<T>): Glance {
    return {
      me: toPart(read(GLANCE_REQUESTS.me())),
      quota: toPart(read(GLANCE_REQUESTS.quota())),
      savings: toPart(read(GLANCE_REQUESTS.savings())),
      daily: toPart(read(GLANCE_REQUESTS.daily())),
      stats: toPart(read(GLANCE_REQUESTS.stats())),
      access: this.#cache.client.access,
    }
  }
}

export function toPart<T>(view: CacheView<T>): Part<T> {
  return {
    value: view.value,
    fetchedAt: view.fetchedAtMs === null ? null : new Date(view.fetchedAtMs).toISOString(),
    ageMs: view.ageMs,
    stale: view.stale,
    refreshing: view.refreshing,
    error: view.error ? toIpcError(view.error) : null,
  }
}

export interface AccountServiceSetup extends Omit<ManagementClientOptions, 'clock'> {
  /** Opened once for the app and shared by every key. */
  file: CacheFile
  clock?: Clock
  refreshIntervalMs?: number
}

/** Client, cache and service for one key. Make a new one when the key changes. */
export function createAccountService(setup: AccountServiceSetup): AccountService {
  const { file, clock, refreshIntervalMs, ...clientOptions } = setup
  const client = new ManagementClient({ ...clientOptions, clock })
  const cache = new ManagementCache({ client, file, clock })
  return new AccountService({ cache, clock, refreshIntervalMs })
}
