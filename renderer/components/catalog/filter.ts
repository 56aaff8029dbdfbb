// The catalog's list logic, pure: one row per model with what search, filters and sorting read, then the
// filters themselves. Prices compared are the VND figures the rows show (after the plan discount).
import type {
  CatalogKind,
  CatalogList,
  Part,
  ReaderModel,
  ReaderModels,
  VoiceModel,
  VoiceModels,
  VndPerUsd,
} from '../../../preload/contract'
import {
  cheapestImage,
  cheapestVideoSecond,
  embeddingPrice,
  estimateVnd,
  videoSummary,
  type EmbeddingModel,
  type ImageModel,
  type TextModel,
  type VideoModel,
  type VideoSummary,
} from '../../lib/pricing'

/**
 * The catalog's tabs: the management API's four model lists, then the speech models (`/v1/models/tts`)
 * and the realtime models (`/v1/realtime/models`), which their own APIs sell and price in VND.
 */
export type CatalogTab = CatalogKind | 'speech' | 'realtime'

/** A tab's list as loaded: the management lists as main sends them, the other two as one part each. */
export type TabList =
  CatalogList | { kind: 'speech'; list: Part<ReaderModels> } | { kind: 'realtime'; list: Part<VoiceModels> }

interface RowBase {
  id: string
  name: string
  provider: string
  /** Name, id, provider and description, folded for search. */
  searchText: string
  /**
   * Per 1M input tokens (text, embedding), per image (image), per second (video), per 1M characters
   * (speech), per minute of a typical conversation (realtime); null when unknown.
   */
  priceVnd: number | null
  /** Context window (text) or maximum input (embedding), in tokens. */
  contextTokens: number | null
}

/** The rate a USD-priced list came with, for the estimates the row and its detail show. */
interface InUsd {
  vndPerUsd: VndPerUsd
}

export type CatalogRow = RowBase &
  (
    | ({ kind: 'text'; model: TextModel } & InUsd)
    | ({ kind: 'image'; model: ImageModel } & InUsd)
    | ({ kind: 'video'; model: VideoModel; video: VideoSummary } & InUsd)
    | ({ kind: 'embedding'; model: EmbeddingModel } & InUsd)
    | { kind: 'speech'; model: ReaderModel }
    | { kind: 'realtime'; model: VoiceModel }
  )

export type SortKey = 'name' | 'price' | 'context'

export interface CatalogFilter {
  query: string
  /** Empty: every provider. */
  providers: string[]
  /** Text only. */
  visionOnly: boolean
  /** Text only. */
  minContextTokens: number | null
  maxPriceVnd: number | null
  sort: SortKey
}

export const SORTS_BY_KIND: Record<CatalogTab, readonly SortKey[]> = {
  text: ['name', 'price', 'context'],
  image: ['name', 'price'],
  video: ['name', 'price'],
  embedding: ['name', 'price', 'context'],
  speech: ['name', 'price'],
  realtime: ['name', 'price'],
}

export const CONTEXT_STEPS_TOKENS = [32_000, 128_000, 200_000, 1_000_000] as const

export function emptyFilter(): CatalogFilter {
  return {
    query: '',
    providers: [],
    visionOnly: false,
    minContextTokens: null,
    maxPriceVnd: null,
    sort: 'name',
  }
}

/** Lower case without Vietnamese diacritics, so "dong" finds "đồng" and "Mo hinh" finds "Mô hình". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase()
}

/** `openai/tts-1` → `openai`: speech and realtime ids name their vendor first (tts-api.md "Model IDs"). */
export function vendorOf(id: string): string {
  const slash = id.indexOf('/')
  return slash > 0 ? id.slice(0, slash) : id
}

function listedRow(id: string, name: string | null, extra: string, priceVnd: number | null): RowBase {
  const shown = name ?? id
  return {
    id,
    name: shown,
    provider: vendorOf(id),
    searchText: foldForSearch([shown, id, extra].join('\n')),
    priceVnd,
    contextTokens: null,
  }
}

/** The rows of one tab's list; none while it has no value. */
export function catalogRows(list: TabList): CatalogRow[] {
  if (list.kind === 'speech') {
    return (list.list.value?.models ?? []).map((model) => ({
      kind: 'speech',
      model,
      ...listedRow(model.id, model.name, model.group, model.unitPriceVndPer1M),
    }))
  }
  if (list.kind === 'realtime') {
    return (list.list.value?.models ?? []).map((model) => ({
      kind: 'realtime',
      model,
      ...listedRow(model.id, model.name, model.protocol ?? '', model.estimatedVndPerMin),
    }))
  }
  const { vndPerUsd } = list
  const base = (
    m: { model_id: string; name: string; provider: string; description?: string },
    priceVnd: number | null,
    contextTokens: number | null,
  ): RowBase => ({
    id: m.model_id,
    name: m.name,
    provider: m.provider,
    searchText: foldForSearch([m.name, m.model_id, m.provider, m.description ?? ''].join('\n')),
    priceVnd,
    contextTokens,
  })
  switch (list.kind) {
    case 'text':
      return (list.list.value?.data ?? []).map((model) => ({
        kind: 'text',
        model,
        vndPerUsd,
        ...base(
          model,
          estimateVnd(model.pricing.input, model.discount.percent, vndPerUsd.rate).vnd,
          model.context_window,
        ),
      }))
    case 'image':
      return (list.list.value?.data ?? []).map((model) => ({
        kind: 'image',
        model,
        vndPerUsd,
        ...base(model, cheapestImage(model)?.vnd.vnd ?? null, null),
      }))
    case 'video':
      return (list.list.value?.data ?? []).map((model) => {
        const video = videoSummary(model.pricing, vndPerUsd.rate)
        return {
          kind: 'video',
          model,
          video,
          vndPerUsd,
          ...base(model, cheapestVideoSecond(video)?.perSecondVnd.vnd ?? null, null),
        }
      })
    case 'embedding':
      return (list.list.value?.data ?? []).map((model) => ({
        kind: 'embedding',
        model,
        vndPerUsd,
        ...base(model, embeddingPrice(model).vnd.vnd, model.max_input_tokens),
      }))
  }
}

export function providersOf(rows: readonly CatalogRow[]): string[] {
  return [...new Set(rows.map((r) => r.provider))].sort((a, b) => a.localeCompare(b))
}

/** True when anything but the sort narrows the list. */
export function isNarrowed(f: CatalogFilter): boolean {
  return (
    f.query.trim() !== '' ||
    f.providers.length > 0 ||
    f.visionOnly ||
    f.minContextTokens !== null ||
    f.maxPriceVnd !== null
  )
}

export function matchesFilter(row: CatalogRow, f: CatalogFilter): boolean {
  const words = foldForSearch(f.query).split(/\s+/).filter(Boolean)
  if (!words.every((w) => row.searchText.includes(w))) return false
  if (f.providers.length > 0 && !f.providers.includes(row.provider)) return false
  if (row.kind === 'text') {
    if (f.visionOnly && !row.model.supports_vision) return false
    if (f.minContextTokens !== null && row.model.context_window < f.minContextTokens) return false
  }
  if (f.maxPriceVnd !== null && (row.priceVnd === null || row.priceVnd > f.maxPriceVnd)) return false
  return true
}

const byName = (a: CatalogRow, b: CatalogRow) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true })

/** Unknown values sort last whichever the direction. */
function byNumber(pick: (r: CatalogRow) => number | null, direction: 1 | -1) {
  return (a: CatalogRow, b: CatalogRow) => {
    const x = pick(a)
    const y = pick(b)
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1
    return (x - y) * direction || byName(a, b)
  }
}

export function sortRows(rows: readonly CatalogRow[], sort: SortKey): CatalogRow[] {
  const compare =
    sort === 'price'
      ? byNumber((r) => r.priceVnd, 1)
      : sort === 'context'
        ? byNumber((r) => r.contextTokens, -1)
        : byName
  return [...rows].sort(compare)
}

export function visibleRows(rows: readonly CatalogRow[], f: CatalogFilter): CatalogRow[] {
  return sortRows(
    rows.filter((r) => matchesFilter(r, f)),
    f.sort,
  )
}

export type RowOf<K extends CatalogTab> = Extract<CatalogRow, { kind: K }>

export function rowsOfKind<K extends CatalogTab>(rows: readonly CatalogRow[], kind: K): RowOf<K>[] {
  return rows.filter((r): r is RowOf<K> => r.kind === kind)
}
