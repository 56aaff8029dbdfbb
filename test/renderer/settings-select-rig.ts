// A Settings select saved at once (SettingSelect.svelte) over a fake bridge: the app's settings in place,
// `settings:update` answered by merging `realtime`, and helpers to mount, read and change the select.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach } from 'vitest'
import type { AppInfo, Settings, SettingsPatch } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { settingsWith } from './voice-fixtures'

export interface SettingsSelectRig {
  bridge: FakeBridge
  app: AppStore
  /** The Settings view the setting sits in. */
  SettingsView: Component
  settle(): Promise<void>
  /** Mounts the setting (or `component`) and returns its container. */
  show(component?: Component): HTMLElement
  select(root: HTMLElement): HTMLSelectElement
  options(s: HTMLSelectElement): (string | undefined)[][]
  choose(s: HTMLSelectElement, value: string): void
}

/** Call at the top of a test file; `load` imports the setting once the fake bridge is in place. */
export function settingsSelectRig(
  load: () => Promise<{ default: Component }>,
  testid: string,
): SettingsSelectRig {
  let mounted: Record<string, unknown> | null = null
  let Setting: Component
  const rig = {
    show(component?: Component): HTMLElement {
      const target = document.createElement('div')
      document.body.append(target)
      mounted = mount(component ?? Setting, { target })
      flushSync()
      return target
    },
    select: (root: HTMLElement) => root.querySelector<HTMLSelectElement>(`[data-testid="${testid}"]`)!,
    options: (s: HTMLSelectElement) => Array.from(s.options).map((o) => [o.value, o.textContent?.trim()]),
    choose(s: HTMLSelectElement, value: string) {
      s.value = value
      s.dispatchEvent(new Event('change', { bubbles: true }))
    },
    async settle() {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
      flushSync()
    },
  } as SettingsSelectRig

  beforeAll(async () => {
    rig.bridge = installFakeBridge()
    // The bridge module reads `window.loa` once, on import: the fake is in place first.
    Setting = (await load()).default
    rig.SettingsView = (await import('../../renderer/views/Settings.svelte')).default
    rig.app = (await import('../../renderer/stores/app.svelte')).app
  })

  beforeEach(() => {
    const { app, bridge } = rig
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

  return rig
}
