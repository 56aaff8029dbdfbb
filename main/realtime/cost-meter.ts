// The live cost of a conversation in VND. The service settles every 60 s (`usage.settled` carries the
// session's running `total_vnd`); between settlements the meter adds an estimate at the session's
// `estimated_vnd_per_min`, so the figure moves while the user talks (realtime-api.md "Events",
// "Session object" billing). A conversation may span several sessions (re-created after an idle end
// or a termination); their final totals are kept and added.
//
// The settlement's fields are "not shown" in the spec. When a settlement carries no amount Loa can read,
// the service's figure is unknown (`settledVnd` null), never 0: the meter then keeps adding its estimate
// from the last figure it could read, so the number shown never drops for lack of a settled one.
import type { ServiceEvent, TokenUsage } from './events'
import type { EngineClock } from './engine-clock'

export interface CostSnapshot {
  /**
   * Settled by the service, over every session of the conversation; null when a settlement or a final
   * total could not be read (the service's own figure is then unknown).
   */
  settledVnd: number | null
  /** Settled plus the estimate for the time since the last settlement. */
  totalVnd: number
  estimatedVndPerMin: number | null
  /** The current session's cap; null when unknown or none. */
  maxSpendVnd: number | null
  /** The wallet after the last settlement, when the service said. */
  balanceVnd: number | null
}

const MS_PER_MIN = 60_000

export function emptyUsage(): TokenUsage {
  return {
    inputAudio: 0,
    inputText: 0,
    inputCached: 0,
    inputTotal: 0,
    outputAudio: 0,
    outputText: 0,
    outputTotal: 0,
    total: 0,
  }
}

export class CostMeter {
  readonly tokens: TokenUsage = emptyUsage()
  /** Final totals of sessions that are over. */
  #closedVnd = 0
  /** The open session's settled total, as far as it could be read. */
  #sessionSettledVnd = 0
  /** The open session bills (`session.active` came). */
  #sessionBilled = false
  /** A settlement of the open session was read. */
  #sessionFigureRead = false
  /** A settlement of the open session carried no amount Loa could read. */
  #sessionUnread = false
  /** A session that is over had no figure Loa could read: the conversation's settled cost is unknown. */
  #closedUnknown = false
  #estimateSinceMs: number | null = null
  #vndPerMin: number | null = null
  #maxSpendVnd: number | null = null
  #balanceVnd: number | null = null

  constructor(private readonly clock: EngineClock) {}

  /** A session was created: its terms are known before it bills. */
  sessionCreated(estimatedVndPerMin: number | null, maxSpendVnd: number | null): void {
    this.#vndPerMin = estimatedVndPerMin ?? this.#vndPerMin
    this.#maxSpendVnd = maxSpendVnd
    this.#clearSession()
  }

  /** `session.active`: billing starts (or resumes after a reconnect, when it never stopped). */
  active(e: ServiceEvent): void {
    if (e.estimatedVndPerMin !== undefined) this.#vndPerMin = e.estimatedVndPerMin
    if (e.maxSpendVnd !== undefined) this.#maxSpendVnd = e.maxSpendVnd
    this.#sessionBilled = true
    this.#estimateSinceMs ??= this.clock.now()
  }

  settled(e: ServiceEvent): void {
    if (e.balanceVnd !== undefined) this.#balanceVnd = e.balanceVnd
    if (e.totalVnd !== undefined) {
      // A running total puts the figure right again even after a settlement that could not be read.
      this.#sessionSettledVnd = e.totalVnd
      this.#sessionUnread = false
    } else if (e.amountVnd !== undefined && !this.#sessionUnread) {
      this.#sessionSettledVnd += e.amountVnd
    } else {
      // No figure: keep estimating from the last one read.
      this.#sessionUnread = true
      return
    }
    this.#sessionFigureRead = true
    this.#estimateSinceMs = e.final === true ? null : this.clock.now()
  }

  /** The session is over; `finalVnd` is its total when the service said (DELETE answer, ended event). */
  sessionClosed(finalVnd: number | null): void {
    if (finalVnd !== null) this.#closedVnd += finalVnd
    else if (this.#sessionKnown()) this.#closedVnd += this.#sessionSettledVnd
    else {
      // Nothing the service said can be read: what the meter showed stays, as an estimate.
      this.#closedVnd += this.#sessionSettledVnd + this.#estimateVnd()
      this.#closedUnknown = true
    }
    this.#clearSession()
  }

  /** A new conversation. */
  reset(): void {
    Object.assign(this.tokens, emptyUsage())
    this.#closedVnd = 0
    this.#closedUnknown = false
    this.#clearSession()
    this.#balanceVnd = null
  }

  addUsage(usage: TokenUsage): void {
    for (const key of Object.keys(this.tokens) as (keyof TokenUsage)[]) this.tokens[key] += usage[key]
  }

  snapshot(): CostSnapshot {
    const knownVnd = this.#closedVnd + this.#sessionSettledVnd
    const unknown = this.#closedUnknown || this.#sessionUnread
    return {
      settledVnd: unknown ? null : knownVnd,
      totalVnd: Math.round((knownVnd + this.#estimateVnd()) * 100) / 100,
      estimatedVndPerMin: this.#vndPerMin,
      maxSpendVnd: this.#maxSpendVnd,
      balanceVnd: this.#balanceVnd,
    }
  }

  /** The open session's figure is the service's: read, or nothing billed yet. */
  #sessionKnown(): boolean {
    return !this.#sessionUnread && (this.#sessionFigureRead || !this.#sessionBilled)
  }

  #estimateVnd(): number {
    const since = this.#estimateSinceMs
    if (since === null || this.#vndPerMin === null) return 0
    return Math.max(0, (this.#vndPerMin * (this.clock.now() - since)) / MS_PER_MIN)
  }

  #clearSession(): void {
    this.#sessionSettledVnd = 0
    this.#sessionBilled = false
    this.#sessionFigureRead = false
    this.#sessionUnread = false
    this.#estimateSinceMs = null
  }
}
