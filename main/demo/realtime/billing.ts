// A session's bill (realtime-api.md "What the service does", "Events"): token usage accrues as the
// model works, and every 60 s of service time the window is charged to the wallet with a usage record.
// The running total is kept exact and rounded once per settlement, so many small windows do not drift
// from the price of the whole session.
import type { DemoAccount, DemoClock, DemoLedger } from '../context'
import type { RealtimeModel } from './models'
import type { SvcEvent, TerminationReason } from './service-events'
import {
  addUsage,
  emptyUsage,
  inputTokens,
  modelCostVnd,
  outputTokens,
  usageJson,
  type TokenUsage,
} from './usage'

/** Spec: `warning.max_spend` when "more than 80% of the session's spending cap is used". */
export const MAX_SPEND_WARNING_FRACTION = 0.8

export interface BillingDeps {
  sessionId: string
  account: DemoAccount
  model: RealtimeModel
  ledger: DemoLedger
  clock: DemoClock
  maxSpendVnd: number
  estimatedVndPerMin: number
  emit(event: SvcEvent): void
  /** Asks the session to stop; billing never stops it directly. */
  cut(reason: TerminationReason): void
}

export interface SettledWindow {
  index: number
  started_at: string
  ended_at: string
  window_sec: number
  amount_vnd: number
  charged_vnd: number
  usage: Record<string, unknown>
}

export class SessionBilling {
  readonly total = emptyUsage()
  readonly windows: SettledWindow[] = []
  #window = emptyUsage()
  #windowStartMs = 0
  #exactVnd = 0
  #dueVnd = 0
  #chargedVnd = 0
  #warnedMaxSpend = false
  #warnedLowBalance = false

  constructor(private readonly d: BillingDeps) {}

  get totalVnd(): number {
    return Math.round(this.#exactVnd)
  }

  get chargedVnd(): number {
    return this.#chargedVnd
  }

  get unpaidVnd(): number {
    return this.#dueVnd - this.#chargedVnd
  }

  start(nowMs: number): void {
    this.#windowStartMs = nowMs
    this.#checkLowBalance()
  }

  add(usage: TokenUsage): void {
    addUsage(this.#window, usage)
    addUsage(this.total, usage)
    this.#exactVnd += modelCostVnd(usage, this.d.model)
    const cap = this.d.maxSpendVnd
    if (cap > 0 && !this.#warnedMaxSpend && this.#exactVnd > cap * MAX_SPEND_WARNING_FRACTION) {
      this.#warnedMaxSpend = true
      this.d.emit({
        type: 'warning.max_spend',
        session_id: this.d.sessionId,
        at: this.#nowIso(),
        total_vnd: this.totalVnd,
        max_spend_vnd: cap,
        used_percent: Math.round((this.#exactVnd / cap) * 100),
      })
    }
    if (cap > 0 && this.#exactVnd >= cap) return this.d.cut('max_spend_reached')
    if (this.totalVnd - this.#dueVnd > this.d.ledger.balanceVND(this.d.account))
      this.d.cut('insufficient_balance')
  }

  /**
   * Charges what the window used. Returns false when the wallet could not pay it all: the wallet is then
   * emptied and the rest stays unpaid. A final settlement covers the partial window at the session's end.
   */
  settle(final: boolean): boolean {
    const nowMs = this.d.clock.now()
    const amount = this.totalVnd - this.#dueVnd
    this.#dueVnd += amount
    const charged = amount > 0 ? this.#charge(amount, nowMs) : 0
    this.#chargedVnd += charged
    const window: SettledWindow = {
      index: this.windows.length,
      started_at: new Date(this.#windowStartMs).toISOString(),
      ended_at: new Date(nowMs).toISOString(),
      window_sec: (nowMs - this.#windowStartMs) / 1000,
      amount_vnd: amount,
      charged_vnd: charged,
      usage: usageJson(this.#window),
    }
    this.windows.push(window)
    this.d.emit({
      type: 'usage.settled',
      session_id: this.d.sessionId,
      at: window.ended_at,
      window_index: window.index,
      window_start: window.started_at,
      window_sec: window.window_sec,
      final,
      usage: window.usage,
      amount_vnd: amount,
      charged_vnd: charged,
      unpaid_vnd: this.unpaidVnd,
      total_vnd: this.totalVnd,
      balance_vnd: this.d.ledger.balanceVND(this.d.account),
    })
    this.#window = emptyUsage()
    this.#windowStartMs = nowMs
    const paid = charged === amount
    if (paid && !final) this.#checkLowBalance()
    return paid
  }

  #charge(amount: number, nowMs: number): number {
    const attempt = (vnd: number): boolean => {
      const record = {
        date: new Date(this.#windowStartMs).toISOString(),
        completedAt: new Date(nowMs).toISOString(),
        model: this.d.model.id,
        inputTokens: inputTokens(this.#window),
        outputTokens: outputTokens(this.#window),
        totalTokens: inputTokens(this.#window) + outputTokens(this.#window),
        cacheHitTokens: this.#window.cachedIn,
        reasoningTokens: 0,
        costVND: vnd,
        costBeforeDiscount: vnd,
        discountPercent: 0,
        keySource: 'PRIMARY',
      }
      return this.d.ledger.charge(this.d.account, vnd, record).ok
    }
    if (attempt(amount)) return amount
    // The wallet cannot pay the whole window: take what is there; the session is then cut.
    const left = Math.floor(this.d.ledger.balanceVND(this.d.account))
    return left > 0 && attempt(left) ? left : 0
  }

  /** Warns once each time the wallet drops below one more window at the typical price. */
  #checkLowBalance(): void {
    const balance = this.d.ledger.balanceVND(this.d.account)
    const nextWindow = this.d.estimatedVndPerMin
    if (balance >= nextWindow) {
      this.#warnedLowBalance = false
      return
    }
    if (this.#warnedLowBalance) return
    this.#warnedLowBalance = true
    this.d.emit({
      type: 'warning.low_balance',
      session_id: this.d.sessionId,
      at: this.#nowIso(),
      balance_vnd: balance,
      next_window_estimate_vnd: nextWindow,
    })
  }

  #nowIso(): string {
    return new Date(this.d.clock.now()).toISOString()
  }
}
