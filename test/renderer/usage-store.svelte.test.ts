// The usage store against a fake bridge: each section loads on its own, the newest request wins, and a
// failed reload keeps what was shown for the same request.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Part } from '../../preload/contract'
import type { UsageStore } from '../../renderer/stores/usage.svelte'
import { installFakeBridge, type FakeBridge } from './account-fake-bridge'

let bridge: FakeBridge
let Store: typeof UsageStore

beforeAll(async () => {
  bridge = installFakeBridge()
  Store = (await import('../../renderer/stores/usage.svelte')).UsageStore
})

function part<T>(value: T): Part<T> {
  return {
    value,
    fetchedAt: '2026-11-22T05:00:00.000Z',
    ageMs: 0,
    stale: false,
    refreshing: false,
    error: null,
  }
}

const days = (n: number) =>
  part({
    data: Array.from({ length: n }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      totalTokens: i,
      totalCostVND: i,
      requestCount: i,
    })),
  })

describe('UsageStore', () => {
  it('loads the three sections with the requests the contract allows', async () => {
    bridge.answer('usage:daily', (r) => days((r as { days: number }).days))
    bridge.answer('usage:models', () => part({ data: [] }))
    bridge.answer('usage:records', () => part({ data: [], total: 0 }))
    const store = new Store()
    await store.loadAll()
    expect(store.daily.part?.value?.data).toHaveLength(30)
    expect(store.models.part?.value).toEqual({ data: [] })
    expect(store.records.part?.value).toEqual({ data: [], total: 0 })
    const sent = bridge.calls.map((c) => [c.channel, c.request])
    expect(sent).toContainEqual(['usage:records', { limit: 200 }])
    expect(sent).toContainEqual(['usage:daily', { days: 30 }])
  })

  it('shows the span asked for last, whatever order the answers come in', async () => {
    const gates = new Map<number, () => void>()
    bridge.answer('usage:daily', async (r) => {
      const n = (r as { days: number }).days
      await new Promise<void>((resolve) => gates.set(n, resolve))
      return days(n)
    })
    const store = new Store()
    const slow = store.showDays(365)
    const fast = store.showDays(7)
    await Promise.resolve()
    gates.get(7)!()
    await fast
    gates.get(365)!()
    await slow
    expect(store.days).toBe(7)
    expect(store.daily.part?.value?.data).toHaveLength(7)
    expect(store.daily.loading).toBe(false)
  })

  it('keeps the shown data beside the error when the same request fails, but not for another span', async () => {
    bridge.answer('usage:daily', (r) => days((r as { days: number }).days))
    const store = new Store()
    await store.showDays(7)
    bridge.fail('usage:daily', { kind: 'forbidden', message: 'reseller' })
    await store.showDays(7)
    expect(store.daily.part?.value?.data).toHaveLength(7)
    expect(store.daily.part?.error?.kind).toBe('forbidden')
    await store.showDays(90)
    expect(store.daily.part?.value).toBeNull()
    expect(store.daily.part?.error?.kind).toBe('forbidden')
  })
})
