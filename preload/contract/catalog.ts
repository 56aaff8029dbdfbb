// The model catalog as the Catalog view shows it (management-api.md "Model Catalog"). Where the spec names
// variations (pricing shapes), a `shape` or `kind` tag says which one, so the view switches on it instead of
// probing fields.
import type { Open, Part } from './account'

export type ModelKind = 'text' | 'image' | 'video' | 'embedding' | 'other'

/** Percent discounts per plan; plans the service adds later are kept, as sent, for the view to list. */
export interface PlanDiscounts {
  free: number
  basic: number
  advanced_plus: number
  [plan: string]: unknown
}

export interface ModelDiscount {
  percent: number
  all_plans: PlanDiscounts
}

/** Null means no limit published. */
export interface RequestLimits {
  rpm: number | null
  rpd: number | null
}

export interface ModelBase {
  model_id: string
  name: string
  provider: string
}

export interface TextModel extends ModelBase {
  type: Open<'TEXT'>
  description: string
  context_window: number
  max_output_tokens: number
  supports_vision: boolean
  released_at: string
  rate_limits: RequestLimits & { tpm: number | null; tpd: number | null }
  pricing: {
    currency: string
    unit: string
    input: number
    output: number
    /** Null: the model does not support it. */
    cache_read: number | null
    cache_write: number | null
    reasoning: number | null
  }
  discount: ModelDiscount
}

/** `discountedVND` is per image. */
export type ImagePrice =
  | { shape: 'quality_size'; quality: string; size: string; priceUSD: number; discountedVND: number }
  | { shape: 'resolution'; resolution: string; priceUSD: number; discountedVND: number }

export interface ImageModel extends ModelBase {
  type: Open<'IMAGE'>
  description: string
  supported_sizes: string[]
  supported_qualities: string[]
  supports_editing: boolean
  supports_negative_prompt: boolean
  supports_image_input: boolean
  max_images_per_request: number
  rate_limits: RequestLimits
  discount: ModelDiscount
  pricing: {
    currency: string
    unit: string
    generation: ImagePrice[]
    /** Present only for models that support editing. */
    editing?: ImagePrice[]
  }
}

export interface VideoInputTypePrice {
  costPerSecondUSD: number
  example_8s_USD: number | null
}

export interface VideoPriceByInputType {
  resolution: string
  /** `text`, `remix`, `omni` in the spec; other input types are kept. */
  by_input_type: Record<string, VideoInputTypePrice>
}

export interface VideoPriceByResolution {
  resolution: string
  costPerSecondUSD: number
  example_8s_USD: number | null
  discounted_8s_VND: number | null
}

export interface VideoFlatPrice {
  costPerSecondUSD: number
  example_8s_USD: number | null
  discounted_8s_VND: number | null
}

/** Exactly one of the spec's three shapes, tagged. Price = costPerSecondUSD x seconds. */
export type VideoPricing = { currency: string; unit: string } & (
  | { shape: 'by_input_type'; per_resolution: VideoPriceByInputType[] }
  | { shape: 'per_resolution'; per_resolution: VideoPriceByResolution[] }
  | { shape: 'flat'; flat: VideoFlatPrice }
)

export type KnownVideoInputType = 'text' | 'image' | 'dual_frame' | 'reference_images' | 'video_extension'

export interface VideoModel extends ModelBase {
  /** The spec's video item has no type; its value, if one is sent, is not known. */
  type?: string
  supported_resolutions: string[]
  supported_durations: { min_seconds: number; max_seconds: number }
  supported_aspect_ratios: string[]
  supported_input_types: Open<KnownVideoInputType>[]
  supports_audio: boolean
  pricing: VideoPricing
}

export interface EmbeddingModel extends ModelBase {
  type: Open<'EMBEDDING'>
  description: string
  dimensions: number
  max_input_tokens: number
  rate_limits: RequestLimits
  free_quota: { per_day: number }
  discount: ModelDiscount
  pricing: {
    currency: string
    unit: string
    input: number
    discountedVND_per_1M: number
  }
}

export interface TextModelList {
  data: TextModel[]
  total: number
}
export interface ImageModelList {
  data: ImageModel[]
  total: number
}
/** The spec's video list has no `total`; one sent anyway is read. */
export interface VideoModelList {
  data: VideoModel[]
  total?: number
}
export interface EmbeddingModelList {
  data: EmbeddingModel[]
  total: number
}

/** `/models/:model_id`, tagged with the kind it was read as. */
export type ModelDetail =
  | { kind: 'text'; model: TextModel }
  | { kind: 'image'; model: ImageModel }
  | { kind: 'video'; model: VideoModel }
  | { kind: 'embedding'; model: EmbeddingModel }
  /** A model of a type this version does not know: only the common fields are read. */
  | { kind: 'other'; model: ModelBase }

export type CatalogKind = 'text' | 'image' | 'video' | 'embedding'
export interface CatalogLists {
  text: TextModelList
  image: ImageModelList
  video: VideoModelList
  embedding: EmbeddingModelList
}
/**
 * Dong per US dollar for the catalog's USD-only prices (text, some video): `service` when the service's
 * data gives it (a stated rate, or the one its own VND prices imply), else `reference`, the spec's
 * reference conversion. Main works it out; the renderer only shows it.
 */
export interface VndPerUsd {
  rate: number
  source: 'service' | 'reference'
}
/** A catalog tab's list, tagged with its kind so the renderer knows the item shape. */
export type CatalogList = {
  [K in CatalogKind]: { kind: K; list: Part<CatalogLists[K]>; vndPerUsd: VndPerUsd }
}[CatalogKind]
/** One model's detail, with the rate its USD-only prices are estimated at. */
export type CatalogModel = ModelDetail & { vndPerUsd: VndPerUsd }
