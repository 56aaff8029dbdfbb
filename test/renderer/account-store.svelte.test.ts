// The account store against a fake bridge: paint from main's cache, follow `account:changed` only while
// something reads it, refresh, and tell main when the popup shows and hides.
import { flushSync } from 'svelte'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Glance, Part } from '../../preload/contract'
import type { AccountStore } from '../../renderer/stores/account.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'

let bridge: FakeBridge
let Store: typeof AccountStore

beforeAll(async () => {
  bridge = installFakeBridge()
  // The bridge module reads `window.loa` once, on import: install the fake first.
  Store = (await import('../../renderer/stores/account.svelte')).AccountStore
})

beforeEach(() => {
  bridge.calls.length = 0
})

function part<T>(value: T): Part<NonNullable<T>> {
  return {
    value: value as NonNullable<T> | null,
    fetchedAt: '2026-11-22T05:00:00.000Z',
    ageMs: 0,
    stale: false,
    refreshing: false,
    error: null,
  }
}

function glanceWith(totalVND: number): Glance {
  return {
    me: part({
      id: 'u',
      email: 'a@b',
      name: 'Linh',
      plan: 'ADVANCED_PLUS',
      planExpiresAt: null,
      balance: { totalVND, realVND: totalVND, bonusVND: 0 },
    }),
    quota: part(null),
    savings: part(null),
    daily: part(null),
    stats: part(null),
    access: 'full',
  }
}

const balance = (g: Glance | null) => g?.me.value?.balance.totalVND

describe('AccountStore', () => {
  it('paints the glance main has cached', async () => {
    bridge.answer('account:glance', () => glanceWith(1000))
    const store = new Store()
    expect(store.glance.current).toBeNull()
    await store.load()
    expect(balance(store.glance.current)).toBe(1000)
    expect(store.loadError).toBeNull()
  })

  it('follows account:changed while read, and stops listening when nothing reads it', () => {
    const store = new Store()
    const seen: Array<number | undefined> = []
    const stop = $effect.root(() => {
      $effect(() => void seen.push(balance(store.glance.current)))
    })
    flushSync()
    expect(bridge.listeners('account:changed')).toBe(1)
    bridge.emit('account:changed', glanceWith(2000))
    flushSync()
    expect(seen).toEqual([undefined, 2000])
    stop()
    flushSync()
    expect(bridge.listeners('account:changed')).toBe(0)
  })

  it('refreshes through main and shows the answer, or keeps the glance and says why', async () => {
    const store = new Store()
    bridge.answer('account:refresh', () => glanceWith(3000))
    const pending = store.refresh()
    expect(store.refreshing).toBe(true)
    await pending
    expect(store.refreshing).toBe(false)
    expect(balance(store.glance.current)).toBe(3000)
    expect(bridge.calls.filter((c) => c.channel === 'account:refresh')).toHaveLength(1)

    bridge.fail('account:refresh', { kind: 'network', message: 'down' })
    await store.refresh()
    expect(store.refreshError?.kind).toBe('network')
    expect(balance(store.glance.current)).toBe(3000)
  })

  it('reports a glance main could not give', async () => {
    bridge.fail('account:glance', { kind: 'internal', message: 'boom' })
    const store = new Store()
    await store.load()
    expect(store.loadError).toEqual({ kind: 'internal', message: 'boom' })
  })

  it('tells main when the popup shows and hides, and repaints when it comes back', async () => {
    bridge.answer('account:glance', () => glanceWith(4000))
    const store = new Store()
    let state: DocumentVisibilityState = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    const stop = store.followVisibility()
    state = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    state = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    await Promise.resolve()
    stop()
    const visibility = bridge.calls.filter((c) => c.channel === 'account:popupVisible').map((c) => c.request)
    expect(visibility).toEqual([{ visible: true }, { visible: false }, { visible: true }, { visible: false }])
    expect(bridge.calls.filter((c) => c.channel === 'account:glance')).toHaveLength(1)
    // Once stopped, visibility changes go nowhere.
    document.dispatchEvent(new Event('visibilitychange'))
    expect(bridge.calls.filter((c) => c.channel === 'account:popupVisible')).toHaveLength(4)
  })
})
