// Image models: two of the quality/size kind (one with editing prices) and two of the resolution kind
// (one with editing prices), so both pricing-entry shapes and the optional `editing` list all appear.
import type { PlanDiscounts } from '../billing/money'

export type ImagePriceDef =
  { quality: string; size: string; priceUSD: number } | { resolution: string; priceUSD: number }

export interface ImageModelDef {
  model_id: string
  name: string
  provider: string
  description: string
  supported_sizes: string[]
  supported_qualities: string[]
  supports_editing: boolean
  supports_negative_prompt: boolean
  supports_image_input: boolean
  max_images_per_request: number
  rate_limits: { rpm: number; rpd: number }
  discounts: PlanDiscounts
  generation: ImagePriceDef[]
  /** Present only when `supports_editing`. */
  editing?: ImagePriceDef[]
}

function bySize(prices: Record<string, Record<string, number>>): ImagePriceDef[] {
  return Object.entries(prices).flatMap(([quality, sizes]) =>
    Object.entries(sizes).map(([size, priceUSD]) => ({ quality, size, priceUSD })),
  )
}

const GPT_IMAGE_PRICES = bySize({
  low: { '1024x1024': 0.011, '1024x1536': 0.016, '1536x1024': 0.016 },
  medium: { '1024x1024': 0.042, '1024x1536': 0.063, '1536x1024': 0.063 },
  high: { '1024x1024': 0.167, '1024x1536': 0.25, '1536x1024': 0.25 },
})

export const IMAGE_MODELS: readonly ImageModelDef[] = [
  {
    model_id: 'gpt-image-1',
    name: 'GPT Image 1',
    provider: 'openai',
    description: 'Native image generation and editing with strong text rendering.',
    supported_sizes: ['1024x1024', '1024x1536', '1536x1024', 'auto'],
    supported_qualities: ['low', 'medium', 'high', 'auto'],
    supports_editing: true,
    supports_negative_prompt: false,
    supports_image_input: true,
    max_images_per_request: 10,
    rate_limits: { rpm: 50, rpd: 2_000 },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    generation: GPT_IMAGE_PRICES,
    editing: GPT_IMAGE_PRICES,
  },
  {
    model_id: 'dall-e-3',
    name: 'DALL·E 3',
    provider: 'openai',
    description: 'Prompt-faithful image generation, one image per request.',
    supported_sizes: ['1024x1024', '1024x1792', '1792x1024'],
    supported_qualities: ['standard', 'hd'],
    supports_editing: false,
    supports_negative_prompt: false,
    supports_image_input: false,
    max_images_per_request: 1,
    rate_limits: { rpm: 20, rpd: 500 },
    discounts: { free: 0, basic: 0, advanced_plus: 5 },
    generation: bySize({
      standard: { '1024x1024': 0.04, '1024x1792': 0.08, '1792x1024': 0.08 },
      hd: { '1024x1024': 0.08, '1024x1792': 0.12, '1792x1024': 0.12 },
    }),
  },
  {
    model_id: 'imagen-4',
    name: 'Imagen 4',
    provider: 'google',
    description: 'Photorealistic images priced by output resolution.',
    supported_sizes: ['1024x1024', '2048x2048', '1408x768', '768x1408'],
    supported_qualities: ['auto'],
    supports_editing: false,
    supports_negative_prompt: true,
    supports_image_input: false,
    max_images_per_request: 4,
    rate_limits: { rpm: 30, rpd: 1_000 },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    generation: [
      { resolution: '1K', priceUSD: 0.04 },
      { resolution: '2K', priceUSD: 0.06 },
    ],
  },
  {
    model_id: 'flux-kontext-pro',
    name: 'FLUX.1 Kontext [pro]',
    provider: 'black-forest-labs',
    description: 'Generation and in-context editing, priced per megapixel tier.',
    supported_sizes: ['1024x1024', '1344x768', '768x1344', 'auto'],
    supported_qualities: ['auto'],
    supports_editing: true,
    supports_negative_prompt: true,
    supports_image_input: true,
    max_images_per_request: 4,
    rate_limits: { rpm: 30, rpd: 1_000 },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    generation: [
      { resolution: '1MP', priceUSD: 0.04 },
      { resolution: '4MP', priceUSD: 0.08 },
    ],
    editing: [
      { resolution: '1MP', priceUSD: 0.05 },
      { resolution: '4MP', priceUSD: 0.1 },
    ],
  },
]
