// The dong-per-dollar rate behind the catalog's own VND prices. Text models are priced in USD only
// (management-api.md "Text model"), so their VND price for the caller's plan is converted at the rate the
// service itself used for the image and embedding prices it does give in VND, instead of a rate of our own.
import type { EmbeddingModelList, ImageModelList } from '../api/management/index'

interface Sample {
  usd: number
  discountPercent: number
  vnd: number
}

/** Rounded to 10 ₫: the VND figures are whole dong, so the last digit of a derived rate is noise. */
const RATE_STEP_VND = 10

/**
 * The rate from the sample with the largest VND figure (whole-dong rounding matters least there), or null
 * when no price can tell it (nothing priced, or only free or fully discounted items).
 */
export function impliedVndPerUsd(lists: {
  embedding?: EmbeddingModelList
  image?: ImageModelList
}): number | null {
  const samples: Sample[] = []
  for (const m of lists.embedding?.data ?? []) {
    samples.push({
      usd: m.pricing.input,
      discountPercent: m.discount.percent,
      vnd: m.pricing.discountedVND_per_1M,
    })
  }
  for (const m of lists.image?.data ?? []) {
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

/** A USD price as whole dong for the caller's plan. */
export function planVnd(usd: number, vndPerUsd: number, discountPercent: number): number {
  return Math.round(usd * vndPerUsd * (1 - discountPercent / 100))
}
