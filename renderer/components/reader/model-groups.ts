// The Reader's ~25 speech models in groups a listener chooses between: the free one, those that read
// Vietnamese, the English-only ones (they mispronounce Vietnamese, tts-api.md "M9"), and any whose
// languages are not known; each group cheapest first, a price not known last, then by vendor and name,
// so the order is the same on every visit whatever order the service lists them in.
import type { ReaderModel } from '../../../preload/contract'

export type ModelGroupKey = 'free' | 'vietnamese' | 'english' | 'other'

export interface ModelGroup {
  key: ModelGroupKey
  models: ReaderModel[]
}

const ORDER: readonly ModelGroupKey[] = ['free', 'vietnamese', 'english', 'other']

function groupOf(m: ReaderModel): ModelGroupKey {
  if (m.free) return 'free'
  if (m.vietnamese === 'native') return 'vietnamese'
  if (m.vietnamese === 'poor') return 'english'
  return 'other'
}

/** `openai` of `openai/tts-1`. */
export function vendorOf(m: ReaderModel): string {
  const slash = m.id.indexOf('/')
  return slash > 0 ? m.id.slice(0, slash) : m.id
}

function byPrice(a: ReaderModel, b: ReaderModel): number {
  const pa = a.unitPriceVndPer1M ?? Infinity
  const pb = b.unitPriceVndPer1M ?? Infinity
  if (pa !== pb) return pa < pb ? -1 : 1
  return vendorOf(a).localeCompare(vendorOf(b)) || (a.name ?? a.id).localeCompare(b.name ?? b.id)
}

/** The non-empty groups, in a fixed order. */
export function groupModels(models: readonly ReaderModel[]): ModelGroup[] {
  return ORDER.map((key) => ({
    key,
    models: models.filter((m) => groupOf(m) === key).sort(byPrice),
  })).filter((g) => g.models.length > 0)
}
