// The popup's low balance says what to do and links to where: the gateway's site to top up, the same
// link a voice session refused for money offers; none for the demo service, which has no site.
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import type { Settings } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { keyStatusFor, settingsWith } from './voice-fixtures'

installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { default: BalanceCard } = await import('../../renderer/components/account/BalanceCard.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

const GATEWAY = 'https://gw.example.vn'
const me = {
  id: 'u',
  email: 'linh@example.com',
  name: 'Đặng Minh Linh',
  plan: 'BASIC',
  planExpiresAt: null,
  balance: { totalVND: 20, realVND: 20, bonusVND: 0 },
}

const host = viewHost()

function use(settings: Partial<Settings>, demo: boolean): void {
  app.settings.set({ ...settingsWith(), baseUrl: `${GATEWAY}/api`, ...settings } as Settings)
  app.key.set(keyStatusFor(`${GATEWAY}/api`, demo))
  flushSync()
}

const $ = (id: string) => host.target.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('the low balance in the popup', () => {
  it('links to the gateway’s site to top up, in Vietnamese and English', () => {
    use({ lowBalanceThresholdVnd: 50_000, language: 'vi' }, false)
    host.show(BalanceCard, { me })
    const link = $('balance-top-up') as HTMLAnchorElement
    expect($('balance-low')?.contains(link)).toBe(true)
    expect(link.href).toBe(`${GATEWAY}/`)
    expect(link.target).toBe('_blank')
    expect(link.textContent?.trim()).toBe('Nạp tiền')
    use({ lowBalanceThresholdVnd: 50_000, language: 'en' }, false)
    expect($('balance-top-up')?.textContent?.trim()).toBe('Top up')
    expect($('balance-top-up')?.getAttribute('aria-label')).toBe(
      'Top up the wallet on the service’s website (gw.example.vn)',
    )
  })

  it('has no link on the demo service, and no note above the warning level', () => {
    use({ lowBalanceThresholdVnd: 50_000 }, true)
    host.show(BalanceCard, { me })
    expect($('balance-low')).not.toBeNull()
    expect($('balance-top-up')).toBeNull()
    use({ lowBalanceThresholdVnd: 10 }, false)
    expect($('balance-low')).toBeNull()
    expect($('balance-top-up')).toBeNull()
  })
})
