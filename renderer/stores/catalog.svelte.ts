// The model catalog: each tab's list loaded on first view and kept, per-tab filters, the open model's
// detail. Everything is dropped when the account changes, since prices follow the caller's plan.
import type { CatalogKind, CatalogList, Glance, IpcError, IpcResult } from '../../preload/contract'
import {
  catalogRows,
  emptyFilter,
  providersOf,
  visibleRows,
  type CatalogFilter,
  type CatalogRow,
} from '../components/catalog/filter'
import { loa } from '../lib/bridge'
import type { ModelDetail } from '../lib/pricing'

export const CATALOG_KINDS: readonly CatalogKind[] = ['text', 'image', 'video', 'embedding']

/** The bridge calls the catalog makes; tests pass their own. */
export interface CatalogApi {
  list(request: { kind: CatalogKind }): Promise<IpcResult<CatalogList>>
  model(request: { id: string }): Promise<IpcResult<ModelDetail>>
  glance(): Promise<IpcResult<Glance>>
}

const bridgeApi: CatalogApi = {
  list: (request) => loa.catalog.list(request),
  model: (request) => loa.catalog.model(request),
  glance: () => loa.account.glance(),
}

export interface TabLoad {
  list: CatalogList | null
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

const allTabs = <T>(make: () => T): Record<CatalogKind, T> => ({
  text: make(),
  image: make(),
  video: make(),
  embedding: make(),
})

function failure(err: unknown): IpcError {
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) }
}

export class CatalogStore {
  active: CatalogKind = $state('text')
  readonly filters: Record<CatalogKind, CatalogFilter> = $state(allTabs(emptyFilter))
  detail: DetailState | null = $state.raw(null)
  /** The caller's plan code from the account glance; null when unknown (e.g. reseller accounts). */
  plan: string | null = $state(null)
  #tabs: Record<CatalogKind, TabLoad> = $state.raw(allTabs(idleTab))
  #account: string | null = null
  /** Bumped on every reset, so answers for the previous account are dropped. */
  #generation = 0
  readonly #api: CatalogApi

  constructor(api: CatalogApi = bridgeApi) {
    this.#api = api
  }

  tab(kind: CatalogKind): TabLoad {
    return this.#tabs[kind]
  }

  visible(kind: CatalogKind): CatalogRow[] {
    return visibleRows(this.#tabs[kind].rows, this.filters[kind])
  }

  providers(kind: CatalogKind): string[] {
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

  select(kind: CatalogKind): void {
    this.active = kind
    void this.ensure(kind)
  }

  /** Loads a tab the first time it is shown. */
  async ensure(kind: CatalogKind): Promise<void> {
    const tab = this.#tabs[kind]
    if (tab.list || tab.loading) return
    await this.load(kind)
  }

  async load(kind: CatalogKind): Promise<void> {
    const generation = this.#generation
    this.#setTab(kind, { ...this.#tabs[kind], loading: true, error: null })
    let next: TabLoad
    try {
      const result = await this.#api.list({ kind })
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

  resetFilter(kind: CatalogKind): void {
    this.filters[kind] = { ...emptyFilter(), sort: this.filters[kind].sort }
  }

  #setTab(kind: CatalogKind, tab: TabLoad): void {
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
