// Model Catalog group: `/models`, `/models/text|image|video|embedding` (management-api.md).
import { z } from 'zod'
import type {
  EmbeddingModel,
  EmbeddingModelList,
  ImageModel,
  ImageModelList,
  ImagePrice,
  KnownVideoInputType,
  ModelBase,
  ModelKind,
  TextModel,
  TextModelList,
  VideoModel,
  VideoModelList,
  VideoPricing,
} from '../../../../preload/contract'
import { discount, nullableNumber, openString, requestLimits, timestamp } from './common'

export type { ModelKind }

/**
 * The spec shows TEXT, IMAGE and EMBEDDING and leaves the video value open, so the kind is read from the
 * word in the type (`VIDEO`, `TEXT_TO_VIDEO`, ...). Embedding is tested first: `TEXT_EMBEDDING` is not text.
 */
export function modelKindOf(type: string): ModelKind {
  const upper = type.toUpperCase()
  if (upper.includes('EMBED')) return 'embedding'
  if (upper.includes('VIDEO')) return 'video'
  if (upper.includes('IMAGE')) return 'image'
  if (upper.includes('TEXT') || upper.includes('CHAT')) return 'text'
  return 'other'
}

export const modelBaseSchema = z.looseObject({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
}) satisfies z.ZodType<ModelBase>

export const modelSummarySchema = z
  .looseObject({ model_id: z.string(), name: z.string(), provider: z.string(), type: z.string() })
  .transform((m) => ({ ...m, kind: modelKindOf(m.type) }))

export const modelCatalogSchema = z.looseObject({
  data: z.array(modelSummarySchema),
  counts: z.looseObject({ text: z.number(), image: z.number(), video: z.number(), embedding: z.number() }),
})

export const textModelSchema = z.looseObject({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  type: openString<'TEXT'>(),
  description: z.string(),
  context_window: z.number(),
  max_output_tokens: z.number(),
  supports_vision: z.boolean(),
  released_at: timestamp,
  rate_limits: requestLimits.extend({ tpm: nullableNumber, tpd: nullableNumber }),
  pricing: z.looseObject({
    currency: z.string(),
    unit: z.string(),
    input: z.number(),
    output: z.number(),
    /** Null: the model does not support it. */
    cache_read: nullableNumber,
    cache_write: nullableNumber,
    reasoning: nullableNumber,
  }),
  discount,
}) satisfies z.ZodType<TextModel>

const imagePriceBySize = z
  .looseObject({ quality: z.string(), size: z.string(), priceUSD: z.number(), discountedVND: z.number() })
  .transform((e) => ({ ...e, shape: 'quality_size' as const }))

const imagePriceByResolution = z
  .looseObject({ resolution: z.string(), priceUSD: z.number(), discountedVND: z.number() })
  .transform((e) => ({ ...e, shape: 'resolution' as const }))

/** Tagged `quality_size` ({quality, size}) or `resolution` ({resolution}); `discountedVND` is per image. */
export const imagePriceSchema = z.union([
  imagePriceBySize,
  imagePriceByResolution,
]) satisfies z.ZodType<ImagePrice>

export const imageModelSchema = z.looseObject({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  type: openString<'IMAGE'>(),
  description: z.string(),
  supported_sizes: z.array(z.string()),
  supported_qualities: z.array(z.string()),
  supports_editing: z.boolean(),
  supports_negative_prompt: z.boolean(),
  supports_image_input: z.boolean(),
  max_images_per_request: z.number(),
  rate_limits: requestLimits,
  discount,
  pricing: z.looseObject({
    currency: z.string(),
    unit: z.string(),
    generation: z.array(imagePriceSchema),
    /** Present only for models that support editing. */
    editing: z.array(imagePriceSchema).optional(),
  }),
}) satisfies z.ZodType<ImageModel>

const videoInputTypePrice = z.looseObject({ costPerSecondUSD: z.number(), example_8s_USD: nullableNumber })

const videoPriceByInputType = z.looseObject({
  resolution: z.string(),
  /** `text`, `remix`, `omni` in the spec; other input types are kept. */
  by_input_type: z.record(z.string(), videoInputTypePrice),
})

const videoPriceByResolution = z.looseObject({
  resolution: z.string(),
  costPerSecondUSD: z.number(),
  example_8s_USD: nullableNumber,
  discounted_8s_VND: nullableNumber,
})

const videoFlatPrice = z.looseObject({
  costPerSecondUSD: z.number(),
  example_8s_USD: nullableNumber,
  discounted_8s_VND: nullableNumber,
})

const videoPricingBase = { currency: z.string(), unit: z.string() }

/** Exactly one of the spec's three shapes, tagged. Price = costPerSecondUSD x seconds. */
export const videoPricingSchema = z.union([
  z
    .looseObject({ ...videoPricingBase, per_resolution: z.array(videoPriceByInputType).min(1) })
    .transform((p) => ({ ...p, shape: 'by_input_type' as const })),
  z
    .looseObject({ ...videoPricingBase, per_resolution: z.array(videoPriceByResolution) })
    .transform((p) => ({ ...p, shape: 'per_resolution' as const })),
  z
    .looseObject({ ...videoPricingBase, flat: videoFlatPrice })
    .transform((p) => ({ ...p, shape: 'flat' as const })),
]) satisfies z.ZodType<VideoPricing>

export const KNOWN_VIDEO_INPUT_TYPES = [
  'text',
  'image',
  'dual_frame',
  'reference_images',
  'video_extension',
] as const satisfies readonly KnownVideoInputType[]

export const videoModelSchema = z.looseObject({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  /** The spec's video item has no type; its value, if one is sent, is not known. */
  type: z.string().optional(),
  supported_resolutions: z.array(z.string()),
  supported_durations: z.looseObject({ min_seconds: z.number(), max_seconds: z.number() }),
  supported_aspect_ratios: z.array(z.string()),
  supported_input_types: z.array(openString<KnownVideoInputType>()),
  supports_audio: z.boolean(),
  pricing: videoPricingSchema,
}) satisfies z.ZodType<VideoModel>

export const embeddingModelSchema = z.looseObject({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  type: openString<'EMBEDDING'>(),
  description: z.string(),
  dimensions: z.number(),
  max_input_tokens: z.number(),
  rate_limits: requestLimits,
  free_quota: z.looseObject({ per_day: z.number() }),
  discount,
  pricing: z.looseObject({
    currency: z.string(),
    unit: z.string(),
    input: z.number(),
    discountedVND_per_1M: z.number(),
  }),
}) satisfies z.ZodType<EmbeddingModel>

export const textModelListSchema = z.looseObject({
  data: z.array(textModelSchema),
  total: z.number(),
}) satisfies z.ZodType<TextModelList>
export const imageModelListSchema = z.looseObject({
  data: z.array(imageModelSchema),
  total: z.number(),
}) satisfies z.ZodType<ImageModelList>
/** The spec's video list has no `total`; one sent anyway is read. */
export const videoModelListSchema = z.looseObject({
  data: z.array(videoModelSchema),
  total: z.number().optional(),
}) satisfies z.ZodType<VideoModelList>
export const embeddingModelListSchema = z.looseObject({
  data: z.array(embeddingModelSchema),
  total: z.number(),
}) satisfies z.ZodType<EmbeddingModelList>

export type ModelSummary = z.output<typeof modelSummarySchema>
export type ModelCatalog = z.output<typeof modelCatalogSchema>
export type {
  EmbeddingModel,
  EmbeddingModelList,
  ImageModel,
  ImageModelList,
  ImagePrice,
  KnownVideoInputType,
  ModelBase,
  TextModel,
  TextModelList,
  VideoModel,
  VideoModelList,
  VideoPricing,
} from '../../../../preload/contract'
