// The voice chat's transport in Settings over a fake bridge: the three choices in the user's language,
// the saved one shown, a new choice saved into settings.realtime, and a refusal said.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppInfo, Settings, SettingsPatch } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { settingsWith } from './voice-fixtures'

let bridge: FakeBridge
let TransportSetting: Component
let SettingsView: Component
let app: AppStore
let mounted: Record<string, unknown> | null = null

beforeAll(async () => {
  bridge = installFakeBridge()
  // The bridge module reads `window.loa` once, on import: the fake is in place first.
  TransportSetting = (await import('../../renderer/components/settings/VoiceTransportSetting.svelte')).default
  SettingsView = (await import('../../renderer/views/Settings.svelte')).default
  app = (await import('../../renderer/stores/app.svelte')).app
})

beforeEach(() => {
  app.info = { name: 'Loa', version: '0', platform: 'linux', osLocale: 'vi-VN', surface: 'main' } as AppInfo
  app.settings.set(settingsWith())
  bridge.calls.length = 0
  bridge.answer('settings:update', (patch) => {
    const current = app.settings.current as Settings
    return { ...current, realtime: { ...current.realtime, ...(patch as SettingsPatch).realtime } }
  })
})

afterEach(() => {
  if (mounted) unmount(mounted)
  mounted = null
  document.body.innerHTML = ''
})

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}

function show(component: Component = TransportSetting): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  mounted = mount(component, { target })
  flushSync()
  return target
}

const select = (root: HTMLElement) =>
  root.querySelector<HTMLSelectElement>('[data-testid="voice-transport-setting"]')!
const options = (s: HTMLSelectElement) => Array.from(s.options).map((o) => [o.value, o.textContent?.trim()])

function choose(s: HTMLSelectElement, value: string) {
  s.value = value
  s.dispatchEvent(new Event('change', { bubbles: true }))
}

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
    app.settings.set({ ...settingsWith({ realtime: { transport: 'webrtc' } }), language: 'en' } as Settings)
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
    expect(bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { transport: 'websocket' } },
    ])
    expect(app.settings.current?.realtime.transport).toBe('websocket')
    expect(select(root).value).toBe('websocket')
  })

  it('says why a choice was not saved, and keeps the saved one', async () => {
    bridge.fail('settings:update', { kind: 'storage', message: 'Could not write the settings file.' })
    const root = show()
    choose(select(root), 'webrtc')
    await settle()
    // In the UI's language with what to do next, not main's English words.
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(
      'Không ghi được dữ liệu xuống đĩa. Kiểm tra dung lượng trống và quyền ghi vào thư mục của Loa.',
    )
    expect(app.settings.current?.realtime.transport).toBe('auto')
  })

  it('sits in the voice chat section of Settings', async () => {
    app.settings.set({
      ...settingsWith(),
      hotkeys: { talk: 'CommandOrControl+Shift+Space', readSelection: 'CommandOrControl+Shift+R' },
      lowBalanceThresholdVnd: 10_000,
      refreshIntervalSec: 60,
      launchAtLogin: false,
    } as Settings)
    const root = show(SettingsView)
    await settle()
    const section = select(root).closest('section')
    expect(section?.querySelector('h2')?.textContent).toBe('Trò chuyện giọng nói')
  })
})
