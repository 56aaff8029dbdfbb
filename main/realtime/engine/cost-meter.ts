// The live cost of a conversation in VND. The service settles every 60 s (`usage.settled` carries the
// session's running `total_vnd`); between settlements the meter adds what the model's usage events have
// reported since, priced per token by kind at the model's prices from the realtime models list
// (realtime-api.md "What the service does": "Billing is per token by kind"). The figure follows what was
// exchanged: an idle stretch adds nothing. A conversation may span several sessions (re-created after an
// idle end or a termination); their final totals are kept and added.
//
// Usage reports lag the bill: the service bills a response as it runs, the model reports its usage when
// it is done, so a response that straddles a settlement is partly in the settled figure already. At each
// settlement the meter therefore counts on from the larger of the two figures (settled, or priced usage),
// so nothing is counted twice and a price that reads high is put right at every settlement.
//
// No audio-seconds fallback: neither the spec nor realtime-protocols.md gives a tokens-per-second rate
// for the gateway's models, so a model that sends no usage leaves the estimate at the settled figure.
//
// The settlement's fields are "not shown" in the spec. When a settlement carries no amount Loa can read,
// the service's figure is unknown (`settledVnd` null), never 0: the meter then keeps adding its estimate
// from the last figure it could read, so the number shown never drops for lack of a settled one. When
// the model's prices are unknown, so is the estimate (`estimateVnd` null), never 0.
import type { ServiceEvent, TokenUsage } from './events'
import { usageCostVnd, type TokenPricesVnd } from './token-prices'

export interface CostSnapshot {
  /**
   * Settled by the service, over every session of the conversation; null when a settlement or a final
   * total could not be read (the service's own figure is then unknown).
   */
  settledVnd: number | null
  /** Settled plus the estimate of what was used since the last settlement (when it is known). */
  totalVnd: number
  /** Used since the last settlement, at the model's prices; null when the prices are unknown. */
  estimateVnd: number | null
  estimatedVndPerMin: number | null
  /** The current session's cap; null when unknown or none. */
  maxSpendVnd: number | null
  /** The wallet after the last settlement, when the service said. */
  balanceVnd: number | null
}

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
  #prices: TokenPricesVnd | null = null
  /** The open session's usage reports, priced (0 while the prices are unknown). */
  #sessionPricedVnd = 0
  /** The open session's usage reported but not priced yet (the prices came later, or never). */
  readonly #unpriced: TokenUsage = emptyUsage()
  /** Priced usage the last read settlement already covers. */
  #pricedBaseVnd = 0
  #vndPerMin: number | null = null
  #maxSpendVnd: number | null = null
  #balanceVnd: number | null = null

  /** `prices`: the model's, when known; they may also come later (`setPrices`). */
  constructor(prices: TokenPricesVnd | null = null) {
    this.#prices = prices
  }

  get pricesKnown(): boolean {
    return this.#prices !== null
  }

  setPrices(prices: TokenPricesVnd | null): void {
    if (prices === null) return
    this.#prices = prices
    this.#sessionPricedVnd += usageCostVnd(this.#unpriced, prices)
    Object.assign(this.#unpriced, emptyUsage())
  }

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
    this.#pricedBaseVnd = Math.max(this.#sessionPricedVnd, this.#sessionSettledVnd)
  }

  /** The session is over; `finalVnd` is its total when the service said (DELETE answer, ended event). */
  sessionClosed(finalVnd: number | null): void {
    if (finalVnd !== null) this.#closedVnd += finalVnd
    else if (this.#sessionKnown()) this.#closedVnd += this.#sessionSettledVnd
    else {
      // Nothing the service said can be read: what the meter showed stays, as an estimate.
      this.#closedVnd += this.#sessionSettledVnd + (this.#estimateVnd() ?? 0)
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
    if (this.#prices) this.#sessionPricedVnd += usageCostVnd(usage, this.#prices)
    else
      for (const key of Object.keys(this.#unpriced) as (keyof TokenUsage)[]) this.#unpriced[key] += usage[key]
  }

  snapshot(): CostSnapshot {
    const knownVnd = this.#closedVnd + this.#sessionSettledVnd
    const unknown = this.#closedUnknown || this.#sessionUnread
    const estimateVnd = this.#estimateVnd()
    return {
      settledVnd: unknown ? null : knownVnd,
      totalVnd: cents(knownVnd + (estimateVnd ?? 0)),
      estimateVnd: estimateVnd === null ? null : cents(estimateVnd),
      estimatedVndPerMin: this.#vndPerMin,
      maxSpendVnd: this.#maxSpendVnd,
      balanceVnd: this.#balanceVnd,
    }
  }

  /** The open session's figure is the service's: read, or nothing billed yet. */
  #sessionKnown(): boolean {
    return !this.#sessionUnread && (this.#sessionFigureRead || !this.#sessionBilled)
  }

  /** Usage reported since the last settlement, priced; null when the prices are unknown. */
  #estimateVnd(): number | null {
    if (this.#prices === null) return null
    return Math.max(0, this.#sessionPricedVnd - this.#pricedBaseVnd)
  }

  #clearSession(): void {
    this.#sessionSettledVnd = 0
    this.#sessionBilled = false
    this.#sessionFigureRead = false
    this.#sessionUnread = false
    this.#sessionPricedVnd = 0
    this.#pricedBaseVnd = 0
    Object.assign(this.#unpriced, emptyUsage())
  }
}

const cents = (vnd: number): number => Math.round(vnd * 100) / 100
