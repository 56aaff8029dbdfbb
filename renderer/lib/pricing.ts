// Price math and labels of the model catalog (management-api.md "Text/Image/Video/Embedding model").
// USD comes from the API. VND comes from the API where it sends a discounted figure; otherwise it is
// estimated from USD and marked so, because the wallet is charged what the gateway computes, not us.
// Estimates convert at the rate main sends with the catalog data (`VndPerUsd`); the renderer has none.
import type { CatalogLists, Language, ResponseOf } from '../../preload/contract'
import { localeOf } from './format'

export type TextModel = CatalogLists['text']['data'][number]
export type ImageModel = CatalogLists['image']['data'][number]
export type VideoModel = CatalogLists['video']['data'][number]
export type EmbeddingModel = CatalogLists['embedding']['data'][number]
export type ModelDetail = ResponseOf<'catalog:model'>
export type ImagePrice = ImageModel['pricing']['generation'][number]
export type VideoPricing = VideoModel['pricing']
export type PlanDiscounts = TextModel['discount']['all_plans']

/** The clip length the API prices its video examples at (`example_8s_USD`, `discounted_8s_VND`). */
export const VIDEO_EXAMPLE_SECONDS = 8

/**
 * A price in dong and where it came from. An estimate records the discount it applied; null means the API
 * published no discount for the model (video), so none was applied.
 */
export type VndFigure =
  { vnd: number; estimate: false } | { vnd: number; estimate: true; discountPercent: number | null }

/** USD at `vndPerUsd` dong, less the discount: the same sum, in the same order, as the CLI's `planVnd`. */
export function estimateVnd(usd: number, discountPercent: number | null, vndPerUsd: number): VndFigure {
  return { vnd: usd * vndPerUsd * (1 - (discountPercent ?? 0) / 100), estimate: true, discountPercent }
}

/** The API's own VND figure when it sent one, else an estimate from the USD price. */
export function vndOf(
  apiVnd: number | null | undefined,
  usd: number,
  discountPercent: number | null,
  vndPerUsd: number,
): VndFigure {
  return typeof apiVnd === 'number'
    ? { vnd: apiVnd, estimate: false }
    : estimateVnd(usd, discountPercent, vndPerUsd)
}

/** The same figure for a fraction (or multiple) of the quantity it prices: 8 s → 1 s. */
export function scaleVnd(figure: VndFigure, factor: number): VndFigure {
  return { ...figure, vnd: figure.vnd * factor }
}

// ---- Text ----

export const TEXT_PRICE_KEYS = ['input', 'output', 'cache_read', 'cache_write', 'reasoning'] as const
export type TextPriceKey = (typeof TEXT_PRICE_KEYS)[number]

/** One line of a per-1M-token price list; `usd` null means the model does not support it (not free). */
export interface PriceLine<K extends string = string> {
  key: K
  usd: number | null
  vnd: VndFigure | null
}

/** Text prices per 1M tokens; the API gives no VND for text, so every VND figure is an estimate. */
export function textPrices(model: TextModel, vndPerUsd: number): PriceLine<TextPriceKey>[] {
  const percent = model.discount.percent
  return TEXT_PRICE_KEYS.map((key) => {
    const usd = model.pricing[key]
    return { key, usd, vnd: usd === null ? null : estimateVnd(usd, percent, vndPerUsd) }
  })
}

// ---- Image ----

export interface ImageCell {
  usd: number
  vnd: VndFigure
}

/** Quality × size prices: rows follow `qualities`, columns `sizes`; null where no price is listed. */
export interface ImageGrid {
  qualities: string[]
  sizes: string[]
  cells: (ImageCell | null)[][]
}

export interface ResolutionPrice extends ImageCell {
  resolution: string
}

const imageCell = (e: ImagePrice): ImageCell => ({
  usd: e.priceUSD,
  vnd: { vnd: e.discountedVND, estimate: false },
})

/** The grid of the quality/size entries, in the order the API lists them; null when there are none. */
export function imageGrid(entries: readonly ImagePrice[]): ImageGrid | null {
  const bySize = entries.filter((e) => e.shape === 'quality_size')
  if (bySize.length === 0) return null
  const qualities = [...new Set(bySize.map((e) => e.quality))]
  const sizes = [...new Set(bySize.map((e) => e.size))]
  const cells = qualities.map((q) =>
    sizes.map((s) => {
      const entry = bySize.find((e) => e.quality === q && e.size === s)
      return entry ? imageCell(entry) : null
    }),
  )
  return { qualities, sizes, cells }
}

export function resolutionPrices(entries: readonly ImagePrice[]): ResolutionPrice[] {
  return entries
    .filter((e) => e.shape === 'resolution')
    .map((e) => ({ resolution: e.resolution, ...imageCell(e) }))
}

/** The cheapest image a model makes, the figure the list shows and filters by. */
export function cheapestImage(model: ImageModel): ImageCell | null {
  let best: ImagePrice | null = null
  for (const e of model.pricing.generation) if (!best || e.priceUSD < best.priceUSD) best = e
  return best ? imageCell(best) : null
}

// ---- Video ----

export interface VideoRate {
  perSecondUsd: number
  example8sUsd: number
  vnd8s: VndFigure
  perSecondVnd: VndFigure
}

export type VideoSummary =
  | { shape: 'per_resolution'; discountPercent: number | null; rows: (VideoRate & { resolution: string })[] }
  | {
      shape: 'by_input_type'
      discountPercent: null
      inputTypes: string[]
      rows: { resolution: string; byInput: Record<string, VideoRate> }[]
    }
  | { shape: 'flat'; discountPercent: number | null; rate: VideoRate }

/**
 * The plan discount a video model's API figures imply. Video items carry no `discount` object, but
 * `discounted_8s_VND` is the 8 s price after the caller's plan discount; rounded to 0.1 %, since the
 * dong figure is whole.
 */
export function impliedDiscountPercent(usd: number, discountedVnd: number, vndPerUsd: number): number | null {
  const full = usd * vndPerUsd
  if (!(full > 0)) return null
  return Math.round((1 - discountedVnd / full) * 1000) / 10
}

function videoRate(
  perSecondUsd: number,
  example8sUsd: number | null,
  discounted8sVnd: number | null,
  discountPercent: number | null,
  vndPerUsd: number,
): VideoRate {
  const usd8s = example8sUsd ?? perSecondUsd * VIDEO_EXAMPLE_SECONDS
  const vnd8s = vndOf(discounted8sVnd, usd8s, discountPercent, vndPerUsd)
  return {
    perSecondUsd,
    example8sUsd: usd8s,
    vnd8s,
    perSecondVnd: scaleVnd(vnd8s, 1 / VIDEO_EXAMPLE_SECONDS),
  }
}

type PerResolutionPricing = Extract<VideoPricing, { shape: 'per_resolution' }>

function firstImpliedDiscount(
  entries: PerResolutionPricing['per_resolution'],
  vndPerUsd: number,
): number | null {
  for (const e of entries) {
    if (e.discounted_8s_VND === null) continue
    const usd8s = e.example_8s_USD ?? e.costPerSecondUSD * VIDEO_EXAMPLE_SECONDS
    const percent = impliedDiscountPercent(usd8s, e.discounted_8s_VND, vndPerUsd)
    if (percent !== null) return percent
  }
  return null
}

/** One of the spec's three video pricing shapes, with every figure the UI shows. */
export function videoSummary(pricing: VideoPricing, vndPerUsd: number): VideoSummary {
  switch (pricing.shape) {
    case 'per_resolution': {
      const percent = firstImpliedDiscount(pricing.per_resolution, vndPerUsd)
      return {
        shape: 'per_resolution',
        discountPercent: percent,
        rows: pricing.per_resolution.map((e) => ({
          resolution: e.resolution,
          ...videoRate(e.costPerSecondUSD, e.example_8s_USD, e.discounted_8s_VND, percent, vndPerUsd),
        })),
      }
    }
    case 'by_input_type': {
      const inputTypes = [...new Set(pricing.per_resolution.flatMap((e) => Object.keys(e.by_input_type)))]
      return {
        shape: 'by_input_type',
        discountPercent: null,
        inputTypes,
        rows: pricing.per_resolution.map((e) => ({
          resolution: e.resolution,
          byInput: Object.fromEntries(
            Object.entries(e.by_input_type).map(([type, p]) => [
              type,
              videoRate(p.costPerSecondUSD, p.example_8s_USD, null, null, vndPerUsd),
            ]),
          ),
        })),
      }
    }
    case 'flat': {
      const f = pricing.flat
      const usd8s = f.example_8s_USD ?? f.costPerSecondUSD * VIDEO_EXAMPLE_SECONDS
      const percent =
        f.discounted_8s_VND === null ? null : impliedDiscountPercent(usd8s, f.discounted_8s_VND, vndPerUsd)
      return {
        shape: 'flat',
        discountPercent: percent,
        rate: videoRate(f.costPerSecondUSD, f.example_8s_USD, f.discounted_8s_VND, percent, vndPerUsd),
      }
    }
  }
}

/** Every rate a summary lists, whatever its shape. */
export function videoRates(summary: VideoSummary): VideoRate[] {
  switch (summary.shape) {
    case 'per_resolution':
      return summary.rows
    case 'by_input_type':
      return summary.rows.flatMap((r) => Object.values(r.byInput))
    case 'flat':
      return [summary.rate]
  }
}

/** The cheapest second of video a model makes, the figure the list filters and sorts by. */
export function cheapestVideoSecond(summary: VideoSummary): VideoRate | null {
  let best: VideoRate | null = null
  for (const r of videoRates(summary)) if (!best || r.perSecondUsd < best.perSecondUsd) best = r
  return best
}

/** Lowest and highest cost per second among the input types of one resolution. */
export function perSecondRange(rates: Record<string, VideoRate>): { min: number; max: number } | null {
  const values = Object.values(rates).map((r) => r.perSecondUsd)
  return values.length === 0 ? null : { min: Math.min(...values), max: Math.max(...values) }
}

/**
 * Lowest and highest 8 s price in dong among the input types of one resolution: the figures a row shows
 * beside the dollar range, so a model priced by input type has its VND too.
 */
export function vnd8sRange(rates: Record<string, VideoRate>): { min: VndFigure; max: VndFigure } | null {
  const figures = Object.values(rates).map((r) => r.vnd8s)
  if (figures.length === 0) return null
  const lowest = figures.reduce((a, b) => (b.vnd < a.vnd ? b : a))
  const highest = figures.reduce((a, b) => (b.vnd > a.vnd ? b : a))
  return { min: lowest, max: highest }
}

// ---- Embedding ----

export function embeddingPrice(model: EmbeddingModel): { usd: number; vnd: VndFigure } {
  return { usd: model.pricing.input, vnd: { vnd: model.pricing.discountedVND_per_1M, estimate: false } }
}

// ---- Labels ----

const usdFormatters = new Map<Language, Intl.NumberFormat>()

/** Catalog prices go down to fractions of a cent, hence up to 4 decimals. */
function usdFormatter(lang: Language): Intl.NumberFormat {
  let f = usdFormatters.get(lang)
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    })
    usdFormatters.set(lang, f)
  }
  return f
}

/** US dollars in the UI language: `2,00 US$` in vi-VN, `$2.00` in en-US. */
export function formatUsd(usd: number, lang: Language): string {
  return Number.isFinite(usd) ? usdFormatter(lang).format(usd) : '—'
}

export function formatPercent(percent: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  )
}

/** `0,30–0,40 US$`: a range of dollar prices, written once with its currency. */
export function formatUsdRange(min: number, max: number, lang: Language): string {
  return min === max ? formatUsd(min, lang) : usdFormatter(lang).formatRange(min, max)
}

/** `226.875–330.000 ₫`: a range of whole-dong prices, written once with its currency. */
export function formatVndRange(min: number, max: number, lang: Language): string {
  const f = new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  })
  return Math.round(min) === Math.round(max) ? f.format(min) : f.formatRange(min, max)
}

/** Token counts as people say them: 1M, 200K (the same letters in Vietnamese). */
export function formatTokenCount(tokens: number, lang: Language): string {
  const f = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 1 })
  if (tokens >= 1_000_000) return `${f.format(tokens / 1_000_000)}M`
  if (tokens >= 1_000) return `${f.format(Math.round(tokens / 1_000))}K`
  return f.format(tokens)
}

/** Which `all_plans` entry is the caller's plan; null for a plan the list does not name (e.g. Ultra). */
export function planDiscountKey(plan: string | null): keyof PlanDiscounts | null {
  switch (plan) {
    case 'FREE':
      return 'free'
    case 'BASIC':
      return 'basic'
    case 'ADVANCED_PLUS':
      return 'advanced_plus'
    default:
      return null
  }
}
