// The columns of the recent requests table (and of its CSV export). The times are main's reading of each
// record (`sentAt`, `finishedAt`): a record from before 2026-08-16 has only its finish. The screen keeps six
// columns so the table fits a 980 px window; the file has every figure in a column of its own.
import type { Language } from '../../../preload/contract'
import { formatNumber, formatVnd, localeOf } from '../../lib/format'
import { isMessageKey } from '../../lib/i18n/translate'
import type { Translate } from '../account/translate'
import { durationMs, formatDuration } from './duration'
import type { UsageRecord } from './shapes'
import { csvVnd, type TableColumn } from './table-column'
import { wallTime, zoneOffset } from './zone-time'

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

export function formatRecordTime(iso: string | null, lang: Language, zone?: string): string {
  if (iso === null) return '—'
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return '—'
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: zone,
  }).format(d)
}

/**
 * How a request was billed, from the figures the record has (the spec gives no status field): charged,
 * not charged although it had a price (a pool or a full discount covered it), or free (no price at all).
 */
export type RecordStatus = 'charged' | 'covered' | 'free'

export function recordStatus(r: UsageRecord): RecordStatus {
  if (r.costVND > 0) return 'charged'
  return r.costBeforeDiscount > 0 ? 'covered' : 'free'
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

/**
 * `zone` is the time zone the table shows and the file is written in; `now` dates its offset in the
 * file's headers.
 */
export function recordColumns(
  lang: Language,
  t: Translate,
  zone: string,
  now: Date = new Date(),
): TableColumn<UsageRecord>[] {
  const percent = new Intl.NumberFormat(localeOf(lang), { style: 'percent', maximumFractionDigits: 2 })
  const duration = (r: UsageRecord) => durationMs(r.sentAt, r.finishedAt)
  const timeHeader = (label: string) =>
    t('usage.csv.timeHeader', { label, zone, offset: zoneOffset(zone, now) })
  const csvOnly = (column: TableColumn<UsageRecord>): TableColumn<UsageRecord> => ({
    ...column,
    csvOnly: true,
  })
  const status = (r: UsageRecord) => t(`usage.status.${recordStatus(r)}`)
  return [
    {
      id: 'sent',
      label: t('usage.col.sent'),
      numeric: false,
      wrap: true,
      // By the sending time where known, else by the finish: a record without a sending time finished
      // before 2026-08-16, so before any record that has one was sent.
      sortValue: (r) => timeMs(r.sentAt ?? r.finishedAt),
      text: (r) => formatRecordTime(r.sentAt, lang, zone),
      datetime: (r) => r.sentAt,
      csvHeader: timeHeader(t('usage.col.sent')),
      csv: (r) => wallTime(r.sentAt, zone),
    },
    {
      id: 'completed',
      label: t('usage.col.completed'),
      numeric: false,
      wrap: true,
      sortValue: (r) => timeMs(r.finishedAt),
      text: (r) => formatRecordTime(r.finishedAt, lang, zone),
      datetime: (r) => r.finishedAt,
      detail: (r) => (duration(r) === null ? null : formatDuration(duration(r), lang)),
      csvHeader: timeHeader(t('usage.col.completed')),
      csv: (r) => wallTime(r.finishedAt, zone),
    },
    csvOnly({
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
    }),
    {
      id: 'model',
      label: t('usage.col.model'),
      numeric: false,
      wrap: true,
      sortValue: (r) => r.model,
      text: (r) => r.model,
      csv: (r) => r.model,
    },
    {
      ...tokens('tokens', t('usage.col.tokens'), (r) => r.totalTokens, lang),
      detail: (r) =>
        t('usage.records.tokensDetail', {
          input: formatNumber(r.inputTokens, lang),
          output: formatNumber(r.outputTokens, lang),
        }),
    },
    csvOnly(tokens('input', t('usage.col.input'), (r) => r.inputTokens, lang)),
    csvOnly(tokens('output', t('usage.col.output'), (r) => r.outputTokens, lang)),
    csvOnly(tokens('cacheHit', t('usage.col.cacheHit'), (r) => r.cacheHitTokens, lang)),
    csvOnly(tokens('reasoning', t('usage.col.reasoning'), (r) => r.reasoningTokens, lang)),
    csvOnly(money('costBefore', t('usage.col.costBefore'), (r) => r.costBeforeDiscount, lang, t)),
    csvOnly({
      id: 'discount',
      label: t('usage.col.discount'),
      numeric: true,
      sortValue: (r) => r.discountPercent,
      text: (r) => percent.format(r.discountPercent / 100),
      csvHeader: t('usage.csv.percentHeader', { label: t('usage.col.discount') }),
      csv: (r) => r.discountPercent,
    }),
    {
      ...money('cost', t('usage.col.cost'), (r) => r.costVND, lang, t),
      detail: (r) =>
        r.discountPercent > 0
          ? t('usage.records.costDetail', {
              percent: percent.format(r.discountPercent / 100),
              listPrice: formatVnd(r.costBeforeDiscount, lang),
            })
          : null,
    },
    {
      id: 'status',
      label: t('usage.col.status'),
      numeric: false,
      sortValue: status,
      text: status,
      detail: (r) => keySourceLabel(r.keySource, t),
      csv: status,
    },
    csvOnly({
      id: 'keySource',
      label: t('usage.col.keySource'),
      numeric: false,
      sortValue: (r) => keySourceLabel(r.keySource, t),
      text: (r) => keySourceLabel(r.keySource, t),
      csv: (r) => keySourceLabel(r.keySource, t),
    }),
  ]
}
