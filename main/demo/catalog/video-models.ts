// Video models, one per pricing shape of the spec: `per_resolution`, `per_resolution` with `by_input_type`,
// and `flat`. Video items carry no `discount` object in the spec, but `discounted_8s_VND` follows the plan.
import type { PlanDiscounts } from '../billing/money'

export type VideoPricingDef =
  | { kind: 'per_resolution'; prices: { resolution: string; costPerSecondUSD: number }[] }
  | {
      kind: 'by_input_type'
      prices: { resolution: string; text: number; remix: number; omni: number }[]
    }
  | { kind: 'flat'; costPerSecondUSD: number }

export interface VideoModelDef {
  model_id: string
  name: string
  provider: string
  supported_resolutions: string[]
  supported_durations: { min_seconds: number; max_seconds: number }
  supported_aspect_ratios: string[]
  supported_input_types: string[]
  supports_audio: boolean
  discounts: PlanDiscounts
  pricing: VideoPricingDef
}

export const VIDEO_MODELS: readonly VideoModelDef[] = [
  {
    model_id: 'veo-3',
    name: 'Veo 3',
    provider: 'google',
    supported_resolutions: ['720p', '1080p'],
    supported_durations: { min_seconds: 4, max_seconds: 8 },
    supported_aspect_ratios: ['16:9', '9:16'],
    supported_input_types: ['text', 'image', 'dual_frame', 'reference_images'],
    supports_audio: true,
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    pricing: {
      kind: 'per_resolution',
      prices: [
        { resolution: '720p', costPerSecondUSD: 0.4 },
        { resolution: '1080p', costPerSecondUSD: 0.5 },
      ],
    },
  },
  {
    model_id: 'sora-2-pro',
    name: 'Sora 2 Pro',
    provider: 'openai',
    supported_resolutions: ['720p', '1080p'],
    supported_durations: { min_seconds: 4, max_seconds: 12 },
    supported_aspect_ratios: ['16:9', '9:16'],
    supported_input_types: ['text', 'image', 'video_extension'],
    supports_audio: true,
    discounts: { free: 0, basic: 0, advanced_plus: 5 },
    pricing: {
      kind: 'by_input_type',
      prices: [
        { resolution: '720p', text: 0.3, remix: 0.35, omni: 0.4 },
        { resolution: '1080p', text: 0.5, remix: 0.55, omni: 0.6 },
      ],
    },
  },
  {
    model_id: 'kling-2.1-master',
    name: 'Kling 2.1 Master',
    provider: 'kuaishou',
    supported_resolutions: ['1080p'],
    supported_durations: { min_seconds: 5, max_seconds: 10 },
    supported_aspect_ratios: ['16:9', '9:16', '1:1'],
    supported_input_types: ['text', 'image'],
    supports_audio: false,
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    pricing: { kind: 'flat', costPerSecondUSD: 0.28 },
  },
  {
    model_id: 'seedance-1-pro',
    name: 'Seedance 1.0 Pro',
    provider: 'bytedance',
    supported_resolutions: ['480p', '720p', '1080p'],
    supported_durations: { min_seconds: 3, max_seconds: 12 },
    supported_aspect_ratios: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
    supported_input_types: ['text', 'image', 'dual_frame'],
    supports_audio: false,
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    pricing: {
      kind: 'per_resolution',
      prices: [
        { resolution: '480p', costPerSecondUSD: 0.03 },
        { resolution: '720p', costPerSecondUSD: 0.06 },
        { resolution: '1080p', costPerSecondUSD: 0.15 },
      ],
    },
  },
]
