// Whether a speech request whose answer was lost was charged, read from the account's usage history. The
// service remembers an Idempotency-Key for 60 seconds (tts-api.md "Idempotency"); after that, sending the
// chunk again is a new request and a new charge. A usage record carries no job id or key
// (management-api.md "Usage record"), so a charge is recognised by what it does carry: the model, the
// characters billed (`inputTokens`, as for the free allowance) and `date`, the moment the request was sent.
import type { UsageRecord } from '../api/management/schemas/account'
import type { UsageHistory } from './free-allowance'

/** One request of a reading: its model, billable characters, and when it was sent (our clock). */
export interface SentRequest {
  model: string
  chars: number
  sentAtMs: number
}

/**
 * How far the service's clock and ours may disagree: a record dated this much before we sent a request can
 * still be its charge. Reading a record of someone else's identical request as ours costs a question to
 * the user; missing our own costs a second charge.
 */
export const CLOCK_SKEW_MS = 10_000

export type ChargeFinding =
  | { charged: true; recordId: string; costVnd: number }
  | { charged: false }
  /** The history cannot tell: it ends before the request was sent. */
  | null

/**
 * Whether `lost` was charged: whether the history holds a record that can be its charge once each of
 * `answered` (the reading's other requests of the same model whose audio came, so whose charges are in the
 * history too) has taken a record of its own. Records in `claimed` are already put down to other lost
 * requests. A charge found is a charge even in an incomplete history; no charge found counts only when the
 * history reaches back to when `lost` was sent.
 */
export function findCharge(
  history: UsageHistory,
  lost: SentRequest,
  answered: readonly SentRequest[],
  claimed: ReadonlySet<string>,
): ChargeFinding {
  const pool = history.records.filter(
    (r) => !claimed.has(r.id) && r.model === lost.model && r.inputTokens === lost.chars,
  )
  const rivals = answered.filter((a) => a.model === lost.model && a.chars === lost.chars)
  const without = assign(pool, rivals)
  const withLost = assign(pool, [...rivals, lost])
  const taken = withLost.get(lost)
  if (taken && withLost.size > without.size) {
    return { charged: true, recordId: taken.id, costVnd: taken.costVND }
  }
  return reachesBack(history, lost.sentAtMs - CLOCK_SKEW_MS) ? { charged: false } : null
}

/**
 * Gives as many requests as can be a record of their own that they fit (dated from when they were sent).
 * A request sent later fits a subset of what one sent earlier fits, so taking the requests latest-sent
 * first, each the earliest record it fits, gives the most requests a record.
 */
function assign(records: readonly UsageRecord[], requests: readonly SentRequest[]) {
  const byDate = records
    .map((r) => ({ r, atMs: Date.parse(r.date) }))
    .filter((x) => !Number.isNaN(x.atMs))
    .sort((a, b) => a.atMs - b.atMs)
  const used = new Set<UsageRecord>()
  const out = new Map<SentRequest, UsageRecord>()
  for (const q of [...requests].sort((a, b) => b.sentAtMs - a.sentAtMs)) {
    const fit = byDate.find((x) => !used.has(x.r) && x.atMs >= q.sentAtMs - CLOCK_SKEW_MS)
    if (!fit) continue
    used.add(fit.r)
    out.set(q, fit.r)
  }
  return out
}

/** Whether the history holds every record since `sinceMs`: all of them, or older ones too. */
function reachesBack(history: UsageHistory, sinceMs: number): boolean {
  if (history.records.length >= history.total) return true
  return history.records.some((r) => Date.parse(r.date) < sinceMs)
}
