// The spending limits in the settings file and in a change: each session's cap (null = the service's
// own, 0 = no cap) and the daily budget (null = off, else at least 1 dong), whole dong within a billion;
// anything else in the file falls back to its default on its own, and a change carrying it is refused.
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, salvageSettings, settingsPatchSchema } from '../../main/settings/settings-schema'

const withRealtime = (realtime: Record<string, unknown>) => ({
  ...structuredClone(DEFAULT_SETTINGS),
  realtime: { ...DEFAULT_SETTINGS.realtime, ...realtime },
})

describe('the spending limits in the settings', () => {
  it('are off by default: the service’s cap, no daily budget', () => {
    expect(DEFAULT_SETTINGS.realtime.maxSpendVnd).toBeNull()
    expect(DEFAULT_SETTINGS.realtime.dailyBudgetVnd).toBeNull()
  })

  it('keep a cap of 0 (no cap) or whole dong, and a budget of whole dong', () => {
    for (const [cap, budget] of [
      [0, 1],
      [50_000, 200_000],
      [1_000_000_000, 1_000_000_000],
    ]) {
      const r = salvageSettings(withRealtime({ maxSpendVnd: cap, dailyBudgetVnd: budget }))
      expect(r.invalidFields).toEqual([])
      expect(r.settings.realtime).toMatchObject({ maxSpendVnd: cap, dailyBudgetVnd: budget })
    }
  })

  it.each([-1, 1.5, 1e10, '50000', Number.NaN])('replaces a damaged value (%s) by its default alone', (v) => {
    const r = salvageSettings(withRealtime({ maxSpendVnd: v, dailyBudgetVnd: v, voice: 'alloy' }))
    expect(r.invalidFields).toEqual(['realtime.maxSpendVnd', 'realtime.dailyBudgetVnd'])
    expect(r.settings.realtime).toMatchObject({ maxSpendVnd: null, dailyBudgetVnd: null, voice: 'alloy' })
  })

  it('refuses a budget of 0 (off is null) and takes the limits as a change', () => {
    expect(salvageSettings(withRealtime({ dailyBudgetVnd: 0 })).invalidFields).toEqual([
      'realtime.dailyBudgetVnd',
    ])
    expect(settingsPatchSchema.safeParse({ realtime: { maxSpendVnd: 0 } }).success).toBe(true)
    expect(settingsPatchSchema.safeParse({ realtime: { dailyBudgetVnd: null } }).success).toBe(true)
    expect(settingsPatchSchema.safeParse({ realtime: { dailyBudgetVnd: 0 } }).success).toBe(false)
    expect(settingsPatchSchema.safeParse({ realtime: { maxSpendVnd: -5 } }).success).toBe(false)
  })
})
