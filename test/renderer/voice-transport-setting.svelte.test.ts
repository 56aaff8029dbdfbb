// The voice chat's transport in Settings over a fake bridge: the three choices in the user's language,
// the saved one shown, a new choice saved into settings.realtime, and a refusal said.
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../preload/contract'
import { settingsSelectRig } from './settings-select-rig'
import { settingsWith } from './voice-fixtures'

const rig = settingsSelectRig(
  () => import('../../renderer/components/settings/VoiceTransportSetting.svelte'),
  'voice-transport-setting',
)
const { show, select, options, choose, settle } = rig

describe('the voice transport setting', () => {
  it('offers each model’s default, WebSocket and WebRTC, in Vietnamese first', () => {
    const root = show()
    expect(options(select(root))).toEqual([
      ['auto', 'Tự động (mặc định của từng mô hình)'],
      ['websocket', 'WebSocket (âm thanh đi qua Loa)'],
      ['webrtc', 'WebRTC (âm thanh đi thẳng tới dịch vụ)'],
    ])
    expect(select(root).value).toBe('auto')
    expect(root.textContent).toContain('Đường truyền âm thanh')
  })

  it('speaks English when the user chose it, and shows the saved choice', () => {
    rig.app.settings.set({
      ...settingsWith({ realtime: { transport: 'webrtc' } }),
      language: 'en',
    } as Settings)
    const root = show()
    expect(options(select(root))).toEqual([
      ['auto', 'Automatic (each model’s default)'],
      ['websocket', 'WebSocket (audio goes through Loa)'],
      ['webrtc', 'WebRTC (audio goes straight to the service)'],
    ])
    expect(select(root).value).toBe('webrtc')
    expect(root.textContent).toContain('Applies from the next conversation.')
  })

  it('saves a new choice into settings.realtime and shows it', async () => {
    const root = show()
    choose(select(root), 'websocket')
    await settle()
    expect(rig.bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { transport: 'websocket' } },
    ])
    expect(rig.app.settings.current?.realtime.transport).toBe('websocket')
    expect(select(root).value).toBe('websocket')
  })

  it('says why a choice was not saved, and keeps the saved one', async () => {
    rig.bridge.fail('settings:update', { kind: 'storage', message: 'Could not write the settings file.' })
    const root = show()
    choose(select(root), 'webrtc')
    await settle()
    // In the UI's language with what to do next, not main's English words.
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(
      'Không ghi được dữ liệu xuống đĩa. Kiểm tra dung lượng trống và quyền ghi vào thư mục của Loa.',
    )
    expect(rig.app.settings.current?.realtime.transport).toBe('auto')
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
