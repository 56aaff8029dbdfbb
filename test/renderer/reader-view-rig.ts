// The Reader view mounted in jsdom over a fake bridge answering with the reader fixtures and a fake
// AudioContext, with helpers to type, wait for the price and read the screen. Call `readerViewRig()` at
// the top of a test file: the fake bridge is installed before the view's modules are imported.
import { flushSync, type Component } from 'svelte'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import type { Settings } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import type { ReaderStore } from '../../renderer/stores/reader.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { fakeContext } from './reader-fake-audio'
import { answerReader, readerSettings } from './reader-fixtures'
import { viewHost } from './view-host'

export interface ReaderViewRig {
  bridge: FakeBridge
  app: AppStore
  /** Mounts the view over `store` (a new one by default) and lets it load. */
  show(store?: ReaderStore): Promise<ReaderStore>
  type(value: string): Promise<void>
  settle(): Promise<void>
  /** Waits out the estimate's debounce, then settles. */
  priced(): Promise<void>
  settings(patch?: Partial<Settings['tts']>, language?: 'vi' | 'en'): Settings
  $(testid: string): HTMLElement | null
  $$(testid: string): HTMLElement[]
  /** The element's text with its spaces made plain. */
  text(testid: string): string
  target(): HTMLElement
}

/** Plain spaces for the non-breaking ones number formatting puts in. */
export const nbsp = (s: string | null | undefined): string =>
  (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')

export function readerViewRig(): ReaderViewRig {
  let Reader: Component<{ reader: ReaderStore }>
  let Store: typeof ReaderStore
  let debounceMs = 0
  const host = viewHost()

  const rig = {
    settle: host.settle,
    async priced() {
      await new Promise((r) => setTimeout(r, debounceMs + 10))
      await rig.settle()
    },
    settings: (patch: Partial<Settings['tts']> = {}, language: 'vi' | 'en' = 'vi') => ({
      ...readerSettings(patch),
      language,
    }),
    async show(store?: ReaderStore) {
      const s = store ?? new Store({ createContext: () => fakeContext(), listDevices: async () => [] })
      host.show(Reader, { reader: s }, () => s.start())
      await rig.settle()
      return s
    },
    async type(value: string) {
      const area = rig.$('reader-text') as HTMLTextAreaElement
      area.value = value
      area.dispatchEvent(new Event('input', { bubbles: true }))
      flushSync()
      await rig.priced()
    },
    $: (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`),
    $$: (testid: string) => [...host.target.querySelectorAll<HTMLElement>(`[data-testid="${testid}"]`)],
    text: (testid: string) => nbsp(rig.$(testid)?.textContent),
    target: () => host.target,
  } as ReaderViewRig

  beforeAll(async () => {
    rig.bridge = installFakeBridge()
    // The bridge module reads `window.loa` once, on import: the fake is in place first.
    Reader = (await import('../../renderer/views/Reader.svelte')).default
    Store = (await import('../../renderer/stores/reader.svelte')).ReaderStore
    debounceMs = (await import('../../renderer/stores/reader-estimate.svelte')).ESTIMATE_DEBOUNCE_MS
    rig.app = (await import('../../renderer/stores/app.svelte')).app
  })

  beforeEach(() => {
    const { bridge, app } = rig
    bridge.calls.length = 0
    answerReader(bridge)
    bridge.answer('settings:update', (patch) => {
      const current = app.settings.current as Settings
      return { ...current, tts: { ...current.tts, ...(patch as { tts: object }).tts } }
    })
    app.settings.set(rig.settings())
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  return rig
}
