// One valid body per endpoint, written from management-api.md and covering each variation it allows:
// both image price entry kinds, the three video pricing shapes, null prices and rate limits, empty
// `emails`, plan/keySource/type values beyond those the spec shows, and fields the spec does not list.
import { managementRequests, type ManagementRequest } from '../../../../main/api/management/requests'

const discount = { percent: 10, all_plans: { free: 0, basic: 5, advanced_plus: 10, ultra: 15 } }

export const meBody = {
  id: 'usr_1',
  email: 'lan.anh@gmail.com',
  name: 'Nguyễn Thị Lan Anh',
  plan: 'ENTERPRISE_PLUS',
  planExpiresAt: '2026-12-01T00:00:00.000Z',
  balance: { totalVND: 1_250_000, realVND: 1_200_000, bonusVND: 50_000, pendingVND: 0 },
  avatarUrl: 'https://example.invalid/a.png',
}

export const usageBody = {
  data: [
    {
      id: 'usg_1',
      date: '2026-09-01T10:00:00.000Z',
      completedAt: '2026-09-01T10:20:00.000Z',
      model: 'veo-3',
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      cacheHitTokens: 0,
      reasoningTokens: 0,
      costVND: 99_000,
      costBeforeDiscount: 110_000,
      discountPercent: 10,
      keySource: 'POOL_B',
    },
    {
      // A record from before 2026-08-16: no completedAt.
      id: 'usg_0',
      date: '2026-08-10T09:00:00.000Z',
      model: 'gpt-4.1-mini',
      inputTokens: 1200,
      outputTokens: 300,
      totalTokens: 1500,
      cacheHitTokens: 200,
      reasoningTokens: 0,
      costVND: 21.5,
      costBeforeDiscount: 23.9,
      discountPercent: 10,
      keySource: 'PRIMARY',
    },
  ],
  total: 2,
}

export const dailyBody = {
  data: [
    { date: '2026-09-01', totalTokens: 1500, totalCostVND: 99_021.5, requestCount: 2 },
    { date: '2026-09-02', totalTokens: 0, totalCostVND: 0, requestCount: 0 },
  ],
}

export const usageModelsBody = {
  data: [
    {
      modelId: 'cm1',
      modelName: 'Veo 3',
      provider: 'google',
      totalTokens: 0,
      totalCostVND: 99_000,
      requestCount: 1,
    },
  ],
}

export const statsBody = {
  totalRequests: 2,
  totalTokens: 1500,
  totalCostVND: 99_021.5,
  last7DaysTokens: 0,
  last7DaysCostVND: 0,
}

export const quotaBody = {
  pool_a: {
    totalQuota: 1_000_000,
    usedInWindow: 1000,
    remaining: 999_000,
    emails: [{ email: 'p1@gmail.com', tier: 'max', quota: 1_000_000, used: 1000 }],
  },
  pool_b: { totalQuota: 0, usedInWindow: 0, remaining: 0, emails: [] },
}

export const savingsBody = {
  pool_a: { tokens: 100, savedVND: 10, requests: 1 },
  pool_b: { tokens: 0, savedVND: 0, requests: 0 },
  cacheHit: { tokens: 200, savedVND: 2 },
  discount: { tokens: 1500, savedVND: 11_002.4, requests: 2 },
  freeModels: { tokens: 50, requests: 1 },
  totalSavedVND: 11_014.4,
  totalSpentVND: 99_021.5,
  savingsPercent: 10.01,
}

export const catalogBody = {
  data: [
    { model_id: 'gpt-4.1', name: 'GPT-4.1', provider: 'openai', type: 'TEXT' },
    { model_id: 'gpt-image-1', name: 'GPT Image 1', provider: 'openai', type: 'IMAGE' },
    { model_id: 'veo-3', name: 'Veo 3', provider: 'google', type: 'VIDEO_GENERATION' },
    { model_id: 'text-embedding-3-small', name: 'Embedding', provider: 'openai', type: 'EMBEDDING' },
    { model_id: 'whisper-1', name: 'Whisper', provider: 'openai', type: 'AUDIO' },
  ],
  counts: { text: 1, image: 1, video: 1, embedding: 1 },
}

export const textModel = {
  model_id: 'gpt-4.1',
  name: 'GPT-4.1',
  provider: 'openai',
  type: 'TEXT',
  description: 'Flagship.',
  context_window: 1_047_576,
  max_output_tokens: 32_768,
  supports_vision: true,
  released_at: '2025-04-14T00:00:00.000Z',
  rate_limits: { rpm: 500, rpd: null, tpm: 2_000_000, tpd: null },
  pricing: {
    currency: 'USD',
    unit: 'per_1M_tokens',
    input: 2,
    output: 8,
    cache_read: 0.5,
    cache_write: null,
    reasoning: null,
  },
  discount,
}

export const textModelsBody = { data: [textModel], total: 1 }

export const imageModel = {
  model_id: 'gpt-image-1',
  name: 'GPT Image 1',
  provider: 'openai',
  type: 'IMAGE',
  description: 'Images.',
  supported_sizes: ['1024x1024', 'auto'],
  supported_qualities: ['low', 'high', 'auto'],
  supports_editing: true,
  supports_negative_prompt: false,
  supports_image_input: true,
  max_images_per_request: 10,
  rate_limits: { rpm: 50, rpd: null },
  discount,
  pricing: {
    currency: 'USD',
    unit: 'per_image',
    generation: [
      { quality: 'low', size: '1024x1024', priceUSD: 0.011, discountedVND: 272 },
      { quality: 'high', size: '1024x1024', priceUSD: 0.167, discountedVND: 4133 },
    ],
    editing: [{ quality: 'low', size: '1024x1024', priceUSD: 0.011, discountedVND: 272 }],
  },
}

export const imageModelByResolution = {
  ...imageModel,
  model_id: 'imagen-4',
  supports_editing: false,
  pricing: {
    currency: 'USD',
    unit: 'per_image',
    generation: [
      { resolution: '1K', priceUSD: 0.04, discountedVND: 990 },
      { resolution: '2K', priceUSD: 0.08, discountedVND: 1980 },
    ],
  },
}

export const imageModelsBody = { data: [imageModel, imageModelByResolution], total: 2 }

const videoBase = {
  name: 'Video',
  provider: 'google',
  supported_resolutions: ['720p', '1080p'],
  supported_durations: { min_seconds: 4, max_seconds: 8 },
  supported_aspect_ratios: ['16:9', '9:16'],
  supported_input_types: ['text', 'image', 'storyboard'],
  supports_audio: true,
}

export const videoPerResolution = {
  ...videoBase,
  model_id: 'veo-3',
  pricing: {
    currency: 'USD',
    unit: 'per_second',
    per_resolution: [
      { resolution: '720p', costPerSecondUSD: 0.4, example_8s_USD: 3.2, discounted_8s_VND: 79_200 },
      { resolution: '1080p', costPerSecondUSD: 0.5, example_8s_USD: 4, discounted_8s_VND: 99_000 },
    ],
  },
}

export const videoByInputType = {
  ...videoBase,
  model_id: 'sora-2-pro',
  pricing: {
    currency: 'USD',
    unit: 'per_second',
    per_resolution: [
      {
        resolution: '720p',
        by_input_type: {
          text: { costPerSecondUSD: 0.3, example_8s_USD: 2.4 },
          remix: { costPerSecondUSD: 0.35, example_8s_USD: 2.8 },
          omni: { costPerSecondUSD: 0.4, example_8s_USD: 3.2 },
        },
      },
    ],
  },
}

export const videoFlat = {
  ...videoBase,
  model_id: 'kling-2.1-master',
  pricing: {
    currency: 'USD',
    unit: 'per_second',
    flat: { costPerSecondUSD: 0.28, example_8s_USD: 2.24, discounted_8s_VND: 55_440 },
  },
}

export const videoModelsBody = { data: [videoPerResolution, videoByInputType, videoFlat] }

export const embeddingModel = {
  model_id: 'text-embedding-3-small',
  name: 'Embedding',
  provider: 'openai',
  type: 'EMBEDDING',
  description: 'Cheap.',
  dimensions: 1536,
  max_input_tokens: 8191,
  rate_limits: { rpm: 3000, rpd: null },
  free_quota: { per_day: 1_000_000 },
  discount,
  pricing: { currency: 'USD', unit: 'per_1M_tokens', input: 0.02, discountedVND_per_1M: 495 },
}

export const embeddingModelsBody = { data: [embeddingModel], total: 1 }

export interface EndpointFixture {
  name: string
  request: ManagementRequest<unknown>
  body: unknown
}

/** Every endpoint with a valid body; `/models/:model_id` once per model kind. */
export const ENDPOINT_FIXTURES: EndpointFixture[] = [
  { name: 'me', request: managementRequests.me(), body: meBody },
  { name: 'usage', request: managementRequests.usage(2), body: usageBody },
  { name: 'usageDaily', request: managementRequests.usageDaily(2), body: dailyBody },
  { name: 'usageModels', request: managementRequests.usageModels(), body: usageModelsBody },
  { name: 'usageStats', request: managementRequests.usageStats(), body: statsBody },
  { name: 'quota', request: managementRequests.quota(), body: quotaBody },
  { name: 'savings', request: managementRequests.savings(), body: savingsBody },
  { name: 'models', request: managementRequests.models(), body: catalogBody },
  { name: 'textModels', request: managementRequests.textModels(), body: textModelsBody },
  { name: 'imageModels', request: managementRequests.imageModels(), body: imageModelsBody },
  { name: 'videoModels', request: managementRequests.videoModels(), body: videoModelsBody },
  { name: 'embeddingModels', request: managementRequests.embeddingModels(), body: embeddingModelsBody },
  { name: 'model(text)', request: managementRequests.model('gpt-4.1'), body: textModel },
  { name: 'model(image)', request: managementRequests.model('imagen-4'), body: imageModelByResolution },
  { name: 'model(video)', request: managementRequests.model('sora-2-pro'), body: videoByInputType },
  { name: 'model(embedding)', request: managementRequests.model('e'), body: embeddingModel },
]
