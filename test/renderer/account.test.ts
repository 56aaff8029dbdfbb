import { describe, expect, it } from 'vitest'
import type { Glance, IpcError, Part } from '../../preload/contract'
import { accountBlock } from '../../renderer/components/account/blocked'
import { errorText } from '../../renderer/components/account/error-text'
import {
  PLAN_EXPIRY_WARNING_MS,
  PLAN_NO_END_AFTER_MS,
  planExpiry,
  planLabel,
} from '../../renderer/components/account/plan'
import {
  floorToSignificant,
  hasPooledQuota,
  percentLeft,
  poolDigits,
  remainingShare,
} from '../../renderer/components/account/pools'
import { ageOf, relativeAge } from '../../renderer/components/account/relative-time'
import { savedShares, savingsSources } from '../../renderer/components/account/savings'
import type { PooledQuota, Savings } from '../../renderer/components/account/shapes'
import { sparklinePaths } from '../../renderer/components/charts/sparkline'
import { translate, type MessageKey } from '../../renderer/lib/i18n/translate'

const vi = (key: MessageKey, params?: Record<string, string | number>) => translate('vi', key, params)
const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)

function part<T>(value: T, error: IpcError | null = null): Part<NonNullable<T>> {
  return {
    value: value as NonNullable<T> | null,
    fetchedAt: null,
    ageMs: null,
    stale: false,
    refreshing: false,
    error,
  }
}

function glance(overrides: Partial<Glance> = {}): Glance {
  return {
    me: part(null),
    quota: part(null),
    savings: part(null),
    daily: part(null),
    stats: part(null),
    access: 'full',
    ...overrides,
  }
}

describe('plan names', () => {
  it('read the known codes as the spec writes them and show others as sent', () => {
    expect(planLabel('ADVANCED_PLUS', en)).toBe('Advanced+')
    expect(planLabel('ADVANCED_PLUS', vi)).toBe('Advanced+')
    expect(planLabel('FREE', vi)).toBe('Free')
    expect(planLabel('FREE', en)).toBe('Free')
    expect(planLabel('ENTERPRISE_2027', vi)).toBe('ENTERPRISE_2027')
    expect(planLabel('toString', vi)).toBe('toString')
  })
})

describe('plan expiry', () => {
  const now = Date.parse('2026-11-22T05:00:00Z')
  const DAY = 24 * 60 * 60_000

  it('warns under seven days, counting started days', () => {
    expect(planExpiry(new Date(now + PLAN_EXPIRY_WARNING_MS).toISOString(), now).state).toBe('later')
    const soon = planExpiry(new Date(now + PLAN_EXPIRY_WARNING_MS - 1).toISOString(), now)
    expect(soon).toMatchObject({ state: 'soon', daysLeft: 7 })
    expect(planExpiry(new Date(now + 30 * 60 * 60_000).toISOString(), now)).toMatchObject({ daysLeft: 2 })
    expect(planExpiry(new Date(now + 60_000).toISOString(), now)).toMatchObject({
      state: 'soon',
      daysLeft: 1,
    })
  })

  it('knows an expired plan, a plan without an end, and an unreadable date', () => {
    expect(planExpiry(new Date(now - DAY).toISOString(), now).state).toBe('expired')
    expect(planExpiry(new Date(now).toISOString(), now).state).toBe('expired')
    expect(planExpiry(null, now)).toEqual({ state: 'none' })
    expect(planExpiry(undefined, now)).toEqual({ state: 'none' })
    expect(planExpiry('not a date', now)).toEqual({ state: 'none' })
  })

  it('reads an end more than 50 years ahead as no end: FREE plans come with 31 Dec 2099', () => {
    expect(planExpiry('2099-12-31T23:59:59.000Z', now)).toEqual({ state: 'none' })
    expect(planExpiry(new Date(now + PLAN_NO_END_AFTER_MS + DAY).toISOString(), now)).toEqual({
      state: 'none',
    })
    expect(planExpiry(new Date(now + PLAN_NO_END_AFTER_MS - DAY).toISOString(), now).state).toBe('later')
  })
})

describe('relative time', () => {
  it('says "just now" under a minute, then whole minutes, hours and days, rounded down', () => {
    expect(relativeAge(0, 'vi', 'vừa xong')).toBe('vừa xong')
    expect(relativeAge(59_999, 'vi', 'vừa xong')).toBe('vừa xong')
    expect(relativeAge(2 * 60_000 + 59_000, 'vi', 'vừa xong')).toBe('2 phút trước')
    expect(relativeAge(2 * 60_000, 'en', 'just now')).toBe('2 minutes ago')
    expect(relativeAge(60 * 60_000, 'vi', 'x')).toBe('1 giờ trước')
    expect(relativeAge(23 * 60 * 60_000 + 59 * 60_000, 'en', 'x')).toBe('23 hours ago')
    expect(relativeAge(3 * 24 * 60 * 60_000, 'vi', 'x')).toBe('3 ngày trước')
    expect(relativeAge(Number.NaN, 'en', 'just now')).toBe('just now')
  })

  it('measures age from an ISO time, never below zero', () => {
    const now = Date.parse('2026-11-22T05:00:00Z')
    expect(ageOf('2026-11-22T04:58:00Z', now)).toBe(120_000)
    expect(ageOf('2026-11-22T05:00:30Z', now)).toBe(0)
    expect(ageOf(null, now)).toBeNull()
    expect(ageOf('garbage', now)).toBeNull()
  })
})

describe('account blocks', () => {
  const forbidden: IpcError = { kind: 'forbidden', message: 'x' }
  const locked: IpcError = { kind: 'account_locked', message: 'x' }
  const auth: IpcError = { kind: 'auth', message: 'x' }

  it('show everything for a full account, even with a part failing for another reason', () => {
    expect(accountBlock(glance())).toBeNull()
    expect(accountBlock(glance({ savings: part(null, { kind: 'server', message: 'x' }) }))).toBeNull()
  })

  it('recognise a reseller from the access finding or from a forbidden part', () => {
    expect(accountBlock(glance({ access: 'catalog_only' }))).toBe('catalog_only')
    expect(accountBlock(glance({ access: 'unknown', me: part(null, forbidden) }))).toBe('catalog_only')
  })

  it('put a lock above a reseller, and a rejected key above both', () => {
    expect(accountBlock(glance({ access: 'locked' }))).toBe('locked')
    expect(accountBlock(glance({ me: part(null, forbidden), quota: part(null, locked) }))).toBe('locked')
    expect(accountBlock(glance({ access: 'locked', stats: part(null, auth) }))).toBe('auth')
  })
})

describe('error text', () => {
  it('says "not available" for a 403 and the dictionary words otherwise', () => {
    const inVi = { t: vi, language: 'vi' as const }
    const inEn = { t: en, language: 'en' as const }
    expect(errorText({ kind: 'forbidden', message: 'Reseller...' }, inVi)).toBe(
      'Không khả dụng cho tài khoản này.',
    )
    expect(errorText({ kind: 'network', message: 'ECONNREFUSED' }, inEn)).toBe(
      'Could not reach the service. Check the network and the gateway address in Settings, then try again.',
    )
    expect(errorText({ kind: 'rate_limit', message: 'x', retryAfterMs: 2500 }, inVi)).toBe(
      'Quá nhiều yêu cầu. Thử lại sau 3 giây.',
    )
  })
})

describe('pooled quota', () => {
  const pool = (totalQuota: number, remaining: number, emails = 0) => ({
    totalQuota,
    usedInWindow: totalQuota - remaining,
    remaining,
    emails: Array.from({ length: emails }, (_, i) => ({ email: `${i}@x`, tier: 'pro', quota: 1, used: 0 })),
  })

  it('gives the share left, kept within 0..1', () => {
    expect(remainingShare(pool(14_000_000, 13_991_141))).toBeCloseTo(0.99937, 5)
    expect(remainingShare(pool(0, 0))).toBe(0)
    expect(remainingShare(pool(100, 150))).toBe(1)
    expect(remainingShare(pool(100, -5))).toBe(0)
  })

  it('never rounds the share left up, so 100 % means untouched', () => {
    expect(percentLeft(pool(2_500_000, 2_496_000))).toBe(99)
    expect(percentLeft(pool(2_500_000, 2_500_000))).toBe(100)
    expect(percentLeft(pool(2_500_000, 0))).toBe(0)
  })

  it('keeps as many digits as the short figures need to agree with the percent beside them', () => {
    // "2.5M left of 2.5M, 98 %" was the contradiction: each case checks the shown figures against the percent.
    for (const [total, remaining] of [
      [2_500_000, 2_468_000],
      [2_500_000, 2_496_000],
      [14_000_000, 13_991_141],
      [2_500_000, 1_234_567],
      [2_500_000, 2_500_000],
      [1_000_000, 7_000],
    ] as const) {
      const p = pool(total, remaining)
      const digits = poolDigits(p)
      const shownLeft = floorToSignificant(remaining, digits)
      const shownTotal = floorToSignificant(total, digits)
      expect(Math.floor((shownLeft / shownTotal) * 100), `${remaining} of ${total}`).toBe(percentLeft(p))
      if (remaining < total) expect(shownLeft, `${remaining} of ${total}`).toBeLessThan(shownTotal)
      expect(shownLeft).toBeLessThanOrEqual(remaining)
    }
    expect(poolDigits(pool(2_500_000, 2_468_000))).toBe(3)
  })

  it('knows a plan without pooled quota', () => {
    const none: PooledQuota = { pool_a: pool(0, 0), pool_b: pool(0, 0) }
    expect(hasPooledQuota(none)).toBe(false)
    expect(hasPooledQuota({ ...none, pool_b: pool(500_000, 500_000, 1) })).toBe(true)
  })
})

describe('savings', () => {
  const savings: Savings = {
    pool_a: { tokens: 10, savedVND: 300, requests: 2 },
    pool_b: { tokens: 20, savedVND: 100, requests: 3 },
    cacheHit: { tokens: 30, savedVND: 100 },
    discount: { tokens: 40, savedVND: 500, requests: 4 },
    freeModels: { tokens: 50, requests: 5 },
    totalSavedVND: 1000,
    totalSpentVND: 3000,
    savingsPercent: 25,
  }

  it('lists every source, free models without an amount', () => {
    const sources = savingsSources(savings)
    expect(sources.map((s) => s.id)).toEqual(['pool_a', 'pool_b', 'cacheHit', 'discount', 'freeModels'])
    expect(sources.find((s) => s.id === 'freeModels')).toEqual({
      id: 'freeModels',
      savedVnd: null,
      tokens: 50,
      requests: 5,
    })
    expect(sources.find((s) => s.id === 'cacheHit')?.requests).toBeNull()
  })

  it('splits the amount saved into shares that add up to one', () => {
    const shares = savedShares(savingsSources(savings))
    expect(shares.get('pool_a')).toBeCloseTo(0.3)
    expect(shares.get('discount')).toBeCloseTo(0.5)
    expect(shares.get('freeModels')).toBe(0)
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1)
    const nothing = savedShares(
      savingsSources({
        ...savings,
        pool_a: { ...savings.pool_a, savedVND: 0 },
        pool_b: { ...savings.pool_b, savedVND: 0 },
        cacheHit: { tokens: 0, savedVND: 0 },
        discount: { ...savings.discount, savedVND: 0 },
      }),
    )
    expect([...nothing.values()].every((v) => v === 0)).toBe(true)
  })
})

describe('sparkline', () => {
  const box = { width: 100, height: 20, padding: 2 }

  it('runs left to right with the largest value at the top and zero at the bottom', () => {
    const paths = sparklinePaths([0, 5, 10], box)!
    expect(paths.line).toBe('M2 18 L50 10 L98 2')
    expect(paths.area).toBe('M2 18 L50 10 L98 2 L98 18 L2 18 Z')
  })

  it('lays all zeros and bad values on the bottom, and spreads a single value across', () => {
    expect(sparklinePaths([0, 0, 0], box)!.line).toBe('M2 18 L50 18 L98 18')
    expect(sparklinePaths([Number.NaN, -3, 4], box)!.line).toBe('M2 18 L50 18 L98 2')
    expect(sparklinePaths([7], box)!.line).toBe('M2 2 L98 2')
    expect(sparklinePaths([], box)).toBeNull()
  })
})
