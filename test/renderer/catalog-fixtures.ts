// Catalog data as the renderer receives it: the demo service's recorded answers read through the same
// schemas main uses, so every pricing entry carries its `shape` tag exactly as over IPC.
import type { CatalogKind, CatalogList, Part, ReaderModels, VndPerUsd } from '../../preload/contract'
import {
  embeddingModelListSchema,
  imageModelListSchema,
  imageModelSchema,
  textModelListSchema,
  textModelSchema,
  videoModelListSchema,
  videoModelSchema,
} from '../../main/api/management/schemas/catalog'
import { vndPerUsd } from '../../main/api/management/vnd-rate'
import { CATALOG_ANSWERS } from './catalog-answers'

/** Everything of a part but its value, which does not depend on the value's type. */
export type PartMeta = Omit<Part<unknown>, 'value'>

export function part<T>(value: T | null, over: Partial<PartMeta> = {}): Part<T> {
  return {
    value,
    fetchedAt: '2026-11-22T08:00:00.000Z',
    ageMs: 0,
    stale: false,
    refreshing: false,
    error: null,
    ...over,
  }
}

/** The demo service's catalog for an Advanced+ account, read as main reads it. */
export function demoLists() {
  return {
    text: textModelListSchema.parse(CATALOG_ANSWERS.text),
    image: imageModelListSchema.parse(CATALOG_ANSWERS.image),
    video: videoModelListSchema.parse(CATALOG_ANSWERS.video),
    embedding: embeddingModelListSchema.parse(CATALOG_ANSWERS.embedding),
  }
}

/** The rate main sends with the demo's lists: the one its image and embedding prices imply. */
export const demoRate = (): VndPerUsd => vndPerUsd(demoLists())

export function demoCatalogList(
  kind: CatalogKind,
  over: Partial<PartMeta> = {},
  rate: VndPerUsd = demoRate(),
): CatalogList {
  const lists = demoLists()
  switch (kind) {
    case 'text':
      return { kind, list: part(lists.text, over), vndPerUsd: rate }
    case 'image':
      return { kind, list: part(lists.image, over), vndPerUsd: rate }
    case 'video':
      return { kind, list: part(lists.video, over), vndPerUsd: rate }
    case 'embedding':
      return { kind, list: part(lists.embedding, over), vndPerUsd: rate }
  }
}

export const textModel = (over: Record<string, unknown> = {}) =>
  textModelSchema.parse({ ...CATALOG_ANSWERS.text.data[0], ...over })

export const imageModel = (over: Record<string, unknown> = {}) =>
  imageModelSchema.parse({ ...CATALOG_ANSWERS.image.data[0], ...over })

export const videoModel = (pricing: Record<string, unknown>) =>
  videoModelSchema.parse({ ...CATALOG_ANSWERS.video.data[0], pricing })

/** A speech model priced at `unitPriceVndPer1M` (null: the service gave no price), open to the key. */
export const speechModel = (
  id: string,
  unitPriceVndPer1M: number | null,
): ReaderModels['models'][number] => ({
  id,
  name: null,
  group: 'multi',
  free: unitPriceVndPer1M === 0,
  unitPriceVndPer1M,
  freeCharsPerMonth: 0,
  maxInputChars: null,
  maxInputApproximate: false,
  formats: [],
  speed: { mode: 'ignored', min: 1, max: 1 },
  voiceRequired: false,
  voiceKind: 'list',
  vietnamese: 'unknown',
  closedReason: null,
  closed: null,
  allowedForKey: true,
})
