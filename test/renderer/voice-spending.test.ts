// The Voice view's money limits in jsdom over a fake bridge: the meter's cap (what Settings asks for
// before a session, the session's own figure after, the service's floor when nothing is asked), the
// day's spending against the daily budget ("at least" where part of it is unknown), and past the budget
// the refused press with its "continue anyway today", which reaches main.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Settings, VoiceStatus } from '../../preload/contract'
import {
  settingsWith,
  voiceHistory,
  voiceModels,
  voiceSnapshot,
  voiceStatus,
  voiceSummary,
} from './voice-fixtures'
import { bridge, Voice, VoiceStore, app, host, $ } from './voice-view-testbed'

const nbsp = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
function status(patch: Partial<VoiceStatus>) {
  bridge.emit('voice:status', voiceStatus(patch))
  flushSync()
}
const cost = {
  settledVnd: 0,
  totalVnd: 0,
  estimateVnd: 0,
  estimatedVndPerMin: 2709,
  maxSpendVnd: 30_000,
  balanceVnd: 500_000,
  minutesLeft: 184,
}

async function show() {
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  bridge.answer('voice:end', () => voiceSummary())
  bridge.answer('voice:continueToday', () => undefined)
  app.settings.set(settingsWith())
})

describe('the meter’s spending cap', () => {
  it('before a session says what Settings asks for; the session’s own figure once it exists', async () => {
    app.settings.set(settingsWith({ realtime: { maxSpendVnd: 30_000 } }))
    await show()
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('30.000 ₫, theo Cài đặt')
    status({ state: 'ready', cost })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('30.000 ₫, do dịch vụ đặt')
    // The session's figure is the service's word, even where it differs from what was asked.
    status({ state: 'ready', cost: { ...cost, maxSpendVnd: 50_000 } })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('50.000 ₫, do dịch vụ đặt')
    status({ state: 'idle', cost: null })
    app.settings.set({ ...settingsWith({ realtime: { maxSpendVnd: 0 } }), language: 'en' } as Settings)
    flushSync()
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('No cap')
    app.settings.set({ ...settingsWith({ realtime: { maxSpendVnd: null } }), language: 'en' } as Settings)
    flushSync()
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('at least ₫50,000, set by the service')
  })
})

describe('the daily budget', () => {
  it('is not shown while off', async () => {
    await show()
    status({ state: 'ready', cost, budget: null })
    expect($('voice-budget')).toBeNull()
  })

  it('shows the day’s spending against the budget, "at least" when part of it is unknown', async () => {
    await show()
    status({
      budget: { budgetVnd: 100_000, spentVnd: 82_500, atLeast: false, level: 'near', overridden: false },
    })
    expect(nbsp($('voice-budget')?.textContent)).toBe('82.500 ₫ / 100.000 ₫')
    expect($('voice-budget')?.dataset.level).toBe('near')
    status({
      budget: { budgetVnd: 100_000, spentVnd: 82_500, atLeast: true, level: 'near', overridden: false },
    })
    expect(nbsp($('voice-budget')?.textContent)).toBe('ít nhất 82.500 ₫ / 100.000 ₫')
    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    flushSync()
    expect(nbsp($('voice-budget')?.textContent)).toBe('at least ₫82,500 / ₫100,000')
  })

  it('past it, says why the press opened nothing and offers to go on today, which reaches main', async () => {
    await show()
    status({
      budget: { budgetVnd: 100_000, spentVnd: 101_000, atLeast: false, level: 'over', overridden: false },
      problem: { kind: 'forbidden', code: 'daily_budget_reached', message: 'over', fatal: true },
    })
    const problem = nbsp($('voice-problem')?.textContent)
    expect(problem).toContain('Đã hết ngân sách trò chuyện hôm nay.')
    expect(problem).toContain('tăng ngân sách trong Cài đặt')
    const button = $('voice-continue-today') as HTMLButtonElement
    expect(button.textContent?.trim()).toBe('Vẫn tiếp tục hôm nay')
    button.click()
    await host.settle()
    expect(bridge.calls.filter((c) => c.channel === 'voice:continueToday')).toHaveLength(1)
    // Main answers with the problem gone and the day's go-ahead recorded.
    status({
      budget: { budgetVnd: 100_000, spentVnd: 101_000, atLeast: false, level: 'over', overridden: true },
    })
    expect($('voice-problem')).toBeNull()
    expect($('voice-continue-today')).toBeNull()
  })

  it('another problem has no such button', async () => {
    await show()
    status({ problem: { kind: 'terminated', code: 'max_spend_reached', message: 'cut', fatal: false } })
    expect($('voice-problem')).not.toBeNull()
    expect($('voice-continue-today')).toBeNull()
  })
})
