// The offer at the start after a crash: shown only when main has crashes of the last run, in the user's
// language; Dismiss forgets them, and a save that fails says what went wrong and keeps the offer.
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { settingsWith } from './voice-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { default: CrashOffer } = await import('../../renderer/components/CrashOffer.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

const host = viewHost()
const $ = (id: string) => host.target.querySelector<HTMLElement>(`[data-testid="${id}"]`)

function use(language: 'vi' | 'en'): void {
  app.settings.set({ ...settingsWith(), language } as Settings)
  flushSync()
}

describe('the crash report offer', () => {
  it('says nothing when the last run did not crash', async () => {
    use('en')
    bridge.answer('crash:pending', () => null)
    host.show(CrashOffer)
    await host.settle()
    expect($('crash-offer')).toBeNull()
  })

  it('offers the report in Vietnamese after Loa closed, and Dismiss forgets it', async () => {
    use('vi')
    bridge.answer('crash:pending', () => ({ count: 1, lastAt: '2026-11-27T09:00:00Z', lastKind: 'main' }))
    host.show(CrashOffer)
    await host.settle()
    expect($('crash-offer')?.textContent).toContain('Lần trước Loa đã bị đóng bất thường.')
    expect($('crash-save')?.textContent).toBe('Lưu báo cáo')
    $('crash-dismiss')?.click()
    await host.settle()
    expect($('crash-offer')).toBeNull()
    expect(bridge.calls.filter((c) => c.channel === 'crash:dismiss')).toHaveLength(1)
  })

  it('keeps the offer and says why when the report cannot be written', async () => {
    use('en')
    bridge.answer('crash:pending', () => ({ count: 2, lastAt: '2026-11-27T09:00:00Z', lastKind: 'renderer' }))
    bridge.fail('crash:save', { kind: 'storage', message: 'Could not write /read-only/loa-crash.json.' })
    host.show(CrashOffer)
    await host.settle()
    expect($('crash-offer')?.textContent).toContain('A Loa window closed unexpectedly last time')
    $('crash-save')?.click()
    await host.settle()
    expect($('crash-offer')).not.toBeNull()
    const alert = host.target.querySelector('[role="alert"]')?.textContent ?? ''
    expect(alert).toContain('Could not write to disk.')
    expect(alert).toContain('Check the free space')
    expect($('crash-saved')).toBeNull()
  })
})
