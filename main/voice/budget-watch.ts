// The voice chat's side of the daily budget (daily-budget.ts): each conversation's cost as it runs and
// when it ends goes into the day's total; the 80 % notice; and the press that would start a conversation
// past the budget, refused until the user chooses to go on today.
import { randomUUID } from 'node:crypto'
import type { Language, VoiceBudget, VoiceCost, VoiceProblem } from '../../preload/contract'
import { budgetNoticeText } from './budget-text'
import type { DailyBudget, SpendFigure } from './daily-budget'

export interface BudgetWatchDeps {
  /** Null where no file can hold the day (tests that do not look at it). */
  budget: DailyBudget | null
  /** The setting: null when the budget is off. */
  budgetVnd(): number | null
  notify(title: string, body: string): void
  language(): Language
}

/** The refusal's code, which the windows have words for. */
export const DAILY_BUDGET_CODE = 'daily_budget_reached'

export class BudgetWatch {
  #conversation: string | null = null
  #last: SpendFigure | null = null

  constructor(private readonly d: BudgetWatchDeps) {}

  /** What the windows show; null when the budget is off. */
  status(): VoiceBudget | null {
    const budgetVnd = this.d.budgetVnd()
    if (!this.d.budget || budgetVnd === null) return null
    const s = this.d.budget.status(budgetVnd)
    return {
      budgetVnd,
      spentVnd: s.spentVnd,
      atLeast: s.atLeast,
      level: s.level === 'off' ? 'under' : s.level,
      overridden: s.overridden,
    }
  }

  /**
   * Null when a new conversation may start; otherwise the problem to show instead. The first refusal in a
   * row is also a desktop notice: the press may have come from the talk key with every window hidden.
   */
  refusal(alreadyShown: boolean): VoiceProblem | null {
    const budgetVnd = this.d.budgetVnd()
    if (!this.d.budget || budgetVnd === null || this.d.budget.mayStart(budgetVnd)) return null
    if (!alreadyShown) this.#notify(budgetVnd)
    return {
      kind: 'forbidden',
      code: DAILY_BUDGET_CODE,
      message: `Today's voice spending reached the daily budget of ${budgetVnd} VND.`,
      fatal: true,
    }
  }

  started(): void {
    this.#conversation = randomUUID()
    this.#last = null
  }

  /** The meter moved: the conversation's live figure. */
  cost(cost: VoiceCost): void {
    if (this.#conversation === null) return
    // Without the service's figure or the prices, what is shown is only part of it: a floor.
    const figure = { vnd: cost.totalVnd, floor: cost.settledVnd === null || cost.estimateVnd === null }
    this.#last = figure
    void this.d.budget?.record(this.#conversation, figure, false)
    this.#maybeNotice()
  }

  /** The conversation is over: the service's total, or what was known of it (a floor) when it is unknown. */
  finished(costVnd: number | null): void {
    if (this.#conversation === null) return
    const figure: SpendFigure =
      costVnd !== null ? { vnd: costVnd, floor: false } : { vnd: this.#last?.vnd ?? null, floor: true }
    void this.d.budget?.record(this.#conversation, figure, true)
    this.#conversation = null
    this.#maybeNotice()
  }

  continueToday(): Promise<void> {
    return this.d.budget?.overrideToday() ?? Promise.resolve()
  }

  #maybeNotice(): void {
    const budgetVnd = this.d.budgetVnd()
    if (!this.d.budget?.takeNotice(budgetVnd) || budgetVnd === null) return
    this.#notify(budgetVnd)
  }

  #notify(budgetVnd: number): void {
    const s = this.d.budget?.status(budgetVnd)
    if (!s) return
    const text = budgetNoticeText(this.d.language(), s.spentVnd, budgetVnd, s.atLeast)
    this.d.notify(text.title, text.body)
  }
}
