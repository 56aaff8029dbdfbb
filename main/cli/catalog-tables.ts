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
import { fill, type Words } from './language'
import { counted, KIND_WORDS as K, MODEL_DETAIL_WORDS as D, MODELS_WORDS as W, UNITS } from './output-words'
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
  const note = fill(W.rateNote[language], {
    rate: formatVnd(vndPerUsd.rate),
    origin: rateOrigin(vndPerUsd, language),
  })
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
  const head = fill(W.perMillion[language], { dash: DASH })
  return `${head}\n${renderTable(columns, rows)}\n${rateNote(vndPerUsd, language)}`
}

function imageOption(e: ImagePrice): [string, string] {
  return e.shape === 'quality_size' ? [e.quality, e.size] : [DASH, e.resolution]
}

export function renderImageModels(models: readonly ImageModel[], language: Language = 'en'): string {
  const columns: Column[] = [
    { header: W.model[language] },
    { header: K.use[language] },
    { header: K.quality[language] },
    { header: K.size[language] },
    right(W.discount[language]),
    right('USD'),
    right('VND'),
  ]
  const rows: string[][] = []
  for (const m of models) {
    const uses: [string, readonly ImagePrice[]][] = [[K.generation[language], m.pricing.generation]]
    if (m.pricing.editing) uses.push([K.editing[language], m.pricing.editing])
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
  return `${K.perImage[language]}\n${renderTable(columns, rows)}`
}

/** Rows of model, resolution, input type, USD per second, USD for 8 s, VND for 8 s. */
function videoRows(m: VideoModel, vndPerUsd: VndPerUsd | null, all: string): string[][] {
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
          all,
          all,
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
          all,
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
export function renderVideoModels(
  models: readonly VideoModel[],
  vndPerUsd: VndPerUsd | null,
  language: Language = 'en',
): string {
  const columns: Column[] = [
    { header: W.model[language] },
    { header: K.resolution[language] },
    { header: K.inputType[language] },
    right(K.usdPerSecond[language]),
    right(K.usd8s[language]),
    right(K.vnd8s[language]),
  ]
  const rows = models.flatMap((m) => videoRows(m, vndPerUsd, K.all[language]))
  const converted = rows.some((r) => r[5]?.endsWith(UNDISCOUNTED_MARK))
  const note =
    converted && vndPerUsd
      ? `${fill(K.converted[language], {
          mark: UNDISCOUNTED_MARK,
          rate: formatVnd(vndPerUsd.rate),
          origin: rateOrigin(vndPerUsd, language),
        })}\n`
      : ''
  return `${K.perSecond[language]}\n${renderTable(columns, rows)}${note && `\n${note}`}`
}

export function renderEmbeddingModels(models: readonly EmbeddingModel[], language: Language = 'en'): string {
  const columns: Column[] = [
    { header: W.model[language] },
    right(K.dimensions[language]),
    right(K.maxInput[language]),
    right(K.freePerDay[language]),
    right(W.discount[language]),
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
  return `${K.perMillionEmbedding[language]}\n${renderTable(columns, rows)}`
}

/** The published limits only; null means none is published. */
function limitsLine(
  limits: { rpm: number | null; rpd: number | null; tpm?: number | null; tpd?: number | null },
  language: Language,
): string {
  const parts: [number | null | undefined, string][] = [
    [limits.rpm, D.requestsPerMinute[language]],
    [limits.rpd, D.requestsPerDay[language]],
    [limits.tpm, D.tokensPerMinute[language]],
    [limits.tpd, D.tokensPerDay[language]],
  ]
  const known = parts
    .filter(([n]) => typeof n === 'number')
    .map(([n, unit]) => `${formatCount(n as number)} ${unit}`)
  return known.length > 0 ? known.join(', ') : D.nonePublished[language]
}

function discountLine(d: TextModel['discount'], language: Language): string {
  const plans = Object.entries(d.all_plans)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([plan, pct]) => `${plan} ${formatPercent(pct)}`)
    .join(', ')
  return fill(D.onYourPlan[language], { percent: formatPercent(d.percent), plans })
}

/** One model: what it is and does, then its prices in the layout of its kind. */
/** `vndPerUsd` is needed for text models and for video prices without the catalog's own VND. */
export function renderModelDetail(
  detail: ModelDetail,
  vndPerUsd: VndPerUsd | null,
  language: Language = 'en',
): string {
  const m = detail.model
  const say = (w: Words) => w[language]
  const yesNo = (b: boolean) => say(b ? D.yes : D.no)
  const fields: [string, string][] = [
    [say(W.model), m.model_id],
    [say(W.name), m.name],
    [say(W.provider), m.provider],
    // The kinds keep their names: they are what `loa models <kind>` takes.
    [say(W.kind), detail.kind],
  ]
  switch (detail.kind) {
    case 'text': {
      const t = detail.model
      fields.push(
        [say(D.description), t.description],
        [say(D.contextWindow), counted(t.context_window, UNITS.token, language)],
        [say(D.maxOutput), counted(t.max_output_tokens, UNITS.token, language)],
        [say(D.vision), yesNo(t.supports_vision)],
        [say(D.released), formatDate(new Date(t.released_at))],
        [say(D.rateLimits), limitsLine(t.rate_limits, language)],
        [say(W.discount), discountLine(t.discount, language)],
      )
      return `${renderFields(fields)}\n${renderTextPrices(t, vndPerUsd, language)}`
    }
    case 'image': {
      const i = detail.model
      fields.push(
        [say(D.description), i.description],
        [say(D.sizes), i.supported_sizes.join(', ')],
        [say(D.qualities), i.supported_qualities.join(', ')],
        [say(D.editing), yesNo(i.supports_editing)],
        [say(D.negativePrompt), yesNo(i.supports_negative_prompt)],
        [say(D.imageInput), yesNo(i.supports_image_input)],
        [say(D.imagesPerRequest), formatCount(i.max_images_per_request)],
        [say(D.rateLimits), limitsLine(i.rate_limits, language)],
        [say(W.discount), discountLine(i.discount, language)],
      )
      return `${renderFields(fields)}\n${renderImageModels([i], language)}`
    }
    case 'video': {
      const v = detail.model
      const { min_seconds: min, max_seconds: max } = v.supported_durations
      fields.push(
        [say(D.resolutions), v.supported_resolutions.join(', ')],
        [say(D.durations), fill(say(D.durationRange), { min: formatCount(min), max: formatCount(max) })],
        [say(D.aspectRatios), v.supported_aspect_ratios.join(', ')],
        [say(D.inputs), v.supported_input_types.join(', ')],
        [say(D.audio), yesNo(v.supports_audio)],
      )
      return `${renderFields(fields)}\n${renderVideoModels([v], vndPerUsd, language)}`
    }
    case 'embedding': {
      const e = detail.model
      fields.push(
        [say(D.description), e.description],
        [say(D.rateLimits), limitsLine(e.rate_limits, language)],
        [say(W.discount), discountLine(e.discount, language)],
      )
      return `${renderFields(fields)}\n${renderEmbeddingModels([e], language)}`
    }
    case 'other':
      return `${renderFields(fields)}\n${say(D.unknownKind)}\n`
  }
}

function renderTextPrices(t: TextModel, vndPerUsd: VndPerUsd | null, language: Language): string {
  const p = t.pricing
  const d = t.discount.percent
  const prices: [Words, number | null][] = [
    [D.input, p.input],
    [D.output, p.output],
    [D.cacheRead, p.cache_read],
    [D.cacheWrite, p.cache_write],
    [D.reasoning, p.reasoning],
  ]
  const rows = prices.map(([label, usd]) => [label[language], formatUsd(usd), textVnd(usd, vndPerUsd, d)])
  const columns: Column[] = [{ header: D.perMillion[language] }, right('USD'), right('VND')]
  const notSupported = fill(D.notSupported[language], { dash: DASH })
  return `${renderTable(columns, rows)}\n${notSupported} ${rateNote(vndPerUsd, language)}`
}
