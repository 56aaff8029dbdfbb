// Text models of the catalog. Between them they cover every shape the spec allows: null cache and reasoning
// prices, rate limits with nulls, vision and non-vision, a free model, and an id holding a slash.
import type { PlanDiscounts } from '../billing/money'

export interface TextModelDef {
  model_id: string
  name: string
  provider: string
  description: string
  context_window: number
  max_output_tokens: number
  supports_vision: boolean
  released_at: string
  rate_limits: { rpm: number | null; rpd: number | null; tpm: number | null; tpd: number | null }
  pricing: {
    input: number
    output: number
    cache_read: number | null
    cache_write: number | null
    reasoning: number | null
  }
  discounts: PlanDiscounts
}

export const TEXT_MODELS: readonly TextModelDef[] = [
  {
    model_id: 'gpt-4.1',
    name: 'GPT-4.1',
    provider: 'openai',
    description: 'Flagship general model with a one-million-token context.',
    context_window: 1_047_576,
    max_output_tokens: 32_768,
    supports_vision: true,
    released_at: '2025-04-14T00:00:00.000Z',
    rate_limits: { rpm: 500, rpd: null, tpm: 800_000, tpd: null },
    pricing: { input: 2, output: 8, cache_read: 0.5, cache_write: null, reasoning: null },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
  },
  {
    model_id: 'gpt-4.1-mini',
    name: 'GPT-4.1 mini',
    provider: 'openai',
    description: 'Fast, inexpensive model for everyday tasks.',
    context_window: 1_047_576,
    max_output_tokens: 32_768,
    supports_vision: true,
    released_at: '2025-04-14T00:00:00.000Z',
    rate_limits: { rpm: 1_000, rpd: null, tpm: 2_000_000, tpd: null },
    pricing: { input: 0.4, output: 1.6, cache_read: 0.1, cache_write: null, reasoning: null },
    discounts: { free: 0, basic: 5, advanced_plus: 15 },
  },
  {
    model_id: 'o4-mini',
    name: 'o4-mini',
    provider: 'openai',
    description: 'Reasoning model tuned for math, code and visual tasks.',
    context_window: 200_000,
    max_output_tokens: 100_000,
    supports_vision: true,
    released_at: '2025-04-16T00:00:00.000Z',
    rate_limits: { rpm: 300, rpd: 10_000, tpm: 500_000, tpd: null },
    pricing: { input: 1.1, output: 4.4, cache_read: 0.275, cache_write: null, reasoning: 4.4 },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
  },
  {
    model_id: 'claude-sonnet-4-5',
    name: 'Claude Sonnet 4.5',
    provider: 'anthropic',
    description: 'Balanced model for coding, agents and long documents.',
    context_window: 200_000,
    max_output_tokens: 64_000,
    supports_vision: true,
    released_at: '2025-09-29T00:00:00.000Z',
    rate_limits: { rpm: 200, rpd: null, tpm: 400_000, tpd: null },
    pricing: { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75, reasoning: 15 },
    discounts: { free: 0, basic: 10, advanced_plus: 20 },
  },
  {
    model_id: 'claude-haiku-4-5',
    name: 'Claude Haiku 4.5',
    provider: 'anthropic',
    description: 'Small, quick model with near-frontier coding quality.',
    context_window: 200_000,
    max_output_tokens: 64_000,
    supports_vision: true,
    released_at: '2025-10-15T00:00:00.000Z',
    rate_limits: { rpm: 400, rpd: null, tpm: 800_000, tpd: null },
    pricing: { input: 1, output: 5, cache_read: 0.1, cache_write: 1.25, reasoning: null },
    discounts: { free: 0, basic: 10, advanced_plus: 20 },
  },
  {
    model_id: 'gemini-2.5-pro',
    name: 'Gemini 2.5 Pro',
    provider: 'google',
    description: 'Thinking model for complex reasoning over text, images and code.',
    context_window: 1_048_576,
    max_output_tokens: 65_536,
    supports_vision: true,
    released_at: '2025-06-17T00:00:00.000Z',
    rate_limits: { rpm: 150, rpd: 10_000, tpm: 2_000_000, tpd: null },
    pricing: { input: 1.25, output: 10, cache_read: 0.31, cache_write: null, reasoning: 10 },
    discounts: { free: 0, basic: 10, advanced_plus: 15 },
  },
  {
    model_id: 'gemini-2.5-flash',
    name: 'Gemini 2.5 Flash',
    provider: 'google',
    description: 'Price-performance thinking model with a large context.',
    context_window: 1_048_576,
    max_output_tokens: 65_536,
    supports_vision: true,
    released_at: '2025-06-17T00:00:00.000Z',
    rate_limits: { rpm: 1_000, rpd: null, tpm: 4_000_000, tpd: null },
    pricing: { input: 0.3, output: 2.5, cache_read: 0.075, cache_write: null, reasoning: 2.5 },
    discounts: { free: 5, basic: 10, advanced_plus: 15 },
  },
  {
    model_id: 'deepseek-chat',
    name: 'DeepSeek V3.2',
    provider: 'deepseek',
    description: 'Open-weight chat model, strong in Vietnamese and code.',
    context_window: 128_000,
    max_output_tokens: 8_192,
    supports_vision: false,
    released_at: '2025-09-29T00:00:00.000Z',
    rate_limits: { rpm: 300, rpd: null, tpm: null, tpd: null },
    pricing: { input: 0.28, output: 0.42, cache_read: 0.028, cache_write: null, reasoning: null },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
  },
  {
    model_id: 'deepseek-reasoner',
    name: 'DeepSeek V3.2 (thinking)',
    provider: 'deepseek',
    description: 'The same model with visible step-by-step reasoning.',
    context_window: 128_000,
    max_output_tokens: 64_000,
    supports_vision: false,
    released_at: '2025-09-29T00:00:00.000Z',
    rate_limits: { rpm: 200, rpd: null, tpm: null, tpd: null },
    pricing: { input: 0.28, output: 0.42, cache_read: 0.028, cache_write: null, reasoning: 0.42 },
    discounts: { free: 0, basic: 5, advanced_plus: 10 },
  },
  {
    model_id: 'qwen/qwen3-235b-a22b',
    name: 'Qwen3 235B A22B',
    provider: 'alibaba',
    description: 'Mixture-of-experts open model; its id contains a slash.',
    context_window: 131_072,
    max_output_tokens: 16_384,
    supports_vision: false,
    released_at: '2025-07-21T00:00:00.000Z',
    rate_limits: { rpm: 60, rpd: null, tpm: null, tpd: null },
    pricing: { input: 0.2, output: 0.6, cache_read: null, cache_write: null, reasoning: null },
    discounts: { free: 0, basic: 0, advanced_plus: 5 },
  },
  {
    model_id: 'llama-3.3-70b',
    name: 'Llama 3.3 70B (free)',
    provider: 'meta',
    description: 'Free model with tight rate limits.',
    context_window: 131_072,
    max_output_tokens: 8_192,
    supports_vision: false,
    released_at: '2024-12-06T00:00:00.000Z',
    rate_limits: { rpm: 20, rpd: 200, tpm: null, tpd: null },
    pricing: { input: 0, output: 0, cache_read: null, cache_write: null, reasoning: null },
    discounts: { free: 0, basic: 0, advanced_plus: 0 },
  },
]
