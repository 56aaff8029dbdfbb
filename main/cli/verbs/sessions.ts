// `loa sessions [--limit N]`: realtime session history, newest first (realtime-api.md `GET /sessions`).
// Also home of what the realtime verbs share: credentials, the sessions client, failures to exit codes.
import { SessionsApi, type RealtimeSessionInfo, type SessionPage } from '../../api/realtime/sessions-api'
import { intFlag } from '../args'
import type { ExitCode } from '../exit-codes'
import type { Language } from '../../../preload/contract'
import { DASH, formatCount, formatDateTime, formatVnd } from '../format'
import { cliLanguage } from '../language'
import { SESSIONS_WORDS as W } from '../output-words'
import { printResult } from '../management-verb'
import { renderTable } from '../table'
import { noArguments, type Verb, type VerbContext } from '../verb'
import { withEndpoint } from '../with-endpoint'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 100

export const sessionsVerb: Verb = {
  name: 'sessions',
  summary: {
    en: 'realtime voice session history with duration and cost',
    vi: 'lịch sử phiên giọng nói thời gian thực, với thời lượng và chi phí',
  },
  usage: 'loa sessions [--limit N] [--json]',
  help: {
    en: `Lists your realtime voice sessions, newest first: when, model, status, how long, what it cost and
why it ended. A session still open shows its status without a total; an ended one whose total the
service's answer does not show readably says "unknown".

Flags:
  --limit N   how many sessions (1-${MAX_LIMIT}, default ${DEFAULT_LIMIT})

With --json, prints {"sessions": [...], "hasMore"} as parsed from the service; a session's token is
shown as "[redacted]".`,
    vi: `Liệt kê các phiên giọng nói thời gian thực của bạn, mới nhất lên đầu: lúc nào, mô hình, trạng thái, kéo
dài bao lâu, tốn bao nhiêu và vì sao kết thúc. Phiên còn mở hiện trạng thái mà không có tổng; phiên đã
kết thúc mà câu trả lời của dịch vụ không cho đọc được tổng thì ghi "unknown" (không rõ).

Tùy chọn:
  --limit N   số phiên (1-${MAX_LIMIT}, mặc định ${DEFAULT_LIMIT})

Với --json, in {"sessions": [...], "hasMore"} sau khi phân tích từ dịch vụ; token của phiên được hiện
thành "[redacted]".`,
  },
  options: { limit: { type: 'string' } },
  async run(ctx) {
    noArguments(ctx.positionals)
    const limit = intFlag(ctx.values.limit, 'limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT
    return withSessionsApi(ctx, 'sessions', async (api) => {
      const page = await api.list(limit)
      await printResult(ctx, withoutTokens(page), () =>
        renderSessions(page.sessions, page.hasMore, cliLanguage(ctx.env)),
      )
    })
  },
}

/**
 * The page as --json prints it: a session token opens the session's audio channel, so it is a secret
 * like the key and never printed; the rest of the connection (kind, url, protocol) stays.
 */
function withoutTokens(page: SessionPage): SessionPage {
  return {
    ...page,
    sessions: page.sessions.map((s) =>
      s.connection === null ? s : { ...s, connection: { ...s.connection, token: REDACTED } },
    ),
  }
}

const REDACTED = '[redacted]'

/** Resolves the gateway and key, runs `work`, and turns a failure into one stderr line and an exit code. */
export function withSessionsApi(
  ctx: VerbContext,
  verbName: string,
  work: (api: SessionsApi, endpoint: { baseUrl: string; key: string }) => Promise<ExitCode | void>,
): Promise<ExitCode> {
  return withEndpoint(ctx, verbName, (endpoint) => work(new SessionsApi(endpoint), endpoint))
}

export function renderSessions(
  sessions: readonly RealtimeSessionInfo[],
  hasMore: boolean | null,
  language: Language = 'en',
): string {
  if (sessions.length === 0) return `${W.none[language]}\n`
  const rows = sessions.map((s) => [
    s.createdAt ? formatDateTime(s.createdAt) : DASH,
    s.model,
    s.status,
    s.usage?.durationSec == null ? DASH : formatDuration(s.usage.durationSec),
    s.billing.totalVnd !== null ? formatVnd(s.billing.totalVnd) : finished(s) ? W.unknown[language] : DASH,
    s.usage?.totalTokens == null ? DASH : formatCount(s.usage.totalTokens),
    s.endReason ?? DASH,
    s.id,
  ])
  const columns = [
    { header: W.started[language] },
    { header: W.model[language] },
    { header: W.status[language] },
    { header: W.duration[language], align: 'right' as const },
    { header: W.cost[language], align: 'right' as const },
    { header: W.tokens[language], align: 'right' as const },
    { header: W.endedBecause[language] },
    { header: W.session[language] },
  ]
  const more = hasMore ? `${W.more[language]}\n` : ''
  return renderTable(columns, rows) + more
}

/**
 * Over, whatever the service calls its status (the values are "not shown"): it says when or why it ended.
 * An open session has no total yet; a finished one whose total cannot be read shows "unknown".
 */
function finished(s: RealtimeSessionInfo): boolean {
  return s.endedAt !== null || s.endReason !== null
}

/** `42 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 60) return `${s} s`
  if (s < 3_600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(s / 3_600)} h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')} min`
}
