// Loa's own limit on a day's voice spending, across conversations (Settings: realtime.dailyBudgetVnd).
// The service caps one session at a time; a day's total is Loa's to keep: each conversation's latest
// figure (what was settled, the ended sessions' totals, the live estimate of the one in progress), in a
// small file beside the settings, so a restart and the `loa` command see the same day. A figure that is
// only a floor (part of it could not be read) or not known at all is counted so, never as 0: the day's
// total is then "at least" what is known.
// The day is Vietnam's (UTC+7), as the service's own daily usage is.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-write'

/** The share of the budget past which the user is told once a day. */
export const BUDGET_NOTICE_FRACTION = 0.8
const VN_OFFSET_MS = 7 * 3_600_000
/** How often a conversation's live figure is written: the service's billing window. */
const LIVE_SAVE_INTERVAL_MS = 60_000

/** Where the app and `loa` keep the day: beside the settings, in the app's data folder. */
export function voiceBudgetPath(dataDir: string): string {
  return join(dataDir, 'voice-budget.json')
}

export function vnDayOf(epochMs: number): string {
  return new Date(epochMs + VN_OFFSET_MS).toISOString().slice(0, 10)
}

/** One conversation's spending, as far as it is known. */
export interface SpendFigure {
  /** Null when nothing of it could be read. */
  vnd: number | null
  /** The service's figure could not all be read: `vnd` is what is known, a floor. */
  floor: boolean
}

interface StoredFigure extends SpendFigure {
  /** The conversation is over: no later figure replaces it with a live estimate. */
  final: boolean
}

interface BudgetDay {
  day: string
  conversations: Record<string, StoredFigure>
  /** The user chose to go on past the budget today. */
  overridden: boolean
  /** The 80 % notice was given today. */
  noticed: boolean
}

export type BudgetLevel = 'off' | 'under' | 'near' | 'over'

export interface BudgetStatus {
  /** Null when the budget is off. */
  budgetVnd: number | null
  /** The known figures' sum; a floor when `atLeast`. */
  spentVnd: number
  /** Some conversation's figure is a floor or unknown. */
  atLeast: boolean
  level: BudgetLevel
  overridden: boolean
}

export class DailyBudget {
  #day: BudgetDay
  #writing: Promise<void> = Promise.resolve()
  #savedAtMs = Number.NEGATIVE_INFINITY

  private constructor(
    private readonly filePath: string,
    private readonly now: () => number,
    day: BudgetDay,
  ) {
    this.#day = day
  }

  /** Reads the day's file; a missing, damaged or older one starts the day afresh. */
  static async open(filePath: string, now: () => number = Date.now): Promise<DailyBudget> {
    return new DailyBudget(filePath, now, await readDay(filePath, vnDayOf(now())))
  }

  status(budgetVnd: number | null): BudgetStatus {
    const day = this.#today()
    let spentVnd = 0
    let atLeast = false
    for (const figure of Object.values(day.conversations)) {
      atLeast ||= figure.vnd === null || figure.floor
      spentVnd += figure.vnd ?? 0
    }
    spentVnd = Math.round(spentVnd * 100) / 100
    return { budgetVnd, spentVnd, atLeast, level: levelOf(spentVnd, budgetVnd), overridden: day.overridden }
  }

  /** No new conversation past the budget unless the user said to go on today. */
  mayStart(budgetVnd: number | null): boolean {
    const s = this.status(budgetVnd)
    return s.level !== 'over' || s.overridden
  }

  /**
   * A conversation's latest figure. A live one is written at most once a minute (the service settles
   * every 60 s, and a restart loses no more than that); the final one at once. A final figure is not
   * replaced by a later live one.
   */
  record(conversationId: string, figure: SpendFigure, final: boolean): Promise<void> {
    const day = this.#today()
    if (day.conversations[conversationId]?.final && !final) return this.#writing
    day.conversations[conversationId] = { vnd: figure.vnd, floor: figure.floor, final }
    const nowMs = this.now()
    if (!final && nowMs - this.#savedAtMs < LIVE_SAVE_INTERVAL_MS) return this.#writing
    this.#savedAtMs = nowMs
    return this.#save()
  }

  overrideToday(): Promise<void> {
    this.#today().overridden = true
    return this.#save()
  }

  /** True once a day, the first time the spending is past 80 % of the budget. */
  takeNotice(budgetVnd: number | null): boolean {
    const day = this.#today()
    const s = this.status(budgetVnd)
    if (day.noticed || s.level === 'off' || s.level === 'under') return false
    day.noticed = true
    void this.#save()
    return true
  }

  /** Resolves when what was recorded so far is on disk. */
  flushed(): Promise<void> {
    return this.#writing
  }

  #today(): BudgetDay {
    const today = vnDayOf(this.now())
    if (this.#day.day !== today) this.#day = freshDay(today)
    return this.#day
  }

  /** Another process (the app, `loa talk`) may have written the day since: its figures are kept. */
  #save(): Promise<void> {
    const write = async (): Promise<void> => {
      const onDisk = await readDay(this.filePath, this.#day.day)
      const mine = this.#day
      const merged: BudgetDay = {
        day: mine.day,
        conversations: { ...onDisk.conversations, ...mine.conversations },
        overridden: mine.overridden || onDisk.overridden,
        noticed: mine.noticed || onDisk.noticed,
      }
      for (const [id, figure] of Object.entries(onDisk.conversations)) mine.conversations[id] ??= figure
      mine.overridden = merged.overridden
      mine.noticed = merged.noticed
      await writeFileAtomic(this.filePath, JSON.stringify(merged))
    }
    // One write at a time, in order; a failed write (full disk) leaves the figures in memory.
    this.#writing = this.#writing.then(write).catch(() => {})
    return this.#writing
  }
}

function levelOf(spentVnd: number, budgetVnd: number | null): BudgetLevel {
  if (budgetVnd === null) return 'off'
  if (spentVnd >= budgetVnd) return 'over'
  return spentVnd >= budgetVnd * BUDGET_NOTICE_FRACTION ? 'near' : 'under'
}

function freshDay(day: string): BudgetDay {
  return { day, conversations: {}, overridden: false, noticed: false }
}

async function readDay(filePath: string, today: string): Promise<BudgetDay> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(filePath, 'utf8'))
  } catch {
    return freshDay(today)
  }
  if (typeof raw !== 'object' || raw === null) return freshDay(today)
  const r = raw as Partial<BudgetDay>
  const stored = r.conversations
  if (r.day !== today || typeof stored !== 'object' || stored === null) return freshDay(today)
  const conversations: Record<string, StoredFigure> = {}
  for (const [id, f] of Object.entries(stored as Record<string, unknown>)) {
    const figure = f as Partial<StoredFigure> | null
    const vnd = figure?.vnd
    // A damaged entry is kept as unknown rather than dropped: dropping it would count it as 0.
    const known = typeof vnd === 'number' && Number.isFinite(vnd) && vnd >= 0
    conversations[id] = {
      vnd: known ? vnd : null,
      floor: figure?.floor === true,
      final: figure?.final === true,
    }
  }
  return { day: today, conversations, overridden: r.overridden === true, noticed: r.noticed === true }
}
