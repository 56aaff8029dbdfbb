// The voice session length in Settings over a fake bridge: the service's default and the lengths in the
// user's language, the saved one shown, a new choice saved into settings.realtime.maxDurationSec.
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../preload/contract'
import { settingsSelectRig } from './settings-select-rig'
import { settingsWith } from './voice-fixtures'

const rig = settingsSelectRig(
  () => import('../../renderer/components/settings/VoiceSessionLengthSetting.svelte'),
  'voice-session-length-setting',
)
const { show, select, options, choose, settle } = rig

describe('the voice session length setting', () => {
  it('offers the service’s default and 5 min to 24 h, in Vietnamese first, the default chosen', () => {
    const root = show()
    expect(options(select(root))).toEqual([
      ['', 'Mặc định của dịch vụ (30 phút)'],
      ['300', '5 phút'],
      ['900', '15 phút'],
      ['1800', '30 phút'],
      ['3600', '1 giờ'],
      ['7200', '2 giờ'],
      ['28800', '8 giờ'],
      ['86400', '24 giờ'],
    ])
    expect(select(root).value).toBe('')
    expect(root.textContent).toContain('Thời lượng phiên')
    expect(root.textContent).toContain('60 phút với Model R và R-mini, 24 giờ với Model L')
  })

  it('speaks English when the user chose it, and shows the saved length, even one not offered', () => {
    rig.app.settings.set({
      ...settingsWith({ realtime: { maxDurationSec: 7_200 } }),
      language: 'en',
    } as Settings)
    const root = show()
    expect(options(select(root)).slice(0, 5)).toEqual([
      ['', 'Service default (30 min)'],
      ['300', '5 min'],
      ['900', '15 min'],
      ['1800', '30 min'],
      ['3600', '1 h'],
    ])
    expect(select(root).value).toBe('7200')
    rig.app.settings.set({
      ...settingsWith({ realtime: { maxDurationSec: 1_200 } }),
      language: 'en',
    } as Settings)
    flushSync()
    expect(select(root).value).toBe('1200')
    expect(select(root).selectedOptions[0]?.textContent?.trim()).toBe('20 min')
  })

  it('saves a length, and the default again, into settings.realtime', async () => {
    const root = show()
    choose(select(root), '86400')
    await settle()
    expect(rig.app.settings.current?.realtime.maxDurationSec).toBe(86_400)
    choose(select(root), '')
    await settle()
    expect(rig.bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { maxDurationSec: 86_400 } },
      { realtime: { maxDurationSec: null } },
    ])
    expect(rig.app.settings.current?.realtime.maxDurationSec).toBeNull()
    expect(select(root).value).toBe('')
  })

  it('sits in the voice chat section of Settings', async () => {
    rig.app.settings.set({
      ...settingsWith(),
      hotkeys: { talk: 'CommandOrControl+Shift+Space', readSelection: 'CommandOrControl+Shift+R' },
      lowBalanceThresholdVnd: 10_000,
      refreshIntervalSec: 60,
      launchAtLogin: false,
    } as Settings)
    const root = show(rig.SettingsView)
    await settle()
    const section = select(root).closest('section')
    expect(section?.querySelector('h2')?.textContent).toBe('Trò chuyện')
  })
})
