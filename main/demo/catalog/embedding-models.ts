// Embedding models, each with a daily free quota (one of them none at all).
import type { PlanDiscounts } from '../billing/money'

export interface EmbeddingModelDef {
  model_id: string
  name: string
  provider: string
  description: string
  dimensions: number
  max_input_tokens: number
  rate_limits: { rpm: number; rpd: number }
  free_quota_per_day: number
  discounts: PlanDiscounts
  inputUSD: number
}

export const EMBEDDING_MODELS: readonly EmbeddingModelDef[] = [
  {
    model_id: 'text-embedding-3-small',
    name: 'Text Embedding 3 Small',
    provider: 'openai',
    description: 'Cheap, fast embeddings for search and clustering.',
    dimensions: 1536,
    max_input_tokens: 8191,
    rate_limits: { rpm: 3_000, rpd: 100_000 },
    free_quota_per_day: 1_000_000,
    discounts: { free: 0, basic: 0, advanced_plus: 10 },
    inputUSD: 0.02,
  },
  {
    model_id: 'text-embedding-3-large',
    name: 'Text Embedding 3 Large',
    provider: 'openai',
    description: 'Highest-quality OpenAI embeddings.',
    dimensions: 3072,
    max_input_tokens: 8191,
    rate_limits: { rpm: 3_000, rpd: 100_000 },
    free_quota_per_day: 0,
    discounts: { free: 0, basic: 0, advanced_plus: 10 },
    inputUSD: 0.13,
  },
  {
    model_id: 'gemini-embedding-001',
    name: 'Gemini Embedding',
    provider: 'google',
    description: 'Multilingual embeddings with strong Vietnamese retrieval.',
    dimensions: 3072,
    max_input_tokens: 2048,
    rate_limits: { rpm: 1_500, rpd: 50_000 },
    free_quota_per_day: 500_000,
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
    inputUSD: 0.15,
  },
]
