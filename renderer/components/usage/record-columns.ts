// The columns of the recent requests table (and of its CSV export). The times are main's reading of each
// record (`sentAt`, `finishedAt`): a record from before 2026-08-16 has only its finish.
import type { Language } from '../../../preload/contract'
import { formatNumber, formatVnd, localeOf } from '../../lib/format'
import { isMessageKey } from '../../lib/i18n/translate'
import type { Translate } from '../account/translate'
import { durationMs, formatDuration } from './duration'
import type { UsageRecord } from './shapes'
import { csvVnd, type TableColumn } from './table-column'

/** `PRIMARY`, `POOL_A`, ... in words; a source this version does not know is shown as sent. */
export function keySourceLabel(code: string, t: Translate): string {
  const key = `usage.keySource.${code}`
  return isMessageKey(key) ? t(key) : code
}

/** Milliseconds of an ISO time, null when there is none. */
const timeMs = (iso: string | null): number | null => {
  const ms = iso === null ? NaN : Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

export function formatRecordTime(iso: string | null, lang: Language): string {
  if (iso === null) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short', timeStyle: 'medium' }).format(d)
}

function tokens(
  id: string,
  label: string,
  read: (r: UsageRecord) => number,
  lang: Language,
): TableColumn<UsageRecord> {
  return {
    id,
    label,
    numeric: true,
    sortValue: read,
    text: (r) => formatNumber(read(r), lang),
    csv: (r) => read(r),
  }
}

function money(
  id: string,
  label: string,
  read: (r: UsageRecord) => number,
  lang: Language,
  t: Translate,
): TableColumn<UsageRecord> {
  return {
    id,
    label,
    numeric: true,
    sortValue: read,
    text: (r) => formatVnd(read(r), lang),
    csvHeader: t('usage.csv.vndHeader', { label }),
    csv: (r) => csvVnd(read(r)),
  }
}

export function recordColumns(lang: Language, t: Translate): TableColumn<UsageRecord>[] {
  const percent = new Intl.NumberFormat(localeOf(lang), { style: 'percent', maximumFractionDigits: 2 })
  const duration = (r: UsageRecord) => durationMs(r.sentAt, r.finishedAt)
  return [
    {
      id: 'sent',
      label: t('usage.col.sent'),
      numeric: false,
      // By the sending time where known, else by the finish: a record without a sending time finished
      // before 2026-08-16, so before any record that has one was sent.
      sortValue: (r) => timeMs(r.sentAt ?? r.finishedAt),
      text: (r) => formatRecordTime(r.sentAt, lang),
      datetime: (r) => r.sentAt,
      csv: (r) => r.sentAt,
    },
    {
      id: 'completed',
      label: t('usage.col.completed'),
      numeric: false,
      sortValue: (r) => timeMs(r.finishedAt),
      text: (r) => formatRecordTime(r.finishedAt, lang),
      datetime: (r) => r.finishedAt,
      csv: (r) => r.finishedAt,
    },
    {
      id: 'duration',
      label: t('usage.col.duration'),
      numeric: true,
      sortValue: duration,
      text: (r) => formatDuration(duration(r), lang),
      csvHeader: t('usage.csv.durationHeader'),
      csv: (r) => {
        const ms = duration(r)
        return ms === null ? null : ms / 1000
      },
    },
    {
      id: 'model',
      label: t('usage.col.model'),
      numeric: false,
      sortValue: (r) => r.model,
      text: (r) => r.model,
      csv: (r) => r.model,
    },
    tokens('input', t('usage.col.input'), (r) => r.inputTokens, lang),
    tokens('output', t('usage.col.output'), (r) => r.outputTokens, lang),
    tokens('cacheHit', t('usage.col.cacheHit'), (r) => r.cacheHitTokens, lang),
    tokens('reasoning', t('usage.col.reasoning'), (r) => r.reasoningTokens, lang),
    money('costBefore', t('usage.col.costBefore'), (r) => r.costBeforeDiscount, lang, t),
    {
      id: 'discount',
      label: t('usage.col.discount'),
      numeric: true,
      sortValue: (r) => r.discountPercent,
      text: (r) => percent.format(r.discountPercent / 100),
      csvHeader: t('usage.csv.percentHeader', { label: t('usage.col.discount') }),
      csv: (r) => r.discountPercent,
    },
    money('cost', t('usage.col.cost'), (r) => r.costVND, lang, t),
    {
      id: 'keySource',
      label: t('usage.col.keySource'),
      numeric: false,
      sortValue: (r) => keySourceLabel(r.keySource, t),
      text: (r) => keySourceLabel(r.keySource, t),
      csv: (r) => keySourceLabel(r.keySource, t),
    },
  ]
}
