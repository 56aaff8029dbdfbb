// Enter works the talk button as the space bar does, while the button has the focus: held for
// push-to-talk, one toggle per press in hands-free, and never a second toggle from the button's own click.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { settingsWith, voiceHistory, voiceModels, voiceSnapshot, voiceSummary } from './voice-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { default: Voice } = await import('../../renderer/views/Voice.svelte')
const { VoiceStore } = await import('../../renderer/stores/voice.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

const host = viewHost({ ticks: 5 })

const calls = (channel: string) => bridge.calls.filter((c) => c.channel === channel)

async function talkButton(): Promise<HTMLButtonElement> {
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
  return host.target.querySelector<HTMLButtonElement>('[data-testid="talk-button"]')!
}

/** Sends Enter to `on`; true when the page's default action (the button's click) was cancelled. */
function enter(on: Element, type: 'keydown' | 'keyup', repeat = false): boolean {
  const event = new KeyboardEvent(type, {
    key: 'Enter',
    code: 'Enter',
    bubbles: true,
    cancelable: true,
    repeat,
  })
  on.dispatchEvent(event)
  flushSync()
  return event.defaultPrevented
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  bridge.answer('voice:end', () => voiceSummary())
  app.settings.set(settingsWith())
})

describe('Enter on the talk button', () => {
  it('holds the talk key from key-down to key-up, ignoring repeats', async () => {
    const button = await talkButton()
    button.focus()
    expect(enter(button, 'keydown')).toBe(true)
    enter(button, 'keydown', true)
    enter(button, 'keydown', true)
    expect(calls('voice:press')).toHaveLength(1)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    expect(calls('voice:release')).toHaveLength(0)
    enter(button, 'keyup')
    expect(calls('voice:release')).toHaveLength(1)
    expect(button.getAttribute('aria-pressed')).toBe('false')
  })

  it('does nothing while another control has the focus', async () => {
    await talkButton()
    const instructions = host.target.querySelector<HTMLElement>('[data-testid="voice-instructions"]')!
    instructions.focus()
    expect(enter(instructions, 'keydown')).toBe(false)
    enter(instructions, 'keyup')
    expect(enter(document.body, 'keydown')).toBe(false)
    expect(calls('voice:press')).toHaveLength(0)
    expect(calls('voice:release')).toHaveLength(0)
  })

  it('toggles once per press in hands-free mode', async () => {
    app.settings.set(settingsWith({ realtime: { mode: 'hands-free' } }))
    const button = await talkButton()
    button.focus()
    // Cancelled, so the button's own click does not toggle a second time.
    expect(enter(button, 'keydown')).toBe(true)
    enter(button, 'keydown', true)
    enter(button, 'keyup')
    expect(calls('voice:press')).toHaveLength(1)
    expect(calls('voice:release')).toHaveLength(0)
  })
})
