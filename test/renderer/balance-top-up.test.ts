// The popup's low balance says what to do and links to where: the gateway's site to top up, the same
// link a voice session refused for money offers; none for the demo service, which has no site.
import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeyStatus, Settings } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { settingsWith } from './voice-fixtures'

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

let target: HTMLElement
let view: ReturnType<typeof mount> | null = null

function use(settings: Partial<Settings>, demo: boolean): void {
  app.settings.set({ ...settingsWith(), baseUrl: `${GATEWAY}/api`, ...settings } as Settings)
  const key: KeyStatus = {
    hasKey: !demo,
    hint: demo ? null : 'ab12',
    demo,
    baseUrl: `${GATEWAY}/api`,
    storage: 'keychain',
    storageWarning: null,
  }
  app.key.set(key)
  flushSync()
}

const $ = (id: string) => target.querySelector<HTMLElement>(`[data-testid="${id}"]`)

beforeEach(() => {
  target = document.createElement('div')
  document.body.append(target)
})

afterEach(() => {
  if (view) unmount(view)
  view = null
  target.remove()
})

describe('the low balance in the popup', () => {
  it('links to the gateway’s site to top up, in Vietnamese and English', () => {
    use({ lowBalanceThresholdVnd: 50_000, language: 'vi' }, false)
    view = mount(BalanceCard, { target, props: { me } })
    flushSync()
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
    view = mount(BalanceCard, { target, props: { me } })
    flushSync()
    expect($('balance-low')).not.toBeNull()
    expect($('balance-top-up')).toBeNull()
    use({ lowBalanceThresholdVnd: 10 }, false)
    expect($('balance-low')).toBeNull()
    expect($('balance-top-up')).toBeNull()
  })
})
