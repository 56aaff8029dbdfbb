// The model catalog: each tab's list loaded on first view and kept, per-tab filters, the open model's
// detail. Everything is dropped when the account changes, since prices follow the caller's plan.
import type {
  CatalogKind,
  CatalogList,
  Glance,
  IpcError,
  IpcResult,
  Part,
  ReaderModels,
  VoiceModels,
} from '../../preload/contract'
import {
  catalogRows,
  emptyFilter,
  providersOf,
  visibleRows,
  type CatalogFilter,
  type CatalogRow,
  type CatalogTab,
  type TabList,
} from '../components/catalog/filter'
import { loa } from '../lib/bridge'
import type { ModelDetail } from '../lib/pricing'

export const CATALOG_KINDS: readonly CatalogTab[] = [
  'text',
  'image',
  'video',
  'embedding',
  'speech',
  'realtime',
]

/** The bridge calls the catalog makes; tests pass their own. */
export interface CatalogApi {
  list(request: { kind: CatalogKind }): Promise<IpcResult<CatalogList>>
  model(request: { id: string }): Promise<IpcResult<ModelDetail>>
  glance(): Promise<IpcResult<Glance>>
  /** The speech models with their VND price per 1M characters, the Reader's own list. */
  speech(): Promise<IpcResult<ReaderModels>>
  /** The realtime models with their VND per minute on the plan, the Voice view's own list. */
  realtime(): Promise<IpcResult<VoiceModels>>
}

const bridgeApi: CatalogApi = {
  list: (request) => loa.catalog.list(request),
  model: (request) => loa.catalog.model(request),
  glance: () => loa.account.glance(),
  speech: () => loa.tts.models(),
  realtime: () => loa.voice.models(),
}

export interface TabLoad {
  list: TabList | null
  rows: CatalogRow[]
  loading: boolean
  /** The call itself failed (nothing came back); a failed refresh behind a cached list is in `list`. */
  error: IpcError | null
}

export interface DetailState {
  id: string
  /** The list's copy of the model, shown until the detail arrives or when it cannot. */
  row: CatalogRow | null
  loading: boolean
  value: ModelDetail | null
  error: IpcError | null
}

const idleTab = (): TabLoad => ({ list: null, rows: [], loading: false, error: null })

const allTabs = <T>(make: () => T): Record<CatalogTab, T> => ({
  text: make(),
  image: make(),
  video: make(),
  embedding: make(),
  speech: make(),
  realtime: make(),
})

/**
 * A list main sends whole, as the one part a tab's status reads. Main keeps these lists fresh itself, so
 * a list that came back is the current one.
 */
function whole<T>(result: IpcResult<T>, tag: (list: Part<T>) => TabList): IpcResult<TabList> {
  if (!result.ok) return result
  const fetchedAt = new Date().toISOString()
  return {
    ok: true,
    value: tag({ value: result.value, fetchedAt, ageMs: 0, stale: false, refreshing: false, error: null }),
  }
}

function failure(err: unknown): IpcError {
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) }
}

export class CatalogStore {
  active: CatalogTab = $state('text')
  readonly filters: Record<CatalogTab, CatalogFilter> = $state(allTabs(emptyFilter))
  detail: DetailState | null = $state.raw(null)
  /** The caller's plan code from the account glance; null when unknown (e.g. reseller accounts). */
  plan: string | null = $state(null)
  #tabs: Record<CatalogTab, TabLoad> = $state.raw(allTabs(idleTab))
  #account: string | null = null
  /** Bumped on every reset, so answers for the previous account are dropped. */
  #generation = 0
  readonly #api: CatalogApi

  constructor(api: CatalogApi = bridgeApi) {
    this.#api = api
  }

  tab(kind: CatalogTab): TabLoad {
    return this.#tabs[kind]
  }

  visible(kind: CatalogTab): CatalogRow[] {
    return visibleRows(this.#tabs[kind].rows, this.filters[kind])
  }

  providers(kind: CatalogTab): string[] {
    return providersOf(this.#tabs[kind].rows)
  }

  /** Keeps what is loaded while the account stays the same; anything else starts over. */
  useAccount(account: string): void {
    if (account === this.#account) return
    this.#account = account
    this.#generation++
    this.#tabs = allTabs(idleTab)
    this.detail = null
    this.plan = null
    void this.#loadPlan()
  }

  select(kind: CatalogTab): void {
    this.active = kind
    void this.ensure(kind)
  }

  /** Loads a tab the first time it is shown. */
  async ensure(kind: CatalogTab): Promise<void> {
    const tab = this.#tabs[kind]
    if (tab.list || tab.loading) return
    await this.load(kind)
  }

  async load(kind: CatalogTab): Promise<void> {
    const generation = this.#generation
    this.#setTab(kind, { ...this.#tabs[kind], loading: true, error: null })
    let next: TabLoad
    try {
      const result = await this.#fetch(kind)
      next = result.ok
        ? { list: result.value, rows: catalogRows(result.value), loading: false, error: null }
        : { ...this.#tabs[kind], loading: false, error: result.error }
    } catch (err) {
      next = { ...this.#tabs[kind], loading: false, error: failure(err) }
    }
    if (generation === this.#generation) this.#setTab(kind, next)
  }

  async openModel(id: string): Promise<void> {
    const generation = this.#generation
    const row = CATALOG_KINDS.flatMap((k) => this.#tabs[k].rows).find((r) => r.id === id) ?? null
    this.detail = { id, row, loading: true, value: null, error: null }
    let settled: Pick<DetailState, 'value' | 'error'>
    try {
      const result = await this.#api.model({ id })
      settled = result.ok ? { value: result.value, error: null } : { value: null, error: result.error }
    } catch (err) {
      settled = { value: null, error: failure(err) }
    }
    if (generation === this.#generation && this.detail?.id === id) {
      this.detail = { ...this.detail, loading: false, ...settled }
    }
  }

  closeModel(): void {
    this.detail = null
  }

  resetFilter(kind: CatalogTab): void {
    this.filters[kind] = { ...emptyFilter(), sort: this.filters[kind].sort }
  }

  async #fetch(kind: CatalogTab): Promise<IpcResult<TabList>> {
    if (kind === 'speech') return whole(await this.#api.speech(), (list) => ({ kind, list }))
    if (kind === 'realtime') return whole(await this.#api.realtime(), (list) => ({ kind, list }))
    return this.#api.list({ kind })
  }

  #setTab(kind: CatalogTab, tab: TabLoad): void {
    this.#tabs = { ...this.#tabs, [kind]: tab }
  }

  async #loadPlan(): Promise<void> {
    const generation = this.#generation
    try {
      const result = await this.#api.glance()
      if (generation === this.#generation && result.ok) this.plan = result.value.me.value?.plan ?? null
    } catch {
      // The plan only labels the prices; each model's discount is shown either way.
    }
  }
}

export const catalog = new CatalogStore()
