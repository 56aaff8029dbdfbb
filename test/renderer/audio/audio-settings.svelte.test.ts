// The audio settings over a fake bridge and a fake controller: pickers by label with a system default,
// a remembered device that is away, the level meter, and every change applied to the controller.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AudioSettings, Settings, SettingsPatch } from '../../../preload/contract'
import { NO_LINKS } from '../../../renderer/audio/rtc-stats'
import type { AudioDeviceLists, AudioErrorKey, VoiceAudio } from '../../../renderer/audio/voice-audio-api'
import type { AppStore } from '../../../renderer/stores/app.svelte'
import { installFakeBridge, type FakeBridge } from '../account-fake-bridge'

class FakeAudio implements VoiceAudio {
  micOpen = $state(false)
  level = $state(0)
  devices: AudioDeviceLists = $state({ inputs: [], outputs: [] })
  inputLabel: string | null = $state(null)
  outputLabel: string | null = $state(null)
  error: AudioErrorKey | null = $state(null)
  configured: AudioSettings[] = []
  starts = 0
  async start() {
    this.starts++
  }
  async configure(settings: AudioSettings) {
    this.configured.push({ ...settings })
  }
  async openMic() {
    this.micOpen = true
  }
  closeMic() {
    this.micOpen = false
  }
  flushPlayback() {}
  playCue() {}
  handleRtc() {}
  readonly rtc = NO_LINKS
  async rtcStats() {
    return NO_LINKS
  }
  dispose() {}
}

const AUDIO: AudioSettings = {
  inputDeviceLabel: 'USB Mic',
  outputDeviceLabel: null,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  soundCues: true,
}

let bridge: FakeBridge
let AudioSettingsView: Component<{ audio: VoiceAudio }>
let app: AppStore
let mounted: Record<string, unknown> | null = null
let settings: Settings

beforeAll(async () => {
  bridge = installFakeBridge()
  app = (await import('../../../renderer/stores/app.svelte')).app
  AudioSettingsView = (await import('../../../renderer/components/audio/AudioSettings.svelte')).default
})

beforeEach(() => {
  settings = { language: 'en', theme: 'light', audio: { ...AUDIO } } as Settings
  app.settings.set(settings)
  bridge.answer('settings:update', (patch) => {
    const p = patch as SettingsPatch
    settings = { ...settings, audio: { ...settings.audio, ...p.audio } }
    return settings
  })
})

afterEach(() => {
  if (mounted) unmount(mounted)
  mounted = null
  document.body.innerHTML = ''
  bridge.calls.length = 0
})

function show(audio: FakeAudio): void {
  mounted = mount(AudioSettingsView, { target: document.body, props: { audio } })
  flushSync()
}

const select = (testid: string) => document.querySelector(`[data-testid="${testid}"]`) as HTMLSelectElement
const optionTexts = (s: HTMLSelectElement) => Array.from(s.options).map((o) => o.textContent?.trim())

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
  flushSync()
}

describe('AudioSettings', () => {
  it('offers the system default and each device, with the remembered one chosen', () => {
    const audio = new FakeAudio()
    audio.devices = {
      inputs: [
        { id: 'b', label: 'Built-in Mic' },
        { id: 'u', label: 'USB Mic' },
      ],
      outputs: [{ id: 's', label: 'Speakers' }],
    }
    show(audio)
    expect(audio.starts).toBe(1)
    expect(audio.configured).toEqual([AUDIO])
    expect(optionTexts(select('audio-input'))).toEqual(['System default', 'Built-in Mic', 'USB Mic'])
    expect(select('audio-input').value).toBe('USB Mic')
    expect(optionTexts(select('audio-output'))).toEqual(['System default', 'Speakers'])
    expect(select('audio-output').value).toBe('')
  })

  it('saves a choice by label, the default as null, and applies the new settings', async () => {
    const audio = new FakeAudio()
    audio.devices = { inputs: [{ id: 'u', label: 'USB Mic' }], outputs: [{ id: 's', label: 'Speakers' }] }
    show(audio)
    const output = select('audio-output')
    output.value = 'Speakers'
    output.dispatchEvent(new Event('change', { bubbles: true }))
    await settle()
    const input = select('audio-input')
    input.value = ''
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await settle()
    expect(bridge.calls.filter((c) => c.channel === 'settings:update').map((c) => c.request)).toEqual([
      { audio: { outputDeviceLabel: 'Speakers' } },
      { audio: { inputDeviceLabel: null } },
    ])
    expect(audio.configured.at(-1)).toEqual({
      ...AUDIO,
      outputDeviceLabel: 'Speakers',
      inputDeviceLabel: null,
    })
  })

  it('keeps a remembered device that is away selectable, marked missing', () => {
    const audio = new FakeAudio()
    audio.devices = { inputs: [{ id: 'b', label: 'Built-in Mic' }], outputs: [] }
    show(audio)
    const input = select('audio-input')
    expect(input.value).toBe('USB Mic')
    expect(optionTexts(input).at(-1)).toBe('USB Mic (not connected, using the default)')
  })

  it('shows the live level as an accessible meter', () => {
    const audio = new FakeAudio()
    audio.level = 0.5
    show(audio)
    const meter = document.querySelector('[data-testid="audio-level"]') as HTMLElement
    expect(meter.getAttribute('role')).toBe('meter')
    expect(meter.getAttribute('aria-valuenow')).toBe('50')
    audio.level = 0.83
    flushSync()
    expect(meter.getAttribute('aria-valuenow')).toBe('83')
  })

  it('saves the processing switches and says what went wrong', async () => {
    const audio = new FakeAudio()
    audio.error = 'audio.error.denied'
    show(audio)
    const echo = document.querySelector('input[name="echoCancellation"]') as HTMLInputElement
    expect(echo.checked).toBe(true)
    echo.checked = false
    echo.dispatchEvent(new Event('change', { bubbles: true }))
    await settle()
    expect(bridge.calls.at(-1)?.request).toEqual({ audio: { echoCancellation: false } })
    expect(audio.configured.at(-1)?.echoCancellation).toBe(false)
    expect(document.querySelector('[data-testid="audio-error"]')?.textContent).toBe(
      'Loa may not use the microphone. Allow it in the system’s privacy settings.',
    )
  })

  it('opens the microphone to try it and closes it again', () => {
    const audio = new FakeAudio()
    show(audio)
    const button = Array.from(document.querySelectorAll('button')).find((b) =>
      b.textContent?.includes('Test'),
    )
    button?.click()
    flushSync()
    expect(audio.micOpen).toBe(true)
    button?.click()
    flushSync()
    expect(audio.micOpen).toBe(false)
  })
})
