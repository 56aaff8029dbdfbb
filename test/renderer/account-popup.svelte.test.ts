// The tray popup mounted in jsdom over a fake bridge: each part shows its data, its own error, or its
// age when stale, and one failing part never blanks the others.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Glance, IpcError, Part } from '../../preload/contract'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'

let bridge: FakeBridge
let TrayPopup: Component
let mounted: Record<string, unknown> | null = null

beforeAll(async () => {
  bridge = installFakeBridge()
  TrayPopup = (await import('../../renderer/views/TrayPopup.svelte')).default
})

afterEach(() => {
  if (mounted) unmount(mounted)
  mounted = null
  document.body.innerHTML = ''
})

const MINUTE_MS = 60_000

function part<T>(
  value: T,
  opts: { error?: IpcError; ageMs?: number; stale?: boolean } = {},
): Part<NonNullable<T>> {
  const ageMs = opts.ageMs ?? 0
  return {
    value: value as NonNullable<T> | null,
    fetchedAt: new Date(Date.now() - ageMs).toISOString(),
    ageMs,
    stale: opts.stale ?? false,
    refreshing: false,
    error: opts.error ?? null,
  }
}

const me = {
  id: 'u',
  email: 'linh@example.com',
  name: 'Đặng Minh Linh',
  plan: 'MYSTERY_PLAN',
  planExpiresAt: new Date(Date.now() + 3 * 24 * 60 * MINUTE_MS).toISOString(),
  balance: { totalVND: 1_234_567, realVND: 1_000_000, bonusVND: 234_567 },
}

const savings = {
  pool_a: { tokens: 1, savedVND: 1000, requests: 1 },
  pool_b: { tokens: 1, savedVND: 2000, requests: 1 },
  cacheHit: { tokens: 1, savedVND: 3000 },
  discount: { tokens: 1, savedVND: 4000, requests: 1 },
  freeModels: { tokens: 1, requests: 1 },
  totalSavedVND: 10_000,
  totalSpentVND: 30_000,
  savingsPercent: 25,
}

async function show(glance: Glance): Promise<HTMLElement> {
  bridge.answer('account:glance', () => glance)
  const target = document.createElement('div')
  document.body.append(target)
  mounted = mount(TrayPopup, { target })
  await new Promise((resolve) => setTimeout(resolve, 0))
  flushSync()
  return target
}

const text = (el: Element | null) =>
  (el?.textContent ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the tray popup', () => {
  it('keeps every other part when one fails, and shows the failure in its place', async () => {
    const root = await show({
      me: part(me),
      quota: part(null, { error: { kind: 'server', message: '502' } }),
      savings: part(savings, { stale: true, ageMs: 12 * MINUTE_MS }),
      daily: part(null, { error: { kind: 'rate_limit', message: 'slow down', retryAfterMs: 30_000 } }),
      stats: part(null),
      access: 'full',
    })
    expect(text(root.querySelector('[data-testid="popup-balance"]'))).toBe('₫1,234,567')
    // An unknown plan code is shown as sent, and a plan ending in 3 days warns.
    expect(text(root.querySelector('[data-testid="plan-name"]'))).toBe('MYSTERY_PLAN')
    expect(text(root.querySelector('[data-testid="plan-expiring"]'))).toMatch(/3 days left$/)

    const sections = [...root.querySelectorAll('section')]
    expect(sections).toHaveLength(4)
    expect(text(sections[1]!.querySelector('[data-error-kind="server"]'))).toBe(
      'The service is having trouble. Try again later.',
    )
    expect(text(sections[2]!.querySelector('[data-testid="savings-total"]'))).toBe('₫10,000')
    expect(text(sections[2]!.querySelector('[data-testid="part-stale"]'))).toBe('Data from 12 minutes ago.')
    expect(text(sections[3]!.querySelector('[data-error-kind="rate_limit"]'))).toBe(
      'Too many requests. Try again in 30 seconds.',
    )
    expect(bridge.calls.some((c) => c.channel === 'account:popupVisible')).toBe(true)
  })

  it('keeps stale data on screen, with its age, when its refresh failed', async () => {
    const root = await show({
      me: part(me, { stale: true, ageMs: 5 * MINUTE_MS, error: { kind: 'network', message: 'offline' } }),
      quota: part(null),
      savings: part(null),
      daily: part(null),
      stats: part(null),
      access: 'full',
    })
    expect(text(root.querySelector('[data-testid="popup-balance"]'))).toBe('₫1,234,567')
    expect(text(root.querySelector('[data-testid="part-failed"]'))).toBe(
      'Could not refresh (Could not reach the service. Check the network and the gateway address in Settings, then try again.) Data from 5 minutes ago.',
    )
    expect(text(root.querySelector('[data-testid="updated-at"]'))).toBe('Updated 5 minutes ago')
  })

  it('tells a reseller account that Account & Usage is not available, and offers the catalog', async () => {
    const forbidden: IpcError = {
      kind: 'forbidden',
      message: 'Reseller accounts cannot use Account & Usage.',
    }
    const root = await show({
      me: part(null, { error: forbidden }),
      quota: part(null, { error: forbidden }),
      savings: part(null, { error: forbidden }),
      daily: part(null, { error: forbidden }),
      stats: part(null, { error: forbidden }),
      access: 'catalog_only',
    })
    expect(root.querySelector('[data-testid="popup-balance"]')).toBeNull()
    expect(root.querySelector('[data-testid="account-blocked"]')?.getAttribute('data-block')).toBe(
      'catalog_only',
    )
    ;(root.querySelector('[data-testid="blocked-catalog"]') as HTMLButtonElement).click()
    expect(bridge.calls.at(-1)).toEqual({ channel: 'window:show', request: { view: 'catalog' } })
  })
})
