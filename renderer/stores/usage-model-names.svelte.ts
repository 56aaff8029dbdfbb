// The model catalogs' call id → display name, which the usage drill-down needs to tell which recent
// requests belong to a row of the per-model table (components/usage/model-records.ts). Loaded once, on
// the first drill-down; main keeps the catalogs cached, so this costs no extra calls to the service when
// the Catalog has been opened. A list that fails only leaves its models matched by id and name alone.
import type { CatalogKind, IpcResult } from '../../preload/contract'
import { modelNamesOf, NO_MODEL_NAMES, type ModelNames } from '../components/usage/model-records'
import { loa } from '../lib/bridge'

const CATALOG_KINDS: readonly CatalogKind[] = ['text', 'image', 'video', 'embedding']

type Named = { id: string; name: string | null }

/** The bridge calls the names come from; tests pass their own. */
export interface ModelNamesApi {
  lists(): Promise<IpcResult<Named[]>[]>
}

const bridgeApi: ModelNamesApi = {
  lists: () =>
    Promise.all([
      ...CATALOG_KINDS.map(async (kind) => {
        const r = await loa.catalog.list({ kind })
        if (!r.ok) return r
        const data: { model_id: string; name: string }[] = r.value.list.value?.data ?? []
        return { ok: true as const, value: data.map((m) => ({ id: m.model_id, name: m.name })) }
      }),
      loa.tts.models().then((r) => (r.ok ? { ok: true as const, value: r.value.models } : r)),
      loa.voice.models().then((r) => (r.ok ? { ok: true as const, value: r.value.models } : r)),
    ]),
}

export class UsageModelNames {
  names: ModelNames = $state.raw(NO_MODEL_NAMES)
  loading = $state(false)
  #asked = false

  constructor(private readonly api: ModelNamesApi = bridgeApi) {}

  async ensure(): Promise<void> {
    if (this.#asked) return
    this.#asked = true
    this.loading = true
    try {
      const results = await this.api.lists()
      this.names = modelNamesOf(results.flatMap((r) => (r.ok ? [r.value] : [])))
    } catch {
      // Matching by id and name still works; the drill-down says how many requests it could not show.
      this.#asked = false
    } finally {
      this.loading = false
    }
  }
}
