// `loa usage`: the latest requests (/usage), or the cost per day (/usage/daily) or per model (/usage/models).
import type { DailyUsage, ModelUsage, UsagePage } from '../../api/management/index'
import { USAGE_DAYS, USAGE_LIMIT } from '../../api/management/index'
import { recordTimeMs, recordTimes, SENT_DATE_SINCE } from '../../api/management/usage-times'
import type { UsageRecordTimes } from '../../../preload/contract'
import { intFlag } from '../args'
import {
  DASH,
  formatCompletedAt,
  formatCount,
  formatDateTime,
  formatPercent,
  formatVnd,
  formatVndExact,
} from '../format'
import type { Language } from '../../../preload/contract'
import { cliLanguage, fill } from '../language'
import { counted, UNITS, USAGE_WORDS as W } from '../output-words'
import { printResult, runManagementVerb } from '../management-verb'
import { renderTable, type Column } from '../table'
import { noArguments, UsageError, type Verb } from '../verb'

/** The list is for reading in a terminal: 20 rows by default; the service's own maximum still applies. */
export const DEFAULT_LIMIT = 20

type View = { kind: 'recent'; limit: number } | { kind: 'daily'; days: number } | { kind: 'models' }

export const usageVerb: Verb = {
  name: 'usage',
  summary: {
    en: 'recent requests, cost per day, or cost per model',
    vi: 'các yêu cầu gần đây, chi phí theo ngày, hoặc chi phí theo mô hình',
  },
  usage: 'loa usage [--limit N | --days N | --by-model] [--json]',
  help: {
    en: `Without flags, lists the latest requests, newest sent first: when each was sent and when it
finished, the model, tokens (input, output, cache hits, reasoning), the cost after and before the plan
discount, and the key source. Requests from before ${SENT_DATE_SINCE.slice(0, 10)} were recorded only when
they finished, so their sending time shows as ${DASH}.

Flags:
  --limit N    how many recent requests to list, ${USAGE_LIMIT.min} to ${USAGE_LIMIT.max} (default ${DEFAULT_LIMIT})
  --days N     instead, one row per day for the last N days, ${USAGE_DAYS.min} to ${USAGE_DAYS.max}: requests, tokens, cost
  --by-model   instead, one row per model: requests, tokens, cost

Only one of --limit, --days and --by-model may be given.
With --json, prints the service's answer (/usage, /usage/daily or /usage/models) as parsed.`,
    vi: `Không có tùy chọn thì liệt kê các yêu cầu mới nhất, gửi sau cùng lên đầu: lúc gửi và lúc xong, mô hình,
số token (đầu vào, đầu ra, trúng bộ nhớ đệm, suy luận), chi phí sau và trước chiết khấu của gói, và nguồn
của khóa. Yêu cầu trước ${SENT_DATE_SINCE.slice(0, 10)} chỉ được ghi lại khi đã xong, nên lúc gửi của
chúng hiện là ${DASH}.

Tùy chọn:
  --limit N    số yêu cầu gần đây cần liệt kê, từ ${USAGE_LIMIT.min} đến ${USAGE_LIMIT.max} (mặc định ${DEFAULT_LIMIT})
  --days N     thay vào đó, mỗi ngày một dòng trong N ngày gần nhất, từ ${USAGE_DAYS.min} đến ${USAGE_DAYS.max}: yêu cầu, token, chi phí
  --by-model   thay vào đó, mỗi mô hình một dòng: yêu cầu, token, chi phí

Chỉ được dùng một trong --limit, --days và --by-model.
Với --json, in câu trả lời của dịch vụ (/usage, /usage/daily hoặc /usage/models) sau khi phân tích.`,
  },
  options: {
    limit: { type: 'string' },
    days: { type: 'string' },
    'by-model': { type: 'boolean' },
  },
  async run(ctx) {
    const view = chooseView(ctx.values, ctx.positionals)
    return runManagementVerb(ctx, 'usage', async (client) => {
      switch (view.kind) {
        case 'recent': {
          const page = await client.usage({ limit: view.limit })
          return printResult(ctx, page, () => renderRecent(page, cliLanguage(ctx.env)))
        }
        case 'daily': {
          const daily = await client.usageDaily({ days: view.days })
          return printResult(ctx, daily, () => renderDaily(daily, cliLanguage(ctx.env)))
        }
        case 'models': {
          const models = await client.usageModels()
          return printResult(ctx, models, () => renderByModel(models, cliLanguage(ctx.env)))
        }
      }
    })
  },
}

export function chooseView(
  values: Record<string, string | boolean | undefined>,
  positionals: string[],
): View {
  noArguments(positionals)
  const given = (['limit', 'days', 'by-model'] as const).filter((f) => values[f] !== undefined)
  if (given.length > 1) throw new UsageError(`--${given[0]} and --${given[1]} cannot be used together.`)
  if (values['by-model'] === true) return { kind: 'models' }
  const days = intFlag(values.days, 'days', USAGE_DAYS.min, USAGE_DAYS.max)
  if (days !== undefined) return { kind: 'daily', days }
  return {
    kind: 'recent',
    limit: intFlag(values.limit, 'limit', USAGE_LIMIT.min, USAGE_LIMIT.max) ?? DEFAULT_LIMIT,
  }
}

const right = (header: string): Column => ({ header, align: 'right' })

/** The finish in full, or only its clock time when it falls on the day the request was sent. */
function finishedText({ sentAt, finishedAt }: UsageRecordTimes): string {
  if (finishedAt === null) return DASH
  return sentAt === null ? formatDateTime(finishedAt) : formatCompletedAt(sentAt, finishedAt)
}

/** Newest first by the sending time where known, else by the finish (usage-times.ts); ties keep order. */
function newestSentFirst(page: UsagePage) {
  const timed = page.data.map((record) => ({ record, times: recordTimes(record) }))
  const key = (t: UsageRecordTimes) => recordTimeMs(t) ?? -Infinity
  return timed.sort((a, b) => key(b.times) - key(a.times))
}

export function renderRecent(page: UsagePage, language: Language = 'en'): string {
  if (page.data.length === 0) return `${W.noRequests[language]}\n`
  const columns: Column[] = [
    { header: W.sent[language] },
    { header: W.finished[language] },
    { header: W.model[language] },
    right(W.input[language]),
    right(W.output[language]),
    right(W.cache[language]),
    right(W.reasoning[language]),
    right(W.cost[language]),
    right(W.beforeDiscount[language]),
    right(W.discount[language]),
    { header: W.source[language] },
  ]
  const records = newestSentFirst(page)
  const rows = records.map(({ record: r, times }) => [
    times.sentAt === null ? DASH : formatDateTime(times.sentAt),
    finishedText(times),
    r.model,
    formatCount(r.inputTokens),
    formatCount(r.outputTokens),
    formatCount(r.cacheHitTokens),
    formatCount(r.reasoningTokens),
    formatVndExact(r.costVND),
    formatVndExact(r.costBeforeDiscount),
    formatPercent(r.discountPercent),
    r.keySource,
  ])
  const unknownSent = records.some(({ times }) => times.sentAt === null)
    ? `${DASH} ${fill(W.unknownSent[language], { date: SENT_DATE_SINCE.slice(0, 10) })}\n`
    : ''
  const latest = `${W.latest[language]} ${counted(page.data.length, UNITS.request, language)} ${W.of[language]} ${formatCount(page.total)}.`
  return `${renderTable(columns, rows)}\n${latest}\n${unknownSent}`
}

export function renderDaily(daily: DailyUsage, language: Language = 'en'): string {
  const columns: Column[] = [
    { header: W.date[language] },
    right(W.requests[language]),
    right(W.tokens[language]),
    right(W.cost[language]),
  ]
  const rows = daily.data.map((d) => [
    d.date,
    formatCount(d.requestCount),
    formatCount(d.totalTokens),
    formatVnd(d.totalCostVND),
  ])
  const sum = (pick: (d: DailyUsage['data'][number]) => number) => daily.data.reduce((a, d) => a + pick(d), 0)
  const footer = [
    W.total[language],
    formatCount(sum((d) => d.requestCount)),
    formatCount(sum((d) => d.totalTokens)),
    formatVnd(sum((d) => d.totalCostVND)),
  ]
  return renderTable(columns, rows, { footer })
}

export function renderByModel(usage: ModelUsage, language: Language = 'en'): string {
  if (usage.data.length === 0) return `${W.noRequests[language]}\n`
  const columns: Column[] = [
    { header: W.model[language] },
    { header: W.provider[language] },
    right(W.requests[language]),
    right(W.tokens[language]),
    right(W.cost[language]),
  ]
  const rows = usage.data.map((m) => [
    m.modelName,
    m.provider,
    formatCount(m.requestCount),
    formatCount(m.totalTokens),
    formatVnd(m.totalCostVND),
  ])
  const sum = (pick: (m: ModelUsage['data'][number]) => number) => usage.data.reduce((a, m) => a + pick(m), 0)
  const footer = [
    W.total[language],
    '',
    formatCount(sum((m) => m.requestCount)),
    formatCount(sum((m) => m.totalTokens)),
    formatVnd(sum((m) => m.totalCostVND)),
  ]
  return renderTable(columns, rows, { footer })
}
