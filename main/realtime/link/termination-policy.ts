// What Loa does when the service cuts a session (`session.terminated`, realtime-api.md "States and
// transitions" 5 and "Events": "the application creates a new session and reconnects"). Not every cut
// is worth a new session: one refused for money or for the key would be refused again, or would spend
// money past a cap the user set, so those stop and say what to do instead.
//
// The spec lists the causes in words, not as codes, so the reason is read leniently: lower-cased, every
// run of other characters made one `_`, then matched by the words it holds. Accepted spellings (the demo
// sends the first of each, in both variants):
//   wallet      insufficient_balance, insufficient_funds, wallet_empty, balance_exhausted, out_of_money,
//               out_of_credit, no_balance, payment_required
//   spend_cap   max_spend_reached, max_spend_exceeded, spend_cap_reached, spending_cap, budget_exceeded
//   key         key_revoked, api_key_suspended, key_expired, key_disabled, api_key_spend_limit,
//               key_spending_limit_reached (any reason naming the key: its limit is the key's, not the session's)
//   duration    max_duration_reached, max_duration_exceeded, duration_elapsed, session_expired, time_limit
//   maintenance maintenance, service_maintenance, scheduled_maintenance, shutdown, server_restart
//   system      system_error, internal_error, server_error, upstream_error, unexpected_error
// Anything else (or no reason at all) is `unknown`.

/** The cause of a cut, in Loa's words. */
export type TerminationCause =
  'wallet' | 'spend_cap' | 'key' | 'max_duration' | 'maintenance' | 'system_error' | 'unknown'

/**
 * What the engine does after the cut:
 *   - `renewing`: a new session is on its way, the unanswered turn goes again; the model has forgotten
 *     the earlier turns (the old context does not carry over, spec 6);
 *   - `refused`: not renewed, the user has to act first (top up, raise the cap, check the key);
 *   - `repeated`: renewable, but the last renewal was cut too within a minute: stopped so as not to loop.
 */
export type Renewal = 'renewing' | 'refused' | 'repeated'

/** A renewal cut again within this long stops the renewals. */
export const RENEWAL_WINDOW_MS = 60_000

const has = (words: string, ...parts: string[]): boolean => parts.some((p) => words.includes(p))

export function terminationCause(reason: string | null | undefined): TerminationCause {
  const words = `_${(reason ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '_')}_`
  if (words === '__') return 'unknown'
  // The key first: "key spending limit" is the key's limit, which only its owner can raise.
  if (has(words, '_key_', 'apikey', '_key')) return 'key'
  if (has(words, 'spend', 'budget', '_cap_')) return 'spend_cap'
  if (has(words, 'balance', 'fund', 'wallet', 'money', 'credit', 'payment')) return 'wallet'
  if (has(words, 'duration', 'expired', 'time_limit', 'timeout')) return 'max_duration'
  if (has(words, 'maint', 'shutdown', 'restart')) return 'maintenance'
  if (has(words, 'error', 'fail', 'internal')) return 'system_error'
  return 'unknown'
}

/** The demo's (and the UI's catalog's) reason for a cause, so the user reads the same words for any spelling. */
export const CAUSE_REASONS: Readonly<Record<Exclude<TerminationCause, 'unknown'>, string>> = {
  wallet: 'insufficient_balance',
  spend_cap: 'max_spend_reached',
  key: 'key_revoked',
  max_duration: 'max_duration_reached',
  maintenance: 'maintenance',
  system_error: 'system_error',
}

const NOT_RENEWED: ReadonlySet<TerminationCause> = new Set(['wallet', 'spend_cap', 'key'])

/** Decides each cut of one conversation; it remembers the last renewal to stop a loop. */
export class RenewalPolicy {
  #lastRenewalMs: number | null = null

  decide(cause: TerminationCause, nowMs: number): Renewal {
    if (NOT_RENEWED.has(cause)) return 'refused'
    // A session that ran its declared length was not cut by trouble: renewed every time.
    const recent = this.#lastRenewalMs !== null && nowMs - this.#lastRenewalMs < RENEWAL_WINDOW_MS
    if (recent && cause !== 'max_duration') return 'repeated'
    this.#lastRenewalMs = nowMs
    return 'renewing'
  }

  reset(): void {
    this.#lastRenewalMs = null
  }
}
