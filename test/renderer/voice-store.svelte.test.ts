// The voice store against a fake bridge and a recording VoiceAudio: the snapshot then main's events, a new
// conversation's lines replacing the last one's, the microphone and the cues following main's status,
// barge-in silencing the player before main hears the press, and the options saved into the settings.
import { flushSync } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings, SettingsPatch, VoiceStatus } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import type { VoiceStore } from '../../renderer/stores/voice.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import {
  fakeAudio,
  settingsWith,
  voiceHistory,
  voiceLine,
  voiceModels,
  voiceSnapshot,
  voiceStatus,
  voiceSummary,
} from './voice-fixtures'

let bridge: FakeBridge
let Store: typeof VoiceStore
let retryMs: number
let app: AppStore
let stops: Array<() => void> = []

beforeAll(async () => {
  bridge = installFakeBridge()
  // The bridge module reads `window.loa` once, on import: install the fake first.
  const voice = await import('../../renderer/stores/voice.svelte')
  Store = voice.VoiceStore
  retryMs = voice.MODELS_RETRY_MS
  app = (await import('../../renderer/stores/app.svelte')).app
})

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  app.settings.set(settingsWith())
})

afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
})

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}

async function started(store: VoiceStore): Promise<VoiceStore> {
  stops.push(store.start())
  await settle()
  return store
}

const texts = (store: VoiceStore) => store.lines.map((l) => l.text)
const calls = (channel: string) => bridge.calls.filter((c) => c.channel === channel)
const status = (patch: Partial<VoiceStatus>) => bridge.emit('voice:status', voiceStatus(patch))

describe('following main', () => {
  it('paints the snapshot, then upserts lines by item in their order', async () => {
    bridge.answer('voice:snapshot', () =>
      voiceSnapshot({
        status: voiceStatus({ state: 'speaking' }),
        lines: [
          voiceLine({ itemId: 'a1', order: 1, text: 'Xin chào', final: false }),
          voiceLine({ itemId: 'u0', order: 0, role: 'user', text: 'Chào bạn' }),
        ],
      }),
    )
    const store = await started(new Store())
    expect(store.status?.state).toBe('speaking')
    expect(texts(store)).toEqual(['Chào bạn', 'Xin chào'])
    expect(store.conversationOpen).toBe(true)

    bridge.emit('voice:line', voiceLine({ itemId: 'a1', order: 1, text: 'Xin chào, tôi nghe đây.' }))
    // The answer to the next turn streams in before the user's caption of that turn arrives.
    bridge.emit('voice:line', voiceLine({ itemId: 'a3', order: 3, text: 'Hôm nay trời đẹp.' }))
    bridge.emit('voice:line', voiceLine({ itemId: 'u2', order: 2, role: 'user', text: 'Thời tiết thế nào?' }))
    expect(texts(store)).toEqual([
      'Chào bạn',
      'Xin chào, tôi nghe đây.',
      'Thời tiết thế nào?',
      'Hôm nay trời đẹp.',
    ])
    expect(store.lines.find((l) => l.itemId === 'a1')?.final).toBe(true)
  })

  it('keeps the last conversation in view after its summary, until the next one opens a session', async () => {
    const store = await started(new Store())
    status({ state: 'listening' })
    bridge.emit('voice:line', voiceLine({ itemId: 'u0', order: 0, role: 'user', text: 'Một' }))
    const before = calls('voice:history').length
    bridge.emit('voice:summary', voiceSummary({ turns: 1 }))
    status({ state: 'ended' })
    await settle()
    expect(texts(store)).toEqual(['Một'])
    expect(store.lastSummary?.turns).toBe(1)
    expect(store.conversationOpen).toBe(false)
    expect(calls('voice:history')).toHaveLength(before + 1)

    status({ state: 'ended', pressed: true })
    expect(texts(store)).toEqual(['Một'])
    status({ state: 'creating' })
    expect(texts(store)).toEqual([])
    expect(store.conversationOpen).toBe(true)
    bridge.emit('voice:line', voiceLine({ itemId: 'u9', order: 9, role: 'user', text: 'Hai' }))
    expect(texts(store)).toEqual(['Hai'])
  })

  it('starts fresh lines when an ended conversation becomes active, but not when a session idles', async () => {
    bridge.answer('voice:snapshot', () =>
      voiceSnapshot({
        status: voiceStatus({ state: 'ended' }),
        lines: [voiceLine({ itemId: 'old', order: 0, text: 'Cũ' })],
      }),
    )
    const store = await started(new Store())
    expect(texts(store)).toEqual(['Cũ'])
    expect(store.conversationOpen).toBe(false)
    status({ state: 'creating' })
    expect(texts(store)).toEqual([])
    status({ state: 'listening' })
    bridge.emit('voice:line', voiceLine({ itemId: 'n1', order: 5, role: 'user', text: 'Mới' }))
    expect(texts(store)).toEqual(['Mới'])

    // The service closed an idle session: the same conversation goes on with a new one.
    status({ state: 'idle' })
    status({ state: 'creating' })
    bridge.emit('voice:line', voiceLine({ itemId: 'n2', order: 6, text: 'Tiếp' }))
    expect(texts(store)).toEqual(['Mới', 'Tiếp'])
    expect(store.conversationOpen).toBe(true)
  })

  it('stops listening when stopped', async () => {
    const stop = new Store().start()
    await settle()
    expect(bridge.listeners('voice:status')).toBe(1)
    stop()
    expect(bridge.listeners('voice:status')).toBe(0)
    expect(bridge.listeners('voice:line')).toBe(0)
  })
})

describe('audio', () => {
  it('opens and closes the microphone as main wants it', async () => {
    const audio = fakeAudio()
    await started(new Store(audio))
    expect(audio.log.filter((c) => c.endsWith('Mic'))).toEqual([])
    status({ state: 'creating', pressed: true, micWanted: true })
    status({ state: 'listening', pressed: true, micWanted: true })
    status({ state: 'thinking', micWanted: false })
    expect(audio.log.filter((c) => c.endsWith('Mic'))).toEqual(['openMic', 'closeMic'])
  })

  it('opens the microphone when the window comes to a conversation that wants it', async () => {
    bridge.answer('voice:snapshot', () =>
      voiceSnapshot({ status: voiceStatus({ state: 'ready', micWanted: true }) }),
    )
    const audio = fakeAudio()
    await started(new Store(audio))
    expect(audio.log).toContain('openMic')
    expect(audio.log).toContain('start')
  })

  it('plays the start and stop cues around listening, only when sound cues are on', async () => {
    const audio = fakeAudio()
    await started(new Store(audio))
    const cues = () => audio.log.filter((c) => c.startsWith('cue:'))
    status({ state: 'ready' })
    status({ state: 'listening' })
    status({ state: 'listening', pressed: true })
    status({ state: 'thinking' })
    expect(cues()).toEqual(['cue:start', 'cue:stop'])

    app.settings.set(settingsWith({ soundCues: false }))
    status({ state: 'listening' })
    status({ state: 'ready' })
    expect(cues()).toEqual(['cue:start', 'cue:stop'])
  })

  it("hands main's WebRTC work to the controller for as long as it runs, and only with a controller", async () => {
    const audio = fakeAudio()
    const stop = new Store(audio).start()
    await settle()
    expect(bridge.listeners('voice:rtc')).toBe(1)
    bridge.emit('voice:rtc', { op: 'open', linkId: 1, dataChannel: 'oai-events' })
    bridge.emit('voice:rtc', { op: 'mic', linkId: 1, on: true })
    bridge.emit('voice:rtc', { op: 'close', linkId: 1 })
    expect(audio.log.filter((c) => c.startsWith('rtc:'))).toEqual(['rtc:open', 'rtc:mic', 'rtc:close'])
    stop()
    expect(bridge.listeners('voice:rtc')).toBe(0)

    // A window without voice audio (the popup makes none) leaves WebRTC to the one that has it.
    await started(new Store(null))
    expect(bridge.listeners('voice:rtc')).toBe(0)
  })

  it('applies the audio settings to the controller, again only when they change', async () => {
    const audio = fakeAudio()
    await started(new Store(audio))
    expect(audio.log.filter((c) => c === 'configure')).toHaveLength(1)
    app.settings.set({ ...settingsWith(), theme: 'dark' } as Settings)
    flushSync()
    expect(audio.log.filter((c) => c === 'configure')).toHaveLength(1)
    app.settings.set(settingsWith({ soundCues: false }))
    flushSync()
    expect(audio.log.filter((c) => c === 'configure')).toHaveLength(2)
  })
})

describe('talking', () => {
  it('silences the player before main hears a press over the answer', async () => {
    let pressesAtFlush: number | null = null
    const audio = fakeAudio(() => (pressesAtFlush = calls('voice:press').length))
    const store = await started(new Store(audio))
    status({ state: 'speaking' })
    await store.press()
    expect(audio.log).toContain('flush')
    expect(pressesAtFlush).toBe(0)
    expect(calls('voice:press')).toHaveLength(1)

    status({ state: 'listening', pressed: true })
    await store.release()
    expect(calls('voice:release')).toHaveLength(1)
    status({ state: 'ready' })
    await store.press()
    expect(audio.log.filter((c) => c === 'flush')).toHaveLength(1)
  })

  it('does not cut the answer when a hands-free press stops the microphone', async () => {
    app.settings.set(settingsWith({ realtime: { mode: 'hands-free' } }))
    const audio = fakeAudio()
    const store = await started(new Store(audio))
    status({ state: 'speaking', pressed: true, mode: 'hands-free' })
    await store.press()
    expect(audio.log).not.toContain('flush')
    expect(calls('voice:press')).toHaveLength(1)
  })

  it('ends through main and keeps the summary; a refused press is reported', async () => {
    const store = await started(new Store())
    status({ state: 'ready' })
    expect(store.conversationOpen).toBe(true)
    bridge.answer('voice:end', () => voiceSummary({ costVnd: 1234 }))
    await store.end()
    expect(calls('voice:end')).toHaveLength(1)
    expect(store.lastSummary?.costVnd).toBe(1234)
    expect(store.conversationOpen).toBe(false)

    bridge.fail('voice:press', { kind: 'network', message: 'down' })
    await store.press()
    expect(store.actionError?.kind).toBe('network')
  })
})

describe('models and options', () => {
  it('loads the models once, and tries again after a failure', async () => {
    vi.useFakeTimers()
    bridge.fail('voice:models', { kind: 'network', message: 'down' })
    const store = new Store()
    stops.push(store.start())
    await vi.advanceTimersByTimeAsync(0)
    expect(store.modelsError?.kind).toBe('network')
    expect(store.models).toBeNull()
    bridge.answer('voice:models', () => voiceModels)
    await vi.advanceTimersByTimeAsync(retryMs)
    expect(store.models?.models).toHaveLength(2)
    expect(store.modelsError).toBeNull()
    await store.loadModels()
    expect(calls('voice:models')).toHaveLength(2)
  })

  it('reloads the models and the history for another key or service', async () => {
    const store = await started(new Store())
    expect(calls('voice:models')).toHaveLength(1)
    bridge.answer('voice:models', () => ({ ...voiceModels, plan: 'ULTRA' }))
    bridge.emit('connection:changed', { demo: false, baseUrl: 'https://gateway.example.com' })
    await settle()
    expect(calls('voice:models')).toHaveLength(2)
    expect(calls('voice:history')).toHaveLength(2)
    expect(store.models?.plan).toBe('ULTRA')
  })

  it('derives the price, the minutes left and whether talking is possible', async () => {
    const store = await started(new Store())
    expect(store.selectedModel?.id).toBe('openai/gpt-realtime')
    expect(store.selectedVoice).toBe('marin')
    expect(store.vndPerMin).toBe(2709)
    expect(store.canTalk).toBe(true)

    app.settings.set(settingsWith({ realtime: { model: 'google/gemini-live-2.5-flash', voice: 'Kore' } }))
    expect(store.vndPerMin).toBe(1200)
    expect(store.selectedVoice).toBe('Kore')

    const cost = {
      settledVnd: 0,
      totalVnd: 300,
      estimateVnd: 0,
      estimatedVndPerMin: 1500,
      maxSpendVnd: null,
      balanceVnd: 45_000,
      minutesLeft: 30,
    }
    status({ state: 'ending', cost })
    expect(store.vndPerMin).toBe(1500)
    expect(store.minutesLeft).toBe(30)
    expect(store.canTalk).toBe(false)
  })

  it('saves the options into settings.realtime', async () => {
    const patches: SettingsPatch[] = []
    bridge.answer('settings:update', (patch) => {
      patches.push(patch as SettingsPatch)
      const current = app.settings.current as Settings
      return { ...current, realtime: { ...current.realtime, ...(patch as SettingsPatch).realtime } }
    })
    app.settings.set(settingsWith({ realtime: { voice: 'alloy' } }))
    const store = await started(new Store())

    await store.setModel('google/gemini-live-2.5-flash')
    await store.setVoice('Kore')
    await store.setInstructions('Trả lời ngắn.')
    await store.setInstructions('Trả lời ngắn.')
    await store.setModalities(['audio', 'text'])
    await store.setModalities([])
    await store.setMode('hands-free')
    expect(patches).toEqual([
      { realtime: { model: 'google/gemini-live-2.5-flash', voice: null } },
      { realtime: { voice: 'Kore' } },
      { realtime: { instructions: 'Trả lời ngắn.' } },
      { realtime: { modalities: ['audio', 'text'] } },
      { realtime: { mode: 'hands-free' } },
    ])
    expect(store.mode).toBe('hands-free')

    bridge.fail('settings:update', { kind: 'storage', message: 'disk full' })
    await store.setMode('push-to-talk')
    expect(store.settingsError?.kind).toBe('storage')
  })
})
