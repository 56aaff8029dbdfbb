// The voice chat's spending limits in Settings over a fake bridge: the session's cap (left to the
// service by default, "no cap" saved as 0, amounts in the user's language) and the daily budget (off by
// default), each saved into settings.realtime at once, and a saved amount not offered shown as it is.
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../preload/contract'
import { settingsSelectRig } from './settings-select-rig'
import { settingsWith } from './voice-fixtures'

const rig = settingsSelectRig(
  () => import('../../renderer/components/settings/VoiceSpendingSettings.svelte'),
  'voice-spend-cap-setting',
)
const { show, select, options, choose, settle } = rig
const budgetSelect = (root: HTMLElement) =>
  root.querySelector<HTMLSelectElement>('[data-testid="voice-daily-budget-setting"]')!
const nbsp = (rows: (string | undefined)[][]) => rows.map(([v, l]) => [v, l?.replace(/[\u00a0\u202f]/g, ' ')])

describe('the spending cap per session', () => {
  it('offers the service’s own cap (its floor named), amounts and no cap, in Vietnamese first', () => {
    const root = show()
    expect(nbsp(options(select(root)))).toEqual([
      ['', 'Để dịch vụ tính (ít nhất 50.000 ₫)'],
      ['10000', '10.000 ₫'],
      ['20000', '20.000 ₫'],
      ['50000', '50.000 ₫'],
      ['100000', '100.000 ₫'],
      ['200000', '200.000 ₫'],
      ['500000', '500.000 ₫'],
      ['0', 'Không giới hạn'],
    ])
    expect(select(root).value).toBe('')
    expect(root.textContent).toContain('Mức chi tối đa mỗi phiên')
    expect(root.textContent).toContain('báo trước khi đã dùng 80%')
  })

  it('saves an amount, no cap as 0, and the service’s own again as null', async () => {
    const root = show()
    choose(select(root), '20000')
    await settle()
    choose(select(root), '0')
    await settle()
    expect(rig.app.settings.current?.realtime.maxSpendVnd).toBe(0)
    expect(select(root).value).toBe('0')
    choose(select(root), '')
    await settle()
    expect(rig.bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { maxSpendVnd: 20_000 } },
      { realtime: { maxSpendVnd: 0 } },
      { realtime: { maxSpendVnd: null } },
    ])
    expect(rig.app.settings.current?.realtime.maxSpendVnd).toBeNull()
  })

  it('speaks English, and shows a saved amount that is not offered', () => {
    rig.app.settings.set({
      ...settingsWith({ realtime: { maxSpendVnd: 75_000 } }),
      language: 'en',
    } as Settings)
    const root = show()
    const rows = nbsp(options(select(root)))
    expect(rows[0]).toEqual(['', 'Set by the service (at least ₫50,000)'])
    expect(rows).toContainEqual(['75000', '₫75,000'])
    expect(rows.at(-1)).toEqual(['0', 'No cap'])
    expect(select(root).value).toBe('75000')
  })
})

describe('the daily voice budget', () => {
  it('is off by default; an amount is saved, and off again as null', async () => {
    const root = show()
    const s = budgetSelect(root)
    expect(nbsp(options(s))[0]).toEqual(['', 'Tắt'])
    expect(nbsp(options(s))).toContainEqual(['100000', '100.000 ₫'])
    expect(s.value).toBe('')
    expect(root.textContent).toContain('Ngân sách trò chuyện mỗi ngày')
    choose(s, '100000')
    await settle()
    expect(rig.app.settings.current?.realtime.dailyBudgetVnd).toBe(100_000)
    choose(s, '')
    await settle()
    expect(rig.bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { dailyBudgetVnd: 100_000 } },
      { realtime: { dailyBudgetVnd: null } },
    ])
  })

  it('sits in the voice chat section of Settings, with the cap', async () => {
    rig.app.settings.set({
      ...settingsWith(),
      hotkeys: { talk: 'CommandOrControl+Shift+Space', readSelection: 'CommandOrControl+Shift+R' },
      lowBalanceThresholdVnd: 10_000,
      refreshIntervalSec: 60,
      launchAtLogin: false,
    } as Settings)
    const root = show(rig.SettingsView)
    await settle()
    expect(budgetSelect(root).closest('section')?.querySelector('h2')?.textContent).toBe('Trò chuyện')
    expect(select(root).closest('section')).toBe(budgetSelect(root).closest('section'))
  })
})
