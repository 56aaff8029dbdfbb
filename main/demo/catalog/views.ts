// The catalog as the API returns it to one caller: the plan decides `discount.percent` and every
// `discounted...VND` field (1 USD = 27,500 VND, then the plan discount, rounded to whole dong).
import { applyDiscount, discountForPlan, usdToVnd, wholeVnd, type PlanDiscounts } from '../billing/money'
import type { PlanCode } from '../context'
import { EMBEDDING_MODELS, type EmbeddingModelDef } from './embedding-models'
import { IMAGE_MODELS, type ImageModelDef, type ImagePriceDef } from './image-models'
import { TEXT_MODELS, type TextModelDef } from './text-models'
import { VIDEO_MODELS, type VideoModelDef } from './video-models'

export type ModelType = 'TEXT' | 'IMAGE' | 'VIDEO' | 'EMBEDDING'

const VIDEO_EXAMPLE_SECONDS = 8

function discountView(all: PlanDiscounts, plan: PlanCode) {
  return { percent: discountForPlan(all, plan), all_plans: { ...all } }
}

const discountedVnd = (usd: number, percent: number) => wholeVnd(applyDiscount(usdToVnd(usd), percent))
const usdCents = (usd: number) => Math.round(usd * 10_000) / 10_000

export function textModelView(m: TextModelDef, plan: PlanCode) {
  return {
    model_id: m.model_id,
    name: m.name,
    provider: m.provider,
    type: 'TEXT' as const,
    description: m.description,
    context_window: m.context_window,
    max_output_tokens: m.max_output_tokens,
    supports_vision: m.supports_vision,
    released_at: m.released_at,
    rate_limits: { ...m.rate_limits },
    pricing: { currency: 'USD', unit: 'per_1M_tokens', ...m.pricing },
    discount: discountView(m.discounts, plan),
  }
}

function imagePriceView(p: ImagePriceDef, percent: number) {
  return { ...p, discountedVND: discountedVnd(p.priceUSD, percent) }
}

export function imageModelView(m: ImageModelDef, plan: PlanCode) {
  const percent = discountForPlan(m.discounts, plan)
  return {
    model_id: m.model_id,
    name: m.name,
    provider: m.provider,
    type: 'IMAGE' as const,
    description: m.description,
    supported_sizes: [...m.supported_sizes],
    supported_qualities: [...m.supported_qualities],
    supports_editing: m.supports_editing,
    supports_negative_prompt: m.supports_negative_prompt,
    supports_image_input: m.supports_image_input,
    max_images_per_request: m.max_images_per_request,
    rate_limits: { ...m.rate_limits },
    discount: discountView(m.discounts, plan),
    pricing: {
      currency: 'USD',
      unit: 'per_image',
      generation: m.generation.map((p) => imagePriceView(p, percent)),
      ...(m.editing ? { editing: m.editing.map((p) => imagePriceView(p, percent)) } : {}),
    },
  }
}

function videoPricingView(m: VideoModelDef, percent: number) {
  const example = (perSecond: number) => usdCents(perSecond * VIDEO_EXAMPLE_SECONDS)
  const base = { currency: 'USD', unit: 'per_second' }
  const p = m.pricing
  switch (p.kind) {
    case 'per_resolution':
      return {
        ...base,
        per_resolution: p.prices.map((r) => ({
          resolution: r.resolution,
          costPerSecondUSD: r.costPerSecondUSD,
          example_8s_USD: example(r.costPerSecondUSD),
          discounted_8s_VND: discountedVnd(r.costPerSecondUSD * VIDEO_EXAMPLE_SECONDS, percent),
        })),
      }
    case 'by_input_type':
      return {
        ...base,
        per_resolution: p.prices.map((r) => ({
          resolution: r.resolution,
          by_input_type: Object.fromEntries(
            (['text', 'remix', 'omni'] as const).map((k) => [
              k,
              { costPerSecondUSD: r[k], example_8s_USD: example(r[k]) },
            ]),
          ),
        })),
      }
    case 'flat':
      return {
        ...base,
        flat: {
          costPerSecondUSD: p.costPerSecondUSD,
          example_8s_USD: example(p.costPerSecondUSD),
          discounted_8s_VND: discountedVnd(p.costPerSecondUSD * VIDEO_EXAMPLE_SECONDS, percent),
        },
      }
  }
}

/** The spec's video item has no `type`, `description` or `discount`; none is added. */
export function videoModelView(m: VideoModelDef, plan: PlanCode) {
  return {
    model_id: m.model_id,
    name: m.name,
    provider: m.provider,
    supported_resolutions: [...m.supported_resolutions],
    supported_durations: { ...m.supported_durations },
    supported_aspect_ratios: [...m.supported_aspect_ratios],
    supported_input_types: [...m.supported_input_types],
    supports_audio: m.supports_audio,
    pricing: videoPricingView(m, discountForPlan(m.discounts, plan)),
  }
}

export function embeddingModelView(m: EmbeddingModelDef, plan: PlanCode) {
  const percent = discountForPlan(m.discounts, plan)
  return {
    model_id: m.model_id,
    name: m.name,
    provider: m.provider,
    type: 'EMBEDDING' as const,
    description: m.description,
    dimensions: m.dimensions,
    max_input_tokens: m.max_input_tokens,
    rate_limits: { ...m.rate_limits },
    free_quota: { per_day: m.free_quota_per_day },
    discount: discountView(m.discounts, plan),
    pricing: {
      currency: 'USD',
      unit: 'per_1M_tokens',
      input: m.inputUSD,
      discountedVND_per_1M: discountedVnd(m.inputUSD, percent),
    },
  }
}

export function catalogSummary() {
  const rows = [
    ...TEXT_MODELS.map((m) => ({ m, type: 'TEXT' as ModelType })),
    ...IMAGE_MODELS.map((m) => ({ m, type: 'IMAGE' as ModelType })),
    ...VIDEO_MODELS.map((m) => ({ m, type: 'VIDEO' as ModelType })),
    ...EMBEDDING_MODELS.map((m) => ({ m, type: 'EMBEDDING' as ModelType })),
  ]
  return {
    data: rows.map(({ m, type }) => ({ model_id: m.model_id, name: m.name, provider: m.provider, type })),
    counts: {
      text: TEXT_MODELS.length,
      image: IMAGE_MODELS.length,
      video: VIDEO_MODELS.length,
      embedding: EMBEDDING_MODELS.length,
    },
  }
}

/** The per-type item for `/models/:model_id`, or undefined. */
export function findModelView(modelId: string, plan: PlanCode): object | undefined {
  const text = TEXT_MODELS.find((m) => m.model_id === modelId)
  if (text) return textModelView(text, plan)
  const image = IMAGE_MODELS.find((m) => m.model_id === modelId)
  if (image) return imageModelView(image, plan)
  const video = VIDEO_MODELS.find((m) => m.model_id === modelId)
  if (video) return videoModelView(video, plan)
  const embedding = EMBEDDING_MODELS.find((m) => m.model_id === modelId)
  if (embedding) return embeddingModelView(embedding, plan)
  return undefined
}
