// The voice session length in Settings over a fake bridge: the service's default and the lengths in the
// user's language, the saved one shown, a new choice saved into settings.realtime.maxDurationSec.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppInfo, Settings, SettingsPatch } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { settingsWith } from './voice-fixtures'

let bridge: FakeBridge
let LengthSetting: Component
let SettingsView: Component
let app: AppStore
let mounted: Record<string, unknown> | null = null

beforeAll(async () => {
  bridge = installFakeBridge()
  // The bridge module reads `window.loa` once, on import: the fake is in place first.
  LengthSetting = (await import('../../renderer/components/settings/VoiceSessionLengthSetting.svelte'))
    .default
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

function show(component: Component = LengthSetting): HTMLElement {
  const target = document.createElement('div')
  document.body.append(target)
  mounted = mount(component, { target })
  flushSync()
  return target
}

const select = (root: HTMLElement) =>
  root.querySelector<HTMLSelectElement>('[data-testid="voice-session-length-setting"]')!
const options = (s: HTMLSelectElement) => Array.from(s.options).map((o) => [o.value, o.textContent?.trim()])

function choose(s: HTMLSelectElement, value: string) {
  s.value = value
  s.dispatchEvent(new Event('change', { bubbles: true }))
}

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
    app.settings.set({ ...settingsWith({ realtime: { maxDurationSec: 7_200 } }), language: 'en' } as Settings)
    const root = show()
    expect(options(select(root)).slice(0, 5)).toEqual([
      ['', 'Service default (30 min)'],
      ['300', '5 min'],
      ['900', '15 min'],
      ['1800', '30 min'],
      ['3600', '1 h'],
    ])
    expect(select(root).value).toBe('7200')
    app.settings.set({ ...settingsWith({ realtime: { maxDurationSec: 1_200 } }), language: 'en' } as Settings)
    flushSync()
    expect(select(root).value).toBe('1200')
    expect(select(root).selectedOptions[0]?.textContent?.trim()).toBe('20 min')
  })

  it('saves a length, and the default again, into settings.realtime', async () => {
    const root = show()
    choose(select(root), '86400')
    await settle()
    expect(app.settings.current?.realtime.maxDurationSec).toBe(86_400)
    choose(select(root), '')
    await settle()
    expect(bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { realtime: { maxDurationSec: 86_400 } },
      { realtime: { maxDurationSec: null } },
    ])
    expect(app.settings.current?.realtime.maxDurationSec).toBeNull()
    expect(select(root).value).toBe('')
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
