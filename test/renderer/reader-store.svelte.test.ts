// The reader store against a fake bridge and a fake AudioContext: what it loads at start, the estimate
// asked for once typing pauses and only the latest answer kept, each chunk's audio fetched once and in
// order, playback starting by itself, and the choice fitted to the model and saved into settings.tts.
import { flushSync } from 'svelte'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReaderChoice, ReaderEstimate, Settings, SettingsPatch } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import type { ReaderStore } from '../../renderer/stores/reader.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { fakeContext, type FakeContext } from './reader-fake-audio'
import {
  A,
  answerReader,
  CLASSIC,
  estimate,
  FREE,
  historyItem,
  M9,
  pcmAudio,
  READING_TEXT,
  reading,
  readerSettings,
  V3,
} from './reader-fixtures'

let bridge: FakeBridge
let Store: typeof ReaderStore
let debounceMs: number
let retryMs: number
let app: AppStore
let ctx: FakeContext
let stops: Array<() => void> = []
let patches: SettingsPatch[] = []

beforeAll(async () => {
  bridge = installFakeBridge()
  // The bridge module reads `window.loa` once, on import: install the fake first.
  Store = (await import('../../renderer/stores/reader.svelte')).ReaderStore
  debounceMs = (await import('../../renderer/stores/reader-estimate.svelte')).ESTIMATE_DEBOUNCE_MS
  retryMs = (await import('../../renderer/stores/reader-options.svelte')).MODELS_RETRY_MS
  app = (await import('../../renderer/stores/app.svelte')).app
})

beforeEach(() => {
  bridge.calls.length = 0
  answerReader(bridge)
  patches = []
  bridge.answer('settings:update', (patch) => {
    patches.push(patch as SettingsPatch)
    const current = app.settings.current as Settings
    return { ...current, tts: { ...current.tts, ...(patch as SettingsPatch).tts } }
  })
  app.settings.set(readerSettings())
  ctx = fakeContext()
})

afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
})

const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}
const calls = (channel: string) => bridge.calls.filter((c) => c.channel === channel)
const requests = (channel: string) => calls(channel).map((c) => c.request)

function make(): ReaderStore {
  const store = new Store({ createContext: () => ctx, listDevices: async () => [] })
  stops.push(store.start())
  return store
}

async function started(): Promise<ReaderStore> {
  const store = make()
  await settle()
  return store
}

describe('start', () => {
  it('loads the models, the chosen model’s voices, the snapshot and the history; the choice comes from settings', async () => {
    bridge.answer('tts:history', () => [historyItem()])
    const store = await started()
    expect(calls('tts:models')).toHaveLength(1)
    expect(requests('tts:voices')).toEqual([{ model: A.id }])
    expect(calls('tts:snapshot')).toHaveLength(1)
    expect(store.history?.map((h) => h.id)).toEqual(['rd_old'])
    expect(store.options.selectedModel?.id).toBe(A.id)
    expect(store.options.voices?.defaultVoice).toBe('alloy')
    expect(store.choice).toEqual({ text: '', model: A.id, voice: 'alloy', format: 'mp3', speed: 1 })

    bridge.emit('tts:history', [historyItem({ id: 'rd_2' }), historyItem()])
    expect(store.history?.map((h) => h.id)).toEqual(['rd_2', 'rd_old'])
  })

  it('tries the model list again after a failure', async () => {
    vi.useFakeTimers()
    bridge.fail('tts:models', { kind: 'network', message: 'down' })
    const store = make()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.options.modelsError?.kind).toBe('network')
    expect(store.readBlock).toBe('noModel')
    answerReader(bridge)
    await vi.advanceTimersByTimeAsync(retryMs)
    expect(store.options.models?.models).toHaveLength(6)
    expect(store.options.modelsError).toBeNull()
  })

  it('fits a saved choice the model cannot take', async () => {
    app.settings.set(readerSettings({ model: 'gone/model', voice: 'nobody', format: 'ogg', speed: 9 }))
    const store = await started()
    expect(store.choice).toMatchObject({ model: A.id, voice: 'alloy', format: 'mp3', speed: 4 })
    expect(patches).toEqual([])
  })
})

describe('the estimate', () => {
  it('is asked for once typing pauses, with the whole choice', async () => {
    vi.useFakeTimers()
    const store = make()
    await vi.advanceTimersByTimeAsync(0)
    for (const text of ['X', 'Xin', 'Xin chào']) {
      store.text = text
      flushSync()
      await vi.advanceTimersByTimeAsync(debounceMs / 3)
    }
    expect(calls('tts:estimate')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(debounceMs)
    expect(requests('tts:estimate')).toEqual([
      { text: 'Xin chào', model: A.id, voice: 'alloy', format: 'mp3', speed: 1 },
    ])
    expect(store.estimate.current?.chars).toBe(11)

    await store.options.setFormat('wav')
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs)
    expect((requests('tts:estimate')[1] as ReaderChoice).format).toBe('wav')

    store.text = '   '
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs)
    expect(calls('tts:estimate')).toHaveLength(2)
    expect(store.estimate.current).toBeNull()
    expect(store.readBlock).toBe('empty')
  })

  it('drops an answer that arrives after a newer question', async () => {
    vi.useFakeTimers()
    const pending: Array<(e: ReaderEstimate) => void> = []
    bridge.answer('tts:estimate', () => new Promise<ReaderEstimate>((resolve) => pending.push(resolve)))
    const store = make()
    await vi.advanceTimersByTimeAsync(0)
    store.text = 'một'
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs)
    store.text = 'một hai'
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs)
    expect(pending).toHaveLength(2)
    pending[1]!(estimate({ chars: 7 }))
    await vi.advanceTimersByTimeAsync(0)
    pending[0]!(estimate({ chars: 3 }))
    await vi.advanceTimersByTimeAsync(0)
    expect(store.estimate.current?.chars).toBe(7)
    expect(store.estimate.pending).toBe(false)
  })

  it('blocks Read while the estimate names problems', async () => {
    const problem = {
      code: 'input_too_long',
      field: 'input' as const,
      message: 'openai/tts-1 takes at most 4096.',
      params: { model: 'openai/tts-1', chars: 5000, limit: 4096 },
    }
    bridge.answer('tts:estimate', () => estimate({ problems: [problem] }))
    const store = await started()
    store.text = 'dài'
    flushSync()
    await new Promise((r) => setTimeout(r, debounceMs + 20))
    await settle()
    expect(store.readBlock).toBe('problems')
    await store.read()
    expect(calls('tts:read')).toHaveLength(0)
  })
})

describe('the reading', () => {
  it('fetches each ready chunk once, in order, and plays as soon as the first is in', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    bridge.answer('tts:audio', async () => {
      await gate
      return pcmAudio
    })
    bridge.answer('tts:snapshot', () => ({ reading: reading({ ready: 1 }), text: READING_TEXT }))
    const store = await started()
    expect(store.playback.state).toBe('idle')

    bridge.answer('tts:snapshot', () => ({ reading: reading({ id: 'rd_2', ready: 1 }), text: READING_TEXT }))
    bridge.emit('tts:reading', reading({ id: 'rd_2', ready: 1 }))
    bridge.emit('tts:reading', reading({ id: 'rd_2', ready: 2 }))
    bridge.emit('tts:reading', reading({ id: 'rd_2', ready: 2 }))
    release()
    await settle()
    expect(store.readingText).toBe(READING_TEXT)
    expect(store.playback.state).toBe('playing')
    bridge.emit('tts:reading', reading({ id: 'rd_2', ready: 3, state: 'done' }))
    await settle()
    const audio = requests('tts:audio') as Array<{ id: string; index: number }>
    // The snapshot's reading (rd_1) was left for rd_2 before its audio came; rd_2's chunks once each.
    expect(audio.filter((a) => a.id === 'rd_2')).toEqual([
      { id: 'rd_2', index: 0 },
      { id: 'rd_2', index: 1 },
      { id: 'rd_2', index: 2 },
    ])
    expect(store.playback.duration).toBeCloseTo(0.6, 9)

    // The replaced reading reports its cancel late; a stale status of this one comes after a newer one.
    bridge.emit('tts:reading', reading({ ready: 1, state: 'cancelled' }))
    bridge.emit('tts:reading', reading({ id: 'rd_2', ready: 2 }))
    await settle()
    expect(store.reading).toMatchObject({ id: 'rd_2', state: 'done', chunksDone: 3 })
    expect(store.playback.duration).toBeCloseTo(0.6, 9)
  })

  it('reads the choice, then cancels and resumes through main', async () => {
    const store = await started()
    store.text = 'Xin chào'
    bridge.answer('tts:read', (choice) =>
      reading({ id: 'rd_9', ready: 0, charsTotal: (choice as ReaderChoice).text.length }),
    )
    await store.read()
    expect(requests('tts:read')).toEqual([
      { text: 'Xin chào', model: A.id, voice: 'alloy', format: 'mp3', speed: 1 },
    ])
    expect(store.reading?.id).toBe('rd_9')
    expect(store.readingText).toBe('Xin chào')

    bridge.emit('tts:reading', reading({ id: 'rd_9', ready: 1 }))
    await settle()
    expect(store.playback.state).toBe('playing')

    bridge.answer('tts:cancel', () => reading({ id: 'rd_9', ready: 1, state: 'cancelled' }))
    await store.cancel()
    expect(store.reading?.state).toBe('cancelled')
    bridge.fail('tts:resume', { kind: 'rate_limit', message: 'slow down' })
    await expect(store.resume()).resolves.toBeUndefined()
    expect(store.actionError?.kind).toBe('rate_limit')
  })

  it('saves a reading; a cancelled dialog is no error, a failure is kept as data', async () => {
    const store = await started()
    bridge.answer('tts:save', () => null)
    await store.save('rd_1')
    expect(store.saved).toBeNull()
    expect(store.saveError).toBeNull()
    bridge.answer('tts:save', () => ({ path: '/home/lan/doc.mp3' }))
    await store.save('rd_1')
    expect(store.saved).toEqual({ id: 'rd_1', path: '/home/lan/doc.mp3' })
    bridge.fail('tts:save', { kind: 'not_found', message: '404' })
    await store.save('rd_1')
    expect(store.saveError).toEqual({ id: 'rd_1', error: { kind: 'not_found', message: '404' } })
    expect(store.saving).toBeNull()
  })

  it('plays one voice sample at a time', async () => {
    bridge.answer('tts:preview', () => pcmAudio)
    const store = await started()
    await store.preview('nova')
    expect(requests('tts:preview')).toEqual([{ model: A.id, voice: 'nova' }])
    expect(store.playback.previewing).toBe('nova')
    await store.preview('alloy')
    expect(ctx.sources.map((s) => s.stopped)).toEqual([true, false])
    ctx.advance(1)
    expect(store.playback.previewing).toBeNull()
  })
})

describe('the choice', () => {
  it('saves each change into settings.tts, and refuses a format the model cannot use', async () => {
    const store = await started()
    await store.options.setVoice('nova')
    await store.options.setFormat('wav')
    await store.options.setFormat('pcm')
    await store.options.setFormat('opus')
    await store.options.setSpeed(1.5)
    await store.options.setSpeed(7)
    expect(patches).toEqual([
      { tts: { voice: 'nova' } },
      { tts: { format: 'wav' } },
      { tts: { speed: 1.5 } },
      { tts: { speed: 4 } },
    ])
    expect(store.choice).toMatchObject({ voice: 'nova', format: 'wav', speed: 4 })
  })

  it('fits voice, format and speed to a new model and saves all four', async () => {
    app.settings.set(readerSettings({ voice: 'alloy', format: 'wav', speed: 2 }))
    const store = await started()
    await store.options.setModel(V3.id)
    expect(patches.at(-1)).toEqual({
      tts: { model: V3.id, voice: 'vi-north-voice-00000', format: 'mp3', speed: 1.2 },
    })
    await store.options.setModel(M9.id)
    expect(patches.at(-1)).toEqual({ tts: { model: M9.id, voice: null, format: 'mp3', speed: 1 } })
    await store.options.setModel(FREE.id)
    expect(patches.at(-1)).toEqual({ tts: { model: FREE.id, voice: 'vi', format: 'mp3', speed: 1 } })
    await store.options.setModel(CLASSIC.id)
    expect(patches.at(-1)).toMatchObject({ tts: { voice: 'vi-VN-Standard-A' } })
    expect(store.options.selectedModel?.id).toBe(CLASSIC.id)
  })

  it("warns of Vietnamese text on a model that mispronounces it, as main's estimate says", async () => {
    vi.useFakeTimers()
    app.settings.set(readerSettings({ model: M9.id, voice: null }))
    bridge.answer('tts:estimate', (choice) =>
      estimate({ poorVietnamese: (choice as ReaderChoice).text.includes('à') }),
    )
    const store = make()
    await vi.advanceTimersByTimeAsync(0)
    store.text = 'Hello there'
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs * 2)
    expect(store.poorVietnamese).toBe(false)
    store.text = 'Xin chào các bạn'
    flushSync()
    await vi.advanceTimersByTimeAsync(debounceMs * 2)
    expect(store.poorVietnamese).toBe(true)
  })

  it('keeps the draft and the choice when settings change elsewhere', async () => {
    const store = await started()
    store.text = 'bản nháp'
    app.settings.set({ ...readerSettings(), theme: 'dark' } as Settings)
    flushSync()
    expect(store.text).toBe('bản nháp')
    app.settings.set(readerSettings({ voice: 'nova' }))
    flushSync()
    expect(store.options.voice).toBe('nova')
  })
})
