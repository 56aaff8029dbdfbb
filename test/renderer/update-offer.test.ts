// The popup's update offer in jsdom over a fake bridge: shown only while main offers a verified download,
// with its notes; the restart and "Later" go to main, and a restart held for a conversation says so.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Component } from 'svelte'
import type { Language, Settings, UpdateOffer, UpdateState } from '../../preload/contract'
import type { AppStore } from '../../renderer/stores/app.svelte'
import type { UpdateStore } from '../../renderer/stores/update.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { settingsWith } from './voice-fixtures'

let bridge: FakeBridge
let TrayPopup: Component
let app: AppStore
let update: UpdateStore

beforeAll(async () => {
  bridge = installFakeBridge()
  // The account's part of the popup is not under test here: it shows its own failure.
  bridge.fail('account:glance', { kind: 'network', message: 'offline' })
  TrayPopup = (await import('../../renderer/views/TrayPopup.svelte')).default
  ;({ app } = await import('../../renderer/stores/app.svelte'))
  ;({ update } = await import('../../renderer/stores/update.svelte'))
})

const host = viewHost()

afterEach(() => {
  bridge.calls.length = 0
  update.state.set(null)
  update.failed = false
})

const READY: UpdateOffer = {
  version: '0.2.0',
  notes: 'Loa 0.2.0\nFaster & quieter',
  waitingFor: null,
  restartRequested: false,
}

const $ = (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)
const text = (testid: string) => ($(testid)?.textContent ?? '').replace(/\s+/g, ' ').trim()
const callsTo = (channel: string) => bridge.calls.filter((c) => c.channel === channel).length

async function show(lang: Language, state: UpdateState) {
  app.settings.set({ ...(settingsWith() as Settings), language: lang })
  bridge.answer('app:updateState', () => state)
  host.show(TrayPopup)
  await host.settle()
}

describe('the popup’s update offer', () => {
  it('shows nothing while there is no update to offer', async () => {
    await show('en', { offer: null })
    expect(callsTo('app:updateState')).toBe(1)
    expect($('update-offer')).toBeNull()
    expect(host.target.textContent).not.toMatch(/restart|later/i)
  })

  it('offers "Restart to update (vX)" with the release notes, in English and in Vietnamese', async () => {
    await show('en', { offer: READY })
    expect(text('update-restart')).toBe('Restart to update (v0.2.0)')
    expect(text('update-later')).toBe('Later')
    expect($('update-notes')?.textContent).toBe('Loa 0.2.0\nFaster & quieter')
    expect($('update-notes')?.closest('details')?.open).toBe(false)

    app.settings.set({ ...(settingsWith() as Settings), language: 'vi' })
    await host.settle()
    expect(text('update-restart')).toBe('Khởi động lại để cập nhật (v0.2.0)')
    expect(text('update-later')).toBe('Để sau')
  })

  it('asks main to restart; while a conversation runs, it says the restart waits for its end', async () => {
    await show('en', { offer: { ...READY, waitingFor: 'voice' } })
    bridge.answer('app:installUpdate', () => ({
      offer: { ...READY, waitingFor: 'voice', restartRequested: true },
    }))
    $('update-restart')!.click()
    await host.settle()
    expect(callsTo('app:installUpdate')).toBe(1)
    expect($('update-restart')).toBeNull()
    expect(text('update-waits')).toBe('Loa restarts to update when the conversation ends.')

    // Main says the conversation ended and a reading now holds it.
    bridge.emit('app:update', { offer: { ...READY, waitingFor: 'reading', restartRequested: true } })
    await host.settle()
    expect(text('update-waits')).toBe('Loa restarts to update when the reading ends.')
  })

  it('puts the offer away on "Later"', async () => {
    await show('en', { offer: READY })
    bridge.answer('app:deferUpdate', () => ({ offer: null }))
    $('update-later')!.click()
    await host.settle()
    expect(callsTo('app:deferUpdate')).toBe(1)
    expect($('update-offer')).toBeNull()
  })

  it('appears when main pushes a ready update, and says what to do when the restart cannot be asked for', async () => {
    await show('en', { offer: null })
    bridge.emit('app:update', { offer: READY })
    await host.settle()
    expect(text('update-restart')).toBe('Restart to update (v0.2.0)')

    bridge.fail('app:installUpdate', { kind: 'internal', message: 'boom' })
    $('update-restart')!.click()
    await host.settle()
    expect($('update-failed')?.getAttribute('role')).toBe('alert')
    expect(text('update-failed')).toBe('Could not restart. Quit Loa and open it again to install the update.')
  })
})
