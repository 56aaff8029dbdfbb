// The daily voice budget as the app keeps it, over real sockets against the demo service: one
// conversation's cost, read from the service, sets a budget it uses 90 % of; the next conversation's
// first figures bring the notice (once), and take the day past the budget; a press then opens nothing
// and says why, until the user chooses to go on today. The day is read back from its file after a
// restart, refusal and all.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { DailyBudget, voiceBudgetPath } from '../../main/voice/daily-budget'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'

const MIC_RATE_HZ = 48_000
let rig: VoiceRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const sessionCount = async (r: VoiceRig) =>
  (await new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }).list(50)).sessions.length

/** One turn, answered, then the conversation ended: its settled cost. */
async function conversation(r: VoiceRig): Promise<number> {
  r.voice.press()
  await speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.6, MIC_RATE_HZ), MIC_RATE_HZ)
  r.voice.release()
  await r.until(() => last(r)?.state === 'ready', 20_000, 'the answer to end')
  const summary = await r.voice.end()
  expect(summary?.costVnd).toBeGreaterThan(0)
  return summary?.costVnd as number
}

describe('the daily voice budget', () => {
  it('notices at 80 %, refuses a new conversation past 100 % until the user goes on, and survives a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loa-voice-budget-'))
    const budget = await DailyBudget.open(voiceBudgetPath(dir))
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-realtime' }, 'ordinary', undefined, undefined, {
      budget,
    }))

    // Off by default: the day is counted, but nothing is said or refused.
    expect(r.settings.realtime.dailyBudgetVnd).toBeNull()
    const firstVnd = await conversation(r)
    expect(last(r)?.budget).toBeNull()
    expect(budget.status(null).spentVnd).toBe(firstVnd)

    // A budget the first conversation used 90 % of.
    const budgetVnd = Math.ceil(firstVnd / 0.9)
    r.settings.realtime.dailyBudgetVnd = budgetVnd
    expect(r.voice.snapshot().status.budget).toMatchObject({ budgetVnd, spentVnd: firstVnd, level: 'near' })
    const secondVnd = await conversation(r)
    const notices = r.notifications.filter((n) => /budget/.test(n.title))
    expect(notices).toHaveLength(1)
    expect(notices[0]?.body).toContain(
      `of ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'VND' }).format(budgetVnd)}`,
    )
    expect(last(r)?.budget).toMatchObject({
      budgetVnd,
      spentVnd: firstVnd + secondVnd,
      level: 'over',
      atLeast: false,
    })

    // Past the budget: the press opens no session and says why.
    const before = await sessionCount(r)
    r.voice.press()
    r.voice.release()
    expect(last(r)?.problem).toMatchObject({ code: 'daily_budget_reached', fatal: true })
    // Said on the desktop too, once for presses in a row: the talk key works with every window hidden.
    r.voice.press()
    r.voice.release()
    const used = r.notifications.filter((n) => n.title === "Today's voice budget is used up")
    expect(used).toHaveLength(1)
    expect(used[0]?.body).toContain('Continue anyway today')
    expect(last(r)?.state).not.toBe('creating')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await sessionCount(r)).toBe(before)

    // The user goes on today: the problem goes, and the next press talks.
    await r.voice.continueToday()
    expect(last(r)?.problem).toBeNull()
    expect(last(r)?.budget?.overridden).toBe(true)
    await conversation(r)
    expect(await sessionCount(r)).toBe(before + 1)
    await budget.flushed()

    // After a restart the day is read back: spent, over, and the user's go-ahead kept; no second notice.
    const reopened = await DailyBudget.open(voiceBudgetPath(dir))
    expect(reopened.status(budgetVnd)).toMatchObject({ level: 'over', overridden: true })
    expect(reopened.status(budgetVnd).spentVnd).toBeGreaterThan(firstVnd + secondVnd)
    expect(reopened.takeNotice(budgetVnd)).toBe(false)
  }, 90_000)

  it('after a restart past the budget, a press is refused until the user goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loa-voice-budget-'))
    const first = await DailyBudget.open(voiceBudgetPath(dir))
    await first.record('earlier', { vnd: 5_000, floor: false }, true)
    const r = (rig = await startVoiceRig(
      { model: 'openai/gpt-realtime', dailyBudgetVnd: 5_000 },
      'ordinary',
      undefined,
      undefined,
      { budget: await DailyBudget.open(voiceBudgetPath(dir)) },
    ))
    r.voice.press()
    r.voice.release()
    expect(last(r)?.problem?.code).toBe('daily_budget_reached')
    expect(last(r)?.budget).toMatchObject({ spentVnd: 5_000, level: 'over', overridden: false })
    // A typed question and sharing the screen would open a conversation too: refused the same way.
    r.voice.sendText('số dư bao nhiêu?')
    expect(last(r)?.problem?.code).toBe('daily_budget_reached')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(r.of('voice:status').map((s) => s.state)).not.toContain('creating')
    expect(r.voice.snapshot().lines).toEqual([])
    await expect(r.voice.share('screen')).rejects.toMatchObject({ code: 'daily_budget_reached' })
    expect(last(r)?.sharing ?? null).toBeNull()
    expect(await sessionCount(r)).toBe(0)
  })
})
