import { describe, expect, it } from 'vitest'
import type { Glance, Part } from '../../main/api/management/types'
import { AccountAlerts } from '../../main/account/account-alerts'
import { trayStatus } from '../../main/account/tray-status'

const NOW = Date.parse('2026-11-22T10:00:00Z')
const part = <T>(value: T | null, error: Part<T>['error'] = null): Part<T> => ({
  value,
  fetchedAt: null,
  ageMs: 0,
  stale: false,
  refreshing: false,
  error,
})

function glance(
  totalVND: number,
  planExpiresAt = '2027-06-01T00:00:00Z',
  error: Part<unknown>['error'] = null,
): Glance {
  const me = {
    id: 'u',
    email: 'a@b.vn',
    name: 'A',
    plan: 'ADVANCED_PLUS',
    planExpiresAt,
    balance: { totalVND, realVND: totalVND, bonusVND: 0 },
  }
  return {
    me: part(me as never, error),
    quota: part<never>(null),
    savings: part<never>(null),
    daily: part<never>(null),
    stats: part<never>(null),
    access: 'full',
  }
}

describe('account alerts', () => {
  it('warn once per crossing below the threshold', () => {
    const a = new AccountAlerts()
    const kinds = (total: number) => a.observe(glance(total), 50_000, NOW).map((x) => x.kind)
    expect(kinds(80_000)).toEqual([])
    expect(kinds(40_000)).toEqual(['lowBalance'])
    expect(kinds(30_000)).toEqual([])
    expect(kinds(60_000)).toEqual([])
    expect(kinds(10_000)).toEqual(['lowBalance'])
  })

  it('warn at start-up when already below, and never with a zero threshold', () => {
    expect(new AccountAlerts().observe(glance(1_000), 50_000, NOW).map((x) => x.kind)).toEqual(['lowBalance'])
    expect(new AccountAlerts().observe(glance(0), 0, NOW)).toEqual([])
  })

  it('warn of a plan expiring within 7 days, once per expiry date', () => {
    const a = new AccountAlerts()
    const soon = '2026-11-25T10:00:00Z'
    const first = a.observe(glance(900_000, soon), 50_000, NOW)
    expect(first).toEqual([
      { kind: 'planExpiring', params: { plan: 'ADVANCED_PLUS', days: 3, expiresAt: soon } },
    ])
    expect(a.observe(glance(900_000, soon), 50_000, NOW)).toEqual([])
    expect(a.observe(glance(900_000, '2026-11-28T00:00:00Z'), 50_000, NOW).map((x) => x.kind)).toEqual([
      'planExpiring',
    ])
    expect(new AccountAlerts().observe(glance(900_000, '2026-11-20T00:00:00Z'), 50_000, NOW)).toEqual([])
  })

  it('report a rejected key once until it works again', () => {
    const a = new AccountAlerts()
    const rejected = glance(900_000, undefined, { kind: 'auth', message: 'no' })
    expect(a.observe(rejected, 0, NOW).map((x) => x.kind)).toEqual(['keyRejected'])
    expect(a.observe(rejected, 0, NOW)).toEqual([])
    expect(a.observe(glance(900_000), 0, NOW)).toEqual([])
    expect(a.observe(rejected, 0, NOW).map((x) => x.kind)).toEqual(['keyRejected'])
  })
})

describe('tray status', () => {
  const nbsp = (s: string) => s.replace(/\u00a0/g, ' ')
  it('shows the balance in the tooltip, in the UI language', () => {
    const vi = trayStatus(glance(1_234_567), 50_000, 'vi', false)
    expect(vi.state).toBe('normal')
    expect(nbsp(vi.tooltip)).toBe('Loa — 1.234.567 ₫')
    expect(trayStatus(glance(1_234_567), 50_000, 'en', true).tooltip).toBe('Loa (Demo) — ₫1,234,567')
  })

  it('turns low under the threshold and red when the key is refused', () => {
    expect(trayStatus(glance(10_000), 50_000, 'vi', false).state).toBe('low')
    expect(
      trayStatus(glance(10_000, undefined, { kind: 'auth', message: 'x' }), 50_000, 'vi', false).state,
    ).toBe('error')
    const nothing: Glance = { ...glance(0), me: part<never>(null, { kind: 'network', message: 'offline' }) }
    // A reseller's 403 on Account & Usage is no fault: the icon stays normal and the tooltip says why.
    const reseller: Glance = {
      ...glance(0),
      me: part<never>(null, { kind: 'forbidden', message: 'insufficient_permissions' }),
      access: 'catalog_only',
    }
    expect(trayStatus(reseller, 50_000, 'vi', false)).toMatchObject({ state: 'normal', title: '' })
    expect(trayStatus(reseller, 50_000, 'en', false).tooltip).toBe(
      'Loa: this account cannot see its balance and usage; the catalog, Reader and voice chat still work',
    )
    expect(trayStatus(nothing, 50_000, 'vi', false)).toMatchObject({
      state: 'error',
      tooltip: 'Loa: offline',
    })
  })
})
