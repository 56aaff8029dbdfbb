// The Voice view's notice while the WebRTC link is interrupted, in jsdom over a fake bridge: it says in
// the user's language that nothing is lost, in a region screen readers hear, in the hint's place (so the
// panel holds as many lines as before), and goes when main says the link is back or the session is over.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Settings, VoiceStatus } from '../../preload/contract'
import { settingsWith, voiceHistory, voiceModels, voiceSnapshot, voiceStatus } from './voice-fixtures'
import { bridge, Voice, VoiceStore, app, host, $ } from './voice-view-testbed'

const VI = 'Mạng đang chập chờn — Loa giữ lời bạn nói và gửi lại khi mạng trở lại.'
const EN = 'The network is patchy — Loa is keeping what you say and will send it when the link is back.'
const VI_HINT = 'Hoặc giữ phím cách khi đang ở trang này.'

const SESSION = {
  id: 'rs_1',
  model: 'openai/gpt-realtime',
  protocol: 'model-r',
  transport: 'webrtc',
  endsAtMs: null,
} as const

function status(patch: Partial<VoiceStatus>): void {
  bridge.emit('voice:status', voiceStatus({ session: SESSION, ...patch }))
  flushSync()
}

const notice = (): string => ($('voice-link-notice')?.textContent ?? '').trim()
/** The paragraph that holds the hint, or the notice in its place. */
const slot = (): string =>
  ($('voice-link-notice')?.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim()
const sideLines = (): number => $('voice-state')?.parentElement?.children.length ?? -1

async function show(): Promise<void> {
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
}

beforeEach(() => {
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  app.settings.set(settingsWith())
})

describe('the interrupted-link notice', () => {
  it('says the words are kept while the link is interrupted, in Vietnamese, then goes', async () => {
    await show()
    status({ state: 'listening', pressed: true, link: 'ok' })
    expect(notice()).toBe('')
    expect(slot()).toBe(VI_HINT)
    const lines = sideLines()

    status({ state: 'listening', pressed: true, link: 'interrupted' })
    expect(notice()).toBe(VI)
    expect(slot()).toBe(VI)
    expect($('voice-link-notice')?.getAttribute('aria-live')).toBe('polite')
    // The state stays what it is: the press goes on.
    expect($('voice-state')?.dataset.state).toBe('listening')
    expect(sideLines()).toBe(lines)

    status({ state: 'listening', pressed: true, link: 'ok' })
    expect(notice()).toBe('')
    expect(slot()).toBe(VI_HINT)
    expect(sideLines()).toBe(lines)
  })

  it('says it in English, and a status without the field (the WebSocket path) shows none', async () => {
    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    await show()
    status({ state: 'ready', link: 'interrupted' })
    expect(notice()).toBe(EN)
    status({ state: 'ended', session: null, link: 'ok' })
    expect(notice()).toBe('')
    status({ state: 'ready', link: 'interrupted' })
    expect(notice()).toBe(EN)
    status({ state: 'ready', session: { ...SESSION, transport: 'websocket' } })
    expect(notice()).toBe('')
  })
})
