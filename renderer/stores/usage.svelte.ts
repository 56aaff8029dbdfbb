// What the usage window shows besides the glance: the daily series for the chosen span, the per-model
// totals and the recent requests. Each section loads, fails and refreshes on its own.
import type { IpcError, IpcResult, Part, UsageDays } from '../../preload/contract'
import type { DailyUsage } from '../components/account/shapes'
import type { ModelUsage, UsagePage } from '../components/usage/shapes'
import { loa } from '../lib/bridge'
import { UsageModelNames } from './usage-model-names.svelte'

export const USAGE_DAY_SPANS: readonly UsageDays[] = [7, 30, 90, 365]
/** The most the service lists at once. */
export const RECORDS_LIMIT = 200

function failed<T>(error: IpcError, kept: Part<T> | null): Part<T> {
  return kept
    ? { ...kept, refreshing: false, error }
    : { value: null, fetchedAt: null, ageMs: null, stale: false, refreshing: false, error }
}

/** One section's data. A newer load wins over an older one still on its way. */
export class UsageSection<T, Request> {
  part: Part<T> | null = $state.raw(null)
  /** The request the shown part answers. */
  request: Request | null = $state.raw(null)
  loading = $state(false)
  #latest = 0

  constructor(private readonly fetch: (request: Request) => Promise<IpcResult<Part<T>>>) {}

  async load(request: Request): Promise<void> {
    const id = ++this.#latest
    this.loading = true
    let next: Part<T>
    try {
      const result = await this.fetch(request)
      const kept = sameRequest(this.request, request) ? this.part : null
      next = result.ok ? result.value : failed(result.error, kept)
    } catch (err) {
      next = failed({ kind: 'internal', message: err instanceof Error ? err.message : String(err) }, null)
    }
    if (id !== this.#latest) return
    this.part = next
    this.request = request
    this.loading = false
  }
}

/** Requests are small plain objects (or nothing): equal when they serialise alike. */
function sameRequest(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export class UsageStore {
  days: UsageDays = $state(30)
  readonly daily = new UsageSection<DailyUsage, { days: UsageDays }>((r) => loa.usage.daily(r))
  readonly models = new UsageSection<ModelUsage, undefined>(() => loa.usage.models())
  readonly records = new UsageSection<UsagePage, { limit: number }>((r) => loa.usage.records(r))
  /** The per-model table's row drilled into, by its `modelId`; null shows every model. */
  openModelId: string | null = $state(null)
  readonly modelNames = new UsageModelNames()

  openModel(modelId: string): void {
    this.openModelId = modelId
    void this.modelNames.ensure()
  }

  closeModel(): void {
    this.openModelId = null
  }

  showDays(days: UsageDays): Promise<void> {
    this.days = days
    return this.daily.load({ days })
  }

  async loadAll(): Promise<void> {
    await Promise.all([
      this.daily.load({ days: this.days }),
      this.models.load(undefined),
      this.records.load({ limit: RECORDS_LIMIT }),
    ])
  }
}

export const usage = new UsageStore()
