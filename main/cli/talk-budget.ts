// `loa talk` and the daily voice budget the Loa app keeps (Settings, "daily voice budget"): the same day's
// file, so a turn from the terminal counts as a conversation in the app does, and past the budget the
// command refuses, unless --over-budget says to go on for this run.
import { randomUUID } from 'node:crypto'
import { DailyBudget, voiceBudgetPath } from '../voice/daily-budget'
import { appConfigDir, savedSettings } from './credentials'
import { EXIT } from './exit-codes'
import { CliFailure } from './failure'
import { HINTS } from './failure-codes'
import { formatVnd } from './format'

export interface TalkBudget {
  /** Counts the turn's cost into the day: the service's figure, or unknown. */
  record(sessionId: string | null, costVnd: number | null): Promise<void>
}

export async function checkTalkBudget(env: NodeJS.ProcessEnv, overBudget: boolean): Promise<TalkBudget> {
  const dir = appConfigDir(env)
  const settings = await savedSettings(dir)
  const budgetVnd = settings?.realtime.dailyBudgetVnd ?? null
  const day = await DailyBudget.open(voiceBudgetPath(dir))
  const s = day.status(budgetVnd)
  if (budgetVnd !== null && !overBudget && !day.mayStart(budgetVnd)) {
    throw new CliFailure(
      {
        en:
          `today's voice spending, ${s.atLeast ? 'at least ' : ''}${formatVnd(s.spentVnd)}, has reached the ` +
          `daily budget of ${formatVnd(budgetVnd)} set in the Loa app.`,
        vi:
          `chi tiêu cho trò chuyện hôm nay, ${s.atLeast ? 'ít nhất ' : ''}${formatVnd(s.spentVnd)}, đã chạm ` +
          `ngân sách mỗi ngày ${formatVnd(budgetVnd)} đặt trong ứng dụng Loa.`,
      },
      EXIT.failure,
      'over_daily_budget',
      HINTS.overBudget,
    )
  }
  return {
    // Where the app never ran there is no day of its to count into, and no folder is made for one.
    record: (sessionId, costVnd) =>
      settings === undefined
        ? Promise.resolve()
        : day.record(sessionId ?? randomUUID(), { vnd: costVnd, floor: costVnd === null }, true),
  }
}
