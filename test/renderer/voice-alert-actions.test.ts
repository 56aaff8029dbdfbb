// The Voice view's alerts that carry their way out, in Chromium: a session cut or refused for an empty
// wallet links to the gateway's site to top up; `realtime_session_already_connected` has a Reconnect
// button that asks main to take the session back; a renewed session says the model forgot the earlier
// turns; a cut Loa did not renew says why and what to do, in Vietnamese and English.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Settings, VoiceStatus } from '../../preload/contract'
import {
  keyStatusFor,
  settingsWith,
  voiceHistory,
  voiceModels,
  voiceSnapshot,
  voiceStatus,
} from './voice-fixtures'
import { bridge, Voice, VoiceStore, app, host, calls, $ } from './voice-view-testbed'

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')
const GATEWAY = 'https://gw.example.vn'

function useSettings(patch: Partial<Settings> = {}) {
  app.settings.set({ ...settingsWith(), baseUrl: `${GATEWAY}/api`, ...patch } as Settings)
  flushSync()
}
function useKey(demo: boolean) {
  app.key.set(keyStatusFor(`${GATEWAY}/api`, demo))
  flushSync()
}
function status(patch: Partial<VoiceStatus>) {
  bridge.emit('voice:status', voiceStatus(patch))
  flushSync()
}

async function show() {
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
  return store
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  bridge.answer('voice:reconnect', () => undefined)
  useSettings()
  useKey(false)
})

/** Clicks a link without leaving the page; returns where it would have gone, and in what window. */
function follow(link: HTMLElement): { href: string; target: string } {
  const seen = { href: '', target: '' }
  const catcher = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a')
    seen.href = a?.href ?? ''
    seen.target = a?.target ?? ''
    e.preventDefault()
  }
  document.addEventListener('click', catcher, { capture: true })
  link.click()
  document.removeEventListener('click', catcher, { capture: true })
  return seen
}

describe('an empty wallet', () => {
  it('a session cut for it links to the gateway’s site to top up, and says so (vi, then en)', async () => {
    await show()
    status({
      state: 'idle',
      problem: {
        kind: 'terminated',
        code: 'insufficient_balance',
        message: 'The wallet cannot pay for the session.',
        fatal: false,
        renewal: 'refused',
      },
    })
    const link = $('voice-top-up')
    expect(link?.textContent?.trim()).toBe('Nạp tiền')
    expect(nbsp($('voice-problem')?.textContent)).toContain('Loa không mở phiên mới')
    expect(follow(link as HTMLElement)).toEqual({ href: `${GATEWAY}/`, target: '_blank' })
    useSettings({ language: 'en' })
    expect($('voice-top-up')?.textContent?.trim()).toBe('Top up')
    expect($('voice-top-up')?.getAttribute('aria-label')).toBe(
      'Top up the wallet on the service’s website (gw.example.vn)',
    )
    expect(nbsp($('voice-problem')?.textContent)).toContain('Top up the wallet, then press the talk button.')
  })

  it('a creation refused for it has the link too; the demo service, which has no site, has none', async () => {
    await show()
    status({
      state: 'failed',
      problem: { kind: 'insufficient_balance', code: 'insufficient_balance', message: 'x', fatal: true },
    })
    expect(follow($('voice-top-up') as HTMLElement).href).toBe(`${GATEWAY}/`)
    useKey(true)
    expect($('voice-top-up')).toBeNull()
    expect($('voice-problem')).not.toBeNull()
  })

  it('other problems have no top-up link', async () => {
    await show()
    status({
      state: 'idle',
      problem: { kind: 'terminated', code: 'key_revoked', message: 'x', fatal: false, renewal: 'refused' },
    })
    expect($('voice-top-up')).toBeNull()
    useSettings({ language: 'en' })
    expect(nbsp($('voice-problem')?.textContent)).toContain('Check the API key in Settings')
  })
})

describe('a session another connection holds', () => {
  it('has a Reconnect button that asks main to take the session back', async () => {
    await show()
    status({
      state: 'failed',
      problem: {
        kind: 'forbidden',
        code: 'realtime_session_already_connected',
        message: 'Another connection keeps taking this session over.',
        fatal: true,
      },
    })
    const button = $('voice-reconnect')
    expect(button?.textContent?.trim()).toBe('Kết nối lại')
    expect(calls('voice:reconnect')).toHaveLength(0)
    button?.click()
    await host.settle()
    expect(calls('voice:reconnect')).toHaveLength(1)
    useSettings({ language: 'en' })
    expect($('voice-reconnect')?.textContent?.trim()).toBe('Reconnect')
    expect(nbsp($('voice-problem')?.textContent)).toContain('Press Reconnect to take it back.')
  })

  it('no Reconnect for other refusals', async () => {
    await show()
    status({
      state: 'failed',
      problem: { kind: 'server', code: 'realtime_channel_failed', message: 'x', fatal: true },
    })
    expect($('voice-reconnect')).toBeNull()
    useSettings({ language: 'en' })
    expect(nbsp($('voice-problem')?.textContent)).toContain('could not open an audio channel')
  })
})

describe('cuts and renewals in words', () => {
  it('a renewed session says the model forgot the earlier turns and the captions stay', async () => {
    await show()
    const renewed = {
      kind: 'renewed' as const,
      reason: 'maintenance',
      balanceVnd: null,
      totalVnd: null,
      maxSpendVnd: null,
      usedPercent: null,
    }
    status({ state: 'creating', warning: renewed })
    expect(nbsp($('voice-warning')?.textContent)).toContain('mô hình không còn nhớ các lượt trước')
    useSettings({ language: 'en' })
    const text = nbsp($('voice-warning')?.textContent)
    expect(text).toContain('(The service is under maintenance)')
    expect(text).toContain('the model no longer remembers the earlier turns. The captions are kept.')
    expect($('voice-problem')).toBeNull()
  })

  it('a cut again within a minute says Loa stopped; the spending cap says why no new session', async () => {
    await show()
    useSettings({ language: 'en' })
    status({
      state: 'idle',
      problem: { kind: 'terminated', code: 'zq', message: 'Odd.', fatal: false, renewal: 'repeated' },
    })
    expect(nbsp($('voice-problem')?.textContent)).toContain('it was cut too within a minute, so Loa stopped')
    status({
      state: 'idle',
      problem: {
        kind: 'terminated',
        code: 'max_spend_reached',
        message: 'cap',
        fatal: false,
        renewal: 'refused',
      },
    })
    expect(nbsp($('voice-problem')?.textContent)).toContain('so as not to spend past the cap')
  })
})
