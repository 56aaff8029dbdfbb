// The one dong-per-dollar rate the app and `loa` convert the catalog's USD-only prices with. Text models
// are priced in USD alone (management-api.md "Text model"), so their VND price for the caller's plan is an
// estimate; it uses the service's own rate wherever the service's data tells it, and the spec's reference
// rate only when nothing does.
import type { VndPerUsd } from '../../../preload/contract'
import type { EmbeddingModelList, ImageModelList, TextModelList, VideoModelList } from './schemas/catalog'

/** realtime-api.md "What the service does": "Reference conversion: 1 USD = 27,500 VND". */
export const REFERENCE_VND_PER_USD = 27_500

/** Rounded to 10 ₫: the VND figures are whole dong, so the last digit of a derived rate is noise. */
const RATE_STEP_VND = 10

/**
 * Names a list response might state its rate under. The spec names none; a gateway that adds one is read
 * rather than second-guessed from its prices.
 */
const RATE_FIELDS = [
  'vnd_per_usd',
  'vndPerUsd',
  'usd_to_vnd',
  'usdToVnd',
  'usd_vnd_rate',
  'exchange_rate',
  'exchangeRate',
] as const

/** Catalog lists as parsed; any may be missing (not fetched, or the fetch failed). */
export interface RateSources {
  text?: TextModelList | null
  image?: ImageModelList | null
  video?: VideoModelList | null
  embedding?: EmbeddingModelList | null
}

interface Sample {
  usd: number
  discountPercent: number
  vnd: number
}

/**
 * The rate a list states outright; else the rate the service's own VND prices imply; else the reference
 * rate. A stated rate comes first because it is exact, where an implied one carries whole-dong rounding.
 */
export function vndPerUsd(sources: RateSources): VndPerUsd {
  const rate = statedRate(sources) ?? impliedRate(sources)
  return rate === null ? { rate: REFERENCE_VND_PER_USD, source: 'reference' } : { rate, source: 'service' }
}

/** A USD price as whole dong for the caller's plan. */
export function planVnd(usd: number, rate: number, discountPercent: number): number {
  return Math.round(usd * rate * (1 - discountPercent / 100))
}

function statedRate(sources: RateSources): number | null {
  for (const list of Object.values(sources)) {
    if (!list) continue
    const fields = list as Record<string, unknown>
    for (const name of RATE_FIELDS) {
      const value = fields[name]
      // Dong are worth far less than a dollar: a figure below 1 is not dong per dollar, whatever it is.
      if (typeof value === 'number' && Number.isFinite(value) && value >= 1) return value
    }
  }
  return null
}

/**
 * VND / (USD × (1 − discount)) of the price with the largest VND figure, where whole-dong rounding matters
 * least. Image and embedding prices carry both figures and the discount they applied; video prices carry
 * no discount, so they cannot tell the rate apart from the discount.
 */
function impliedRate(sources: RateSources): number | null {
  const samples: Sample[] = []
  for (const m of sources.embedding?.data ?? []) {
    samples.push({
      usd: m.pricing.input,
      discountPercent: m.discount.percent,
      vnd: m.pricing.discountedVND_per_1M,
    })
  }
  for (const m of sources.image?.data ?? []) {
    for (const e of [...m.pricing.generation, ...(m.pricing.editing ?? [])]) {
      samples.push({ usd: e.priceUSD, discountPercent: m.discount.percent, vnd: e.discountedVND })
    }
  }
  const usable = samples.filter(
    (s) => s.usd > 0 && s.vnd > 0 && s.discountPercent >= 0 && s.discountPercent < 100,
  )
  if (usable.length === 0) return null
  const best = usable.reduce((a, b) => (b.vnd > a.vnd ? b : a))
  const rate = best.vnd / (best.usd * (1 - best.discountPercent / 100))
  return Math.round(rate / RATE_STEP_VND) * RATE_STEP_VND
}
