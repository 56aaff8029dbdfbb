// The model catalog as terminal tables: one layout per kind, prices in USD as listed and in VND for the
// caller's plan. VND comes from the service where it gives it (image, embedding, most video prices);
// text prices are converted at the one rate the app uses too (api/management/vnd-rate.ts), with the plan's
// discount applied.
import type { Language, VndPerUsd } from '../../preload/contract'
import type {
  EmbeddingModel,
  ImageModel,
  ImagePrice,
  ModelCatalog,
  ModelDetail,
  TextModel,
  VideoModel,
} from '../api/management/types'
import { planVnd } from '../api/management/vnd-rate'
import { DASH, formatCount, formatDate, formatPercent, formatUsd, formatVnd } from './format'
import { MODELS_WORDS as W } from './output-words'
import { renderFields, renderTable, type Column } from './table'

/** Marks a VND figure converted from USD without a plan discount, because the catalog lists none. */
const UNDISCOUNTED_MARK = '*'

const right = (header: string): Column => ({ header, align: 'right' })

export function renderCatalogSummary(catalog: ModelCatalog, language: Language = 'en'): string {
  const { counts } = catalog
  // The kinds keep their names: they are what `loa models <kind>` takes.
  const head =
    `${formatCount(catalog.data.length)} ${W.models[language]}: text ${formatCount(counts.text)}, image ` +
    `${formatCount(counts.image)}, video ${formatCount(counts.video)}, embedding ${formatCount(counts.embedding)}\n\n`
  const rows = catalog.data.map((m) => [m.kind, m.model_id, m.name, m.provider])
  const columns: Column[] = [
    { header: W.kind[language] },
    { header: W.model[language] },
    { header: W.name[language] },
    { header: W.provider[language] },
  ]
  return `${head}${renderTable(columns, rows)}\n${W.prices[language]}\n`
}

/** Where the rate comes from, in the words both the text and the video notes end with. */
function rateOrigin(vndPerUsd: VndPerUsd, language: Language = 'en'): string {
  return (vndPerUsd.source === 'service' ? W.serviceRate : W.specRate)[language]
}

/** The note both the text and the video tables end with: the rate, and where it comes from. */
function rateNote(vndPerUsd: VndPerUsd | null, language: Language = 'en'): string {
  if (vndPerUsd === null) return ''
  const note = W.rateNote[language]
    .replace('{rate}', formatVnd(vndPerUsd.rate))
    .replace('{origin}', rateOrigin(vndPerUsd, language))
  return `${note}\n`
}

const textVnd = (usd: number | null, rate: VndPerUsd | null, discountPercent: number) =>
  usd === null || rate === null ? DASH : formatVnd(planVnd(usd, rate.rate, discountPercent))

export function renderTextModels(
  models: readonly TextModel[],
  vndPerUsd: VndPerUsd,
  language: Language = 'en',
): string {
  const prices = [W.input, W.output, W.cache, W.reasoning].map((w) => w[language])
  const columns: Column[] = [
    { header: W.model[language] },
    right(W.context[language]),
    right(W.discount[language]),
    ...prices.map((p) => right(`${p} $`)),
    ...prices.map((p) => right(`${p} ₫`)),
  ]
  const rows = models.map((m) => {
    const p = m.pricing
    const d = m.discount.percent
    return [
      m.model_id,
      formatCount(m.context_window),
      formatPercent(d),
      formatUsd(p.input),
      formatUsd(p.output),
      formatUsd(p.cache_read),
      formatUsd(p.reasoning),
      textVnd(p.input, vndPerUsd, d),
      textVnd(p.output, vndPerUsd, d),
      textVnd(p.cache_read, vndPerUsd, d),
      textVnd(p.reasoning, vndPerUsd, d),
    ]
  })
  const head = W.perMillion[language].replace('{dash}', DASH)
  return `${head}\n${renderTable(columns, rows)}\n${rateNote(vndPerUsd, language)}`
}

function imageOption(e: ImagePrice): [string, string] {
  return e.shape === 'quality_size' ? [e.quality, e.size] : [DASH, e.resolution]
}

export function renderImageModels(models: readonly ImageModel[]): string {
  const columns: Column[] = [
    { header: 'Model' },
    { header: 'Use' },
    { header: 'Quality' },
    { header: 'Size' },
    right('Discount'),
    right('USD'),
    right('VND'),
  ]
  const rows: string[][] = []
  for (const m of models) {
    const uses: [string, readonly ImagePrice[]][] = [['generation', m.pricing.generation]]
    if (m.pricing.editing) uses.push(['editing', m.pricing.editing])
    for (const [use, entries] of uses) {
      for (const e of entries) {
        rows.push([
          m.model_id,
          use,
          ...imageOption(e),
          formatPercent(m.discount.percent),
          formatUsd(e.priceUSD),
          formatVnd(e.discountedVND),
        ])
      }
    }
  }
  return `Per image; VND is the catalog's price for your plan.\n${renderTable(columns, rows)}`
}

/** Rows of model, resolution, input type, USD per second, USD for 8 s, VND for 8 s. */
function videoRows(m: VideoModel, vndPerUsd: VndPerUsd | null): string[][] {
  const p = m.pricing
  const eightSecondsUsd = (perSecond: number, example: number | null) => example ?? perSecond * 8
  const convert = (usd: number) =>
    vndPerUsd === null ? DASH : `${formatVnd(planVnd(usd, vndPerUsd.rate, 0))}${UNDISCOUNTED_MARK}`
  const given = (vnd: number | null, usd: number) => (vnd === null ? convert(usd) : formatVnd(vnd))
  switch (p.shape) {
    case 'flat': {
      const usd8 = eightSecondsUsd(p.flat.costPerSecondUSD, p.flat.example_8s_USD)
      return [
        [
          m.model_id,
          'all',
          'all',
          formatUsd(p.flat.costPerSecondUSD),
          formatUsd(usd8),
          given(p.flat.discounted_8s_VND, usd8),
        ],
      ]
    }
    case 'per_resolution':
      return p.per_resolution.map((r) => {
        const usd8 = eightSecondsUsd(r.costPerSecondUSD, r.example_8s_USD)
        return [
          m.model_id,
          r.resolution,
          'all',
          formatUsd(r.costPerSecondUSD),
          formatUsd(usd8),
          given(r.discounted_8s_VND, usd8),
        ]
      })
    case 'by_input_type':
      return p.per_resolution.flatMap((r) =>
        Object.entries(r.by_input_type).map(([input, price]) => {
          const usd8 = eightSecondsUsd(price.costPerSecondUSD, price.example_8s_USD)
          return [
            m.model_id,
            r.resolution,
            input,
            formatUsd(price.costPerSecondUSD),
            formatUsd(usd8),
            convert(usd8),
          ]
        }),
      )
  }
}

export function needsRateForVideo(models: readonly VideoModel[]): boolean {
  return models.some(
    (m) =>
      m.pricing.shape === 'by_input_type' ||
      (m.pricing.shape === 'flat' && m.pricing.flat.discounted_8s_VND === null) ||
      (m.pricing.shape === 'per_resolution' &&
        m.pricing.per_resolution.some((r) => r.discounted_8s_VND === null)),
  )
}

/** `vndPerUsd` may be null when every price has the catalog's own VND (needsRateForVideo is false). */
export function renderVideoModels(models: readonly VideoModel[], vndPerUsd: VndPerUsd | null): string {
  const columns: Column[] = [
    { header: 'Model' },
    { header: 'Resolution' },
    { header: 'Input' },
    right('USD/s'),
    right('8 s USD'),
    right('8 s VND'),
  ]
  const rows = models.flatMap((m) => videoRows(m, vndPerUsd))
  const converted = rows.some((r) => r[5]?.endsWith(UNDISCOUNTED_MARK))
  const note =
    converted && vndPerUsd
      ? `${UNDISCOUNTED_MARK} converted at ${formatVnd(vndPerUsd.rate)}/USD, ${rateOrigin(vndPerUsd)}; the ` +
        'catalog lists no plan discount for it, so your price may be lower.\n'
      : ''
  return `Price = USD per second × seconds; VND is the catalog's price for your plan.\n${renderTable(columns, rows)}${note && `\n${note}`}`
}

export function renderEmbeddingModels(models: readonly EmbeddingModel[]): string {
  const columns: Column[] = [
    { header: 'Model' },
    right('Dimensions'),
    right('Max input'),
    right('Free per day'),
    right('Discount'),
    right('USD'),
    right('VND'),
  ]
  const rows = models.map((m) => [
    m.model_id,
    formatCount(m.dimensions),
    formatCount(m.max_input_tokens),
    m.free_quota.per_day > 0 ? formatCount(m.free_quota.per_day) : DASH,
    formatPercent(m.discount.percent),
    formatUsd(m.pricing.input),
    formatVnd(m.pricing.discountedVND_per_1M),
  ])
  return `Per 1M tokens; free per day in tokens; VND is the catalog's price for your plan.\n${renderTable(columns, rows)}`
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no')
/** The published limits only; null means none is published. */
function limitsLine(limits: {
  rpm: number | null
  rpd: number | null
  tpm?: number | null
  tpd?: number | null
}): string {
  const parts: [number | null | undefined, string][] = [
    [limits.rpm, 'requests/min'],
    [limits.rpd, 'requests/day'],
    [limits.tpm, 'tokens/min'],
    [limits.tpd, 'tokens/day'],
  ]
  const known = parts
    .filter(([n]) => typeof n === 'number')
    .map(([n, unit]) => `${formatCount(n as number)} ${unit}`)
  return known.length > 0 ? known.join(', ') : 'none published'
}

function discountLine(d: TextModel['discount']): string {
  const plans = Object.entries(d.all_plans)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([plan, pct]) => `${plan} ${formatPercent(pct)}`)
    .join(', ')
  return `${formatPercent(d.percent)} on your plan (${plans})`
}

/** One model: what it is and does, then its prices in the layout of its kind. */
/** `vndPerUsd` is needed for text models and for video prices without the catalog's own VND. */
export function renderModelDetail(detail: ModelDetail, vndPerUsd: VndPerUsd | null): string {
  const m = detail.model
  const fields: [string, string][] = [
    ['Model', m.model_id],
    ['Name', m.name],
    ['Provider', m.provider],
    ['Kind', detail.kind],
  ]
  switch (detail.kind) {
    case 'text': {
      const t = detail.model
      fields.push(
        ['Description', t.description],
        ['Context window', `${formatCount(t.context_window)} tokens`],
        ['Max output', `${formatCount(t.max_output_tokens)} tokens`],
        ['Vision', yesNo(t.supports_vision)],
        ['Released', formatDate(new Date(t.released_at))],
        ['Rate limits', limitsLine(t.rate_limits)],
        ['Discount', discountLine(t.discount)],
      )
      return `${renderFields(fields)}\n${renderTextPrices(t, vndPerUsd)}`
    }
    case 'image': {
      const i = detail.model
      fields.push(
        ['Description', i.description],
        ['Sizes', i.supported_sizes.join(', ')],
        ['Qualities', i.supported_qualities.join(', ')],
        ['Editing', yesNo(i.supports_editing)],
        ['Negative prompt', yesNo(i.supports_negative_prompt)],
        ['Image input', yesNo(i.supports_image_input)],
        ['Images per request', formatCount(i.max_images_per_request)],
        ['Rate limits', limitsLine(i.rate_limits)],
        ['Discount', discountLine(i.discount)],
      )
      return `${renderFields(fields)}\n${renderImageModels([i])}`
    }
    case 'video': {
      const v = detail.model
      const { min_seconds: min, max_seconds: max } = v.supported_durations
      fields.push(
        ['Resolutions', v.supported_resolutions.join(', ')],
        ['Durations', `${formatCount(min)} to ${formatCount(max)} s`],
        ['Aspect ratios', v.supported_aspect_ratios.join(', ')],
        ['Inputs', v.supported_input_types.join(', ')],
        ['Audio', yesNo(v.supports_audio)],
      )
      return `${renderFields(fields)}\n${renderVideoModels([v], vndPerUsd)}`
    }
    case 'embedding': {
      const e = detail.model
      fields.push(
        ['Description', e.description],
        ['Rate limits', limitsLine(e.rate_limits)],
        ['Discount', discountLine(e.discount)],
      )
      return `${renderFields(fields)}\n${renderEmbeddingModels([e])}`
    }
    case 'other':
      return `${renderFields(fields)}\nThis version of loa does not know how this kind of model is priced.\n`
  }
}

function renderTextPrices(t: TextModel, vndPerUsd: VndPerUsd | null): string {
  const p = t.pricing
  const d = t.discount.percent
  const prices: [string, number | null][] = [
    ['Input', p.input],
    ['Output', p.output],
    ['Cache read', p.cache_read],
    ['Cache write', p.cache_write],
    ['Reasoning', p.reasoning],
  ]
  const rows = prices.map(([label, usd]) => [label, formatUsd(usd), textVnd(usd, vndPerUsd, d)])
  const columns: Column[] = [{ header: 'Per 1M tokens' }, right('USD'), right('VND')]
  return `${renderTable(columns, rows)}\n${DASH} = not supported. ${rateNote(vndPerUsd)}`
}
