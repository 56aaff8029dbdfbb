// The columns of the recent requests table (and of its CSV export).
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
  const duration = (r: UsageRecord) => durationMs(r.date, r.completedAt)
  return [
    {
      id: 'sent',
      label: t('usage.col.sent'),
      numeric: false,
      sortValue: (r) => Date.parse(r.date),
      text: (r) => formatRecordTime(r.date, lang),
      datetime: (r) => r.date,
      csv: (r) => r.date,
    },
    {
      id: 'completed',
      label: t('usage.col.completed'),
      numeric: false,
      sortValue: (r) => (r.completedAt === null ? null : Date.parse(r.completedAt)),
      text: (r) => formatRecordTime(r.completedAt, lang),
      datetime: (r) => r.completedAt,
      csv: (r) => r.completedAt,
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
