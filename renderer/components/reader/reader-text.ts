// What the Reader's prices, notes, problems, times and states say, in the user's language. Main's rule
// texts are written for logs and the CLI; these are the words the user reads beside them.
import type { Language, ReaderModel, ReaderNote, ReaderProblem, ReaderSaved } from '../../../preload/contract'
import { formatNumber } from '../../lib/format'
import { isMessageKey } from '../../lib/i18n/translate'
import type { Translate } from '../account/translate'

const perThousandFormatters = new Map<Language, Intl.NumberFormat>()

/**
 * VND to two decimals: a price per 1,000 characters is often under 1 ₫ (400,000 ₫ per million is 0.4 ₫),
 * and rounding it to whole dong would show a paid model as 0 ₫.
 */
function formatVndFine(amount: number, lang: Language): string {
  let f = perThousandFormatters.get(lang)
  if (!f) {
    f = new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US', {
      style: 'currency',
      currency: 'VND',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    })
    perThousandFormatters.set(lang, f)
  }
  return f.format(amount)
}

/** "400 ₫ / 1.000 ký tự" on the user's plan, "Miễn phí", or that the price is not known (never 0 ₫). */
export function modelPrice(model: ReaderModel, lang: Language, t: Translate): string {
  if (model.free) return t('reader.model.free')
  if (model.unitPriceVndPer1M === null) return t('reader.model.priceUnknown')
  return t('reader.model.price', { price: formatVndFine(model.unitPriceVndPer1M / 1000, lang) })
}

/** The model's input limit per request, "about" when it is the spec's round figure. */
export function modelLimit(model: ReaderModel, lang: Language, t: Translate): string {
  if (model.maxInputChars === null) return t('reader.model.noLimit')
  const chars = formatNumber(model.maxInputChars, lang)
  return t(model.maxInputApproximate ? 'reader.model.limitAbout' : 'reader.model.limit', { chars })
}

export function noteText(note: ReaderNote, lang: Language, t: Translate): string {
  const speed = (n: number) => formatNumber(n, lang)
  switch (note.code) {
    case 'speed_clamped':
      return t('reader.note.speedClamped', { from: speed(note.from), to: speed(note.to) })
    case 'speed_dropped':
      return t('reader.note.speedDropped', { from: speed(note.from) })
    case 'voice_alias':
      return note.deprecated
        ? t('reader.note.aliasDeprecated', { alias: note.alias })
        : t('reader.note.alias', { alias: note.alias, target: note.target })
    case 'voice_fallback':
      return t('reader.note.fallback', { requested: note.requested, fallback: note.fallback })
    case 'voice_default':
      return note.voice === null
        ? t('reader.note.defaultVoice')
        : t('reader.note.defaultVoiceNamed', { voice: note.voice })
    case 'voice_unchecked':
      return t('reader.note.unchecked', { voice: note.voice })
  }
}

/** The field a problem is about, before main's own words (which name the real limit, format or voice). */
export function problemField(problem: ReaderProblem, t: Translate): string {
  return t(`reader.problem.${problem.field}`)
}

/** The problem in the user's language, with the real limit, formats or voice main named. */
export function problemText(problem: ReaderProblem, lang: Language, t: Translate): string {
  const p = problem.params
  const n = (v: string | number | undefined) =>
    typeof v === 'number' ? formatNumber(v, lang) : String(v ?? '')
  switch (problem.code) {
    case 'empty_input':
      return t('reader.problemText.emptyInput')
    case 'input_too_long':
      return t('reader.problemText.inputTooLong', {
        chars: n(p['chars']),
        limit: n(p['limit']),
        model: n(p['model']),
      })
    case 'unsupported_format':
      return t('reader.problemText.unsupportedFormat', { format: n(p['format']), formats: n(p['formats']) })
    case 'speed_out_of_range':
      return t('reader.problemText.speedOutOfRange', {
        min: n(p['min']),
        max: n(p['max']),
        speed: n(p['speed']),
      })
    case 'speed_not_supported':
      return t('reader.problemText.speedNotSupported')
    case 'voice_required':
      return t('reader.problemText.voiceRequired')
    case 'model_not_open': {
      const reason = closedText(p['reason'], p, t)
      return reason === null
        ? problem.message
        : t('reader.problemText.modelNotOpen', { model: n(p['model']), reason })
    }
    case 'invalid_voice': {
      // A list of valid voices says more than the rule; an empty list is one the service did not give.
      const rule = p['voices'] ? 'list' : p['rule']
      const key = `reader.problemText.invalidVoice.${String(rule)}`
      return isMessageKey(key)
        ? t(key, { voice: n(p['voice']), model: n(p['model']), voices: n(p['voices']) })
        : problem.message
    }
    default:
      // A code this version does not know: main's own words.
      return problem.message
  }
}

/** Why a model is not open, from its code and figures (`reader.closed.<code>`); null for an unknown code. */
export function closedText(
  code: string | number | undefined,
  params: Record<string, string | number>,
  t: Translate,
): string | null {
  const key = `reader.closed.${String(code)}`
  return isMessageKey(key) ? t(key, params) : null
}

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** Time left until the service deletes a reading's audio: "23 giờ 5 phút", "12 phút", "< 1 phút". */
export function countdownText(leftMs: number, lang: Language, t: Translate): string {
  if (leftMs < MINUTE_MS) return t('reader.history.underMinute')
  const hours = Math.floor(leftMs / HOUR_MS)
  const minutes = Math.floor((leftMs % HOUR_MS) / MINUTE_MS)
  const params = { hours: formatNumber(hours, lang), minutes: formatNumber(minutes, lang) }
  if (hours === 0) return t('reader.history.minutes', params)
  return t('reader.history.hoursMinutes', params)
}

/** Milliseconds until an ISO time; null when there is none. */
export function msUntil(iso: string | null, nowMs: number): number | null {
  if (iso === null) return null
  const at = Date.parse(iso)
  return Number.isFinite(at) ? at - nowMs : null
}

/** "1:05", "12:40", "1:02:03": a player's clock, counted down to whole seconds. */
export function clockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The speed as a multiplier, "1,25×". */
export function speedText(speed: number, lang: Language): string {
  return `${formatNumber(speed, lang)}×`
}

/** Where the file went, and, for a file of the first chunks only, that it is partial and which it holds. */
export function savedText(saved: ReaderSaved, lang: Language, t: Translate): string {
  if (!saved.partial) return t('reader.player.saved', { path: saved.path })
  return t('reader.player.savedPartial', {
    path: saved.path,
    parts: formatNumber(saved.partial.parts, lang),
    count: formatNumber(saved.partial.of, lang),
  })
}
