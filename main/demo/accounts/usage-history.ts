// About ninety days of past requests for a seeded account, priced with the catalog's own numbers, so
// that every aggregate the management API returns (daily, per model, stats, savings) has real data behind it.
import { applyDiscount, discountForPlan, roundVnd, usdToVnd, type PlanDiscounts } from '../billing/money'
import { EMBEDDING_MODELS } from '../catalog/embedding-models'
import { IMAGE_MODELS } from '../catalog/image-models'
import { TEXT_MODELS, type TextModelDef } from '../catalog/text-models'
import { VIDEO_MODELS } from '../catalog/video-models'
import type { PlanCode, UsageRecord } from '../context'
import { pickWeighted, randomInt, randomString, type Rng } from '../core/rng'
import { iso, vnDayStart } from '../core/vn-time'

/** Where a request was served from. PRIMARY is the gateway's own upstream key. */
export const KEY_SOURCES = ['PRIMARY', 'SECONDARY', 'POOL_A', 'POOL_B'] as const

const SECOND = 1000
const MINUTE = 60 * SECOND

/** Relative popularity of the models in seeded history. */
const MODEL_WEIGHTS: Record<string, number> = {
  'gpt-4.1-mini': 20,
  'gpt-4.1': 8,
  'o4-mini': 5,
  'claude-sonnet-4-5': 12,
  'claude-haiku-4-5': 8,
  'gemini-2.5-pro': 6,
  'gemini-2.5-flash': 12,
  'deepseek-chat': 8,
  'deepseek-reasoner': 3,
  'qwen/qwen3-235b-a22b': 2,
  'llama-3.3-70b': 3,
  'text-embedding-3-small': 6,
  'gemini-embedding-001': 2,
  'gpt-image-1': 2,
  'imagen-4': 1,
  'veo-3': 0.3,
  'kling-2.1-master': 0.3,
  'sora-2-pro': 0.2,
}
const MODEL_IDS = Object.keys(MODEL_WEIGHTS)
const WEIGHTS = MODEL_IDS.map((id) => MODEL_WEIGHTS[id] ?? 0)

/** Hour-of-day weights, Vietnam time: quiet at night, busy mornings and evenings. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 4, 6, 6, 5, 3, 4, 6, 6, 5, 4, 3, 4, 6, 6, 4, 2]
const HOURS = HOUR_WEIGHTS.map((_, h) => h)

/** Log-uniform integer: token counts spread over orders of magnitude. */
function logUniform(rng: Rng, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min))))
}

interface Draft {
  model: string
  inputTokens: number
  outputTokens: number
  cacheHitTokens: number
  reasoningTokens: number
  priceVnd: number
  discounts: PlanDiscounts
  latencyMs: number
  poolable: 'POOL_A' | 'POOL_B' | null
  free: boolean
}

function textDraft(rng: Rng, m: TextModelDef): Draft {
  const inputTokens = logUniform(rng, 150, 40_000)
  const cacheHitTokens =
    m.pricing.cache_read !== null && rng() < 0.45 ? Math.round(inputTokens * (0.2 + rng() * 0.7)) : 0
  const thinks =
    m.pricing.reasoning !== null &&
    (m.model_id.includes('o4') || m.model_id.includes('reasoner') || rng() < 0.4)
  const reasoningTokens = thinks ? logUniform(rng, 100, 8_000) : 0
  const outputTokens = logUniform(rng, 40, 4_000) + reasoningTokens
  const p = m.pricing
  const usd =
    ((inputTokens - cacheHitTokens) * p.input +
      cacheHitTokens * (p.cache_read ?? p.input) +
      (outputTokens - reasoningTokens) * p.output +
      reasoningTokens * (p.reasoning ?? p.output)) /
    1e6
  const streaming = rng() < 0.6
  // Streaming and thinking requests finish long after they are sent; `date` and `completedAt` drift apart.
  const latencyMs = thinks
    ? randomInt(rng, 20 * SECOND, 15 * MINUTE)
    : streaming
      ? randomInt(rng, 5 * SECOND, 8 * MINUTE)
      : randomInt(rng, SECOND, 20 * SECOND)
  const poolable = m.provider === 'anthropic' ? 'POOL_A' : m.provider === 'google' ? 'POOL_B' : null
  return {
    model: m.model_id,
    inputTokens,
    outputTokens,
    cacheHitTokens,
    reasoningTokens,
    priceVnd: usdToVnd(usd),
    discounts: m.discounts,
    latencyMs,
    poolable,
    free: usd === 0,
  }
}

function draftFor(rng: Rng, modelId: string, embeddingUsedToday: Map<string, number>): Draft {
  const text = TEXT_MODELS.find((m) => m.model_id === modelId)
  if (text) return textDraft(rng, text)
  const image = IMAGE_MODELS.find((m) => m.model_id === modelId)
  if (image) {
    const images = randomInt(rng, 1, Math.min(4, image.max_images_per_request))
    const price = image.generation[randomInt(rng, 0, image.generation.length - 1)]?.priceUSD ?? 0
    return {
      model: modelId,
      inputTokens: randomInt(rng, 20, 300),
      outputTokens: 0,
      cacheHitTokens: 0,
      reasoningTokens: 0,
      priceVnd: usdToVnd(price * images),
      discounts: image.discounts,
      latencyMs: randomInt(rng, 8 * SECOND, 3 * MINUTE),
      poolable: null,
      free: false,
    }
  }
  const video = VIDEO_MODELS.find((m) => m.model_id === modelId)
  if (video) {
    const seconds = randomInt(
      rng,
      video.supported_durations.min_seconds,
      video.supported_durations.max_seconds,
    )
    const p = video.pricing
    const perSecond =
      p.kind === 'flat'
        ? p.costPerSecondUSD
        : p.kind === 'per_resolution'
          ? (p.prices[0]?.costPerSecondUSD ?? 0)
          : (p.prices[0]?.text ?? 0)
    return {
      model: modelId,
      inputTokens: randomInt(rng, 30, 400),
      outputTokens: 0,
      cacheHitTokens: 0,
      reasoningTokens: 0,
      priceVnd: usdToVnd(perSecond * seconds),
      discounts: video.discounts,
      latencyMs: randomInt(rng, 2 * MINUTE, 40 * MINUTE),
      poolable: null,
      free: false,
    }
  }
  const embedding = EMBEDDING_MODELS.find((m) => m.model_id === modelId)
  if (!embedding) throw new Error(`Unknown model in history weights: ${modelId}`)
  const inputTokens = logUniform(rng, 50, 8_000)
  const used = embeddingUsedToday.get(modelId) ?? 0
  embeddingUsedToday.set(modelId, used + inputTokens)
  const withinFreeQuota = used + inputTokens <= embedding.free_quota_per_day
  return {
    model: modelId,
    inputTokens,
    outputTokens: 0,
    cacheHitTokens: 0,
    reasoningTokens: 0,
    priceVnd: withinFreeQuota ? 0 : usdToVnd((inputTokens * embedding.inputUSD) / 1e6),
    discounts: embedding.discounts,
    latencyMs: randomInt(rng, 200, 2 * SECOND),
    poolable: null,
    free: withinFreeQuota,
  }
}

export interface HistoryOptions {
  plan: PlanCode
  requestsPerDay: number
  days: number
  nowMs: number
}

/** Records newest first, as `/usage` returns them. */
export function generateUsageHistory(rng: Rng, opts: HistoryOptions): UsageRecord[] {
  const records: UsageRecord[] = []
  for (let daysAgo = opts.days - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = vnDayStart(opts.nowMs, daysAgo)
    const weekday = new Date(dayStart + 7 * 3600_000).getUTCDay()
    const weekendFactor = weekday === 0 || weekday === 6 ? 0.5 : 1.15
    const count = Math.round(opts.requestsPerDay * weekendFactor * (0.5 + rng()))
    const embeddingUsedToday = new Map<string, number>()
    for (let i = 0; i < count; i++) {
      const hour = pickWeighted(rng, HOURS, HOUR_WEIGHTS)
      const sentMs = dayStart + hour * 3600_000 + randomInt(rng, 0, 3600_000 - 1)
      if (sentMs >= opts.nowMs - MINUTE) continue
      const d = draftFor(rng, pickWeighted(rng, MODEL_IDS, WEIGHTS), embeddingUsedToday)
      const completedMs = Math.min(opts.nowMs, sentMs + d.latencyMs)
      const before = roundVnd(d.priceVnd)
      // FREE accounts have no pooled quota, so none of their requests went through a pool.
      const pooled = d.poolable !== null && opts.plan !== 'FREE' && rng() < 0.45
      const keySource = pooled ? (d.poolable as string) : rng() < 0.92 ? 'PRIMARY' : 'SECONDARY'
      const discountPercent = d.free ? 0 : pooled ? 100 : discountForPlan(d.discounts, opts.plan)
      records.push({
        id: `usg_${randomString(rng, 22)}`,
        date: iso(sentMs),
        completedAt: iso(completedMs),
        model: d.model,
        inputTokens: d.inputTokens,
        outputTokens: d.outputTokens,
        totalTokens: d.inputTokens + d.outputTokens,
        cacheHitTokens: d.cacheHitTokens,
        reasoningTokens: d.reasoningTokens,
        costVND: roundVnd(applyDiscount(before, discountPercent)),
        costBeforeDiscount: before,
        discountPercent,
        keySource,
      })
    }
  }
  return records.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}
