// The live cost of a conversation in VND. The service settles every 60 s (`usage.settled` carries the
// session's running `total_vnd`); between settlements the meter adds an estimate at the session's
// `estimated_vnd_per_min`, so the figure moves while the user talks (realtime-api.md "Events",
// "Session object" billing). A conversation may span several sessions (re-created after an idle end
// or a termination); their final totals are kept and added.
import type { ServiceEvent, TokenUsage } from './events'
import type { EngineClock } from './engine-clock'

export interface CostSnapshot {
  /** Settled by the service, over every session of the conversation. */
  settledVnd: number
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
  /** The open session's settled total. */
  #sessionSettledVnd = 0
  #estimateSinceMs: number | null = null
  #vndPerMin: number | null = null
  #maxSpendVnd: number | null = null
  #balanceVnd: number | null = null

  constructor(private readonly clock: EngineClock) {}

  /** A session was created: its terms are known before it bills. */
  sessionCreated(estimatedVndPerMin: number | null, maxSpendVnd: number | null): void {
    this.#vndPerMin = estimatedVndPerMin ?? this.#vndPerMin
    this.#maxSpendVnd = maxSpendVnd
    this.#sessionSettledVnd = 0
  }

  /** `session.active`: billing starts (or resumes after a reconnect, when it never stopped). */
  active(e: ServiceEvent): void {
    if (e.estimatedVndPerMin !== undefined) this.#vndPerMin = e.estimatedVndPerMin
    if (e.maxSpendVnd !== undefined) this.#maxSpendVnd = e.maxSpendVnd
    this.#estimateSinceMs ??= this.clock.now()
  }

  settled(e: ServiceEvent): void {
    if (e.totalVnd !== undefined) this.#sessionSettledVnd = e.totalVnd
    else if (e.amountVnd !== undefined) this.#sessionSettledVnd += e.amountVnd
    if (e.balanceVnd !== undefined) this.#balanceVnd = e.balanceVnd
    this.#estimateSinceMs = e.final === true ? null : this.clock.now()
  }

  /** The session is over; `finalVnd` is its total when the service said (DELETE answer, ended event). */
  sessionClosed(finalVnd: number | null): void {
    this.#closedVnd += finalVnd ?? this.#sessionSettledVnd
    this.#sessionSettledVnd = 0
    this.#estimateSinceMs = null
  }

  /** A new conversation. */
  reset(): void {
    Object.assign(this.tokens, emptyUsage())
    this.#closedVnd = 0
    this.#sessionSettledVnd = 0
    this.#estimateSinceMs = null
    this.#balanceVnd = null
  }

  addUsage(usage: TokenUsage): void {
    for (const key of Object.keys(this.tokens) as (keyof TokenUsage)[]) this.tokens[key] += usage[key]
  }

  snapshot(): CostSnapshot {
    const settledVnd = this.#closedVnd + this.#sessionSettledVnd
    const since = this.#estimateSinceMs
    const estimate =
      since === null || this.#vndPerMin === null
        ? 0
        : (this.#vndPerMin * (this.clock.now() - since)) / MS_PER_MIN
    return {
      settledVnd,
      totalVnd: Math.round((settledVnd + Math.max(0, estimate)) * 100) / 100,
      estimatedVndPerMin: this.#vndPerMin,
      maxSpendVnd: this.#maxSpendVnd,
      balanceVnd: this.#balanceVnd,
    }
  }
}
