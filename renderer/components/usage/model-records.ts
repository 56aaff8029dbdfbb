// Which of the recent requests belong to one row of the per-model table. The two endpoints name a model
// differently (management-api.md): `/usage/models` gives the model's record id and display name, `/usage`
// records the id used in the call. A record is the model's when it names the row's id or name, or when
// the catalogs say its model id carries the row's name.
import type { ModelUsageItem, UsageRecord } from './shapes'

/** Call id → display name, from the model catalogs; empty while they are not known. */
export type ModelNames = ReadonlyMap<string, string>

export function isRecordOf(record: UsageRecord, item: ModelUsageItem, names: ModelNames): boolean {
  return (
    record.model === item.modelId ||
    record.model === item.modelName ||
    names.get(record.model) === item.modelName
  )
}

export function recordsOfModel(
  records: readonly UsageRecord[],
  item: ModelUsageItem,
  names: ModelNames,
): UsageRecord[] {
  return records.filter((r) => isRecordOf(r, item, names))
}

export interface ModelRecordsShortfall {
  /** The model's requests, by the per-model totals. */
  held: number
  /** Of those, not among the records listed. */
  missing: number
}

/**
 * `/usage` lists at most the latest 200 requests of every model together and has no paging, so a model
 * with more requests than the list holds of it has some left out: the per-model count says how many.
 */
export function modelRecordsShortfall(item: ModelUsageItem, shown: number): ModelRecordsShortfall | null {
  const held = item.requestCount
  return Number.isFinite(held) && held > shown ? { held, missing: held - shown } : null
}

export interface RecordTotals {
  requests: number
  tokens: number
  costVnd: number
}

export function recordTotals(records: readonly UsageRecord[]): RecordTotals {
  return {
    requests: records.length,
    tokens: records.reduce((sum, r) => sum + r.totalTokens, 0),
    costVnd: records.reduce((sum, r) => sum + r.costVND, 0),
  }
}

export const NO_MODEL_NAMES: ModelNames = new Map()

/** The names of every model the catalogs list; a model listed without a name adds nothing. */
export function modelNamesOf(lists: readonly (readonly { id: string; name: string | null }[])[]): ModelNames {
  const names = new Map<string, string>()
  for (const list of lists) for (const m of list) if (m.name !== null) names.set(m.id, m.name)
  return names
}
