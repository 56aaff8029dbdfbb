import { describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNELS, REQUEST_CHANNELS } from '../../preload/channels'
import { buildBridge, type BridgeTransport } from '../../preload/expose'

function transport() {
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  const t: BridgeTransport & { fire(c: string, p: unknown): void } = {
    invoke: vi.fn(async (channel: string, request: unknown) => ({
      ok: true as const,
      value: { channel, request },
    })),
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set()
      listeners.set(channel, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    fire(c, p) {
      for (const l of listeners.get(c) ?? []) l(p)
    },
  }
  return t
}

describe('the bridge', () => {
  it('has one named function per request channel and per event, nothing else', () => {
    const bridge = buildBridge(transport()) as unknown as Record<string, Record<string, unknown>>
    const names = Object.entries(bridge).flatMap(([d, fns]) => Object.keys(fns).map((v) => `${d}.${v}`))
    const expected = [
      ...REQUEST_CHANNELS.map((c) => c.replace(':', '.')),
      ...EVENT_CHANNELS.map((c) => {
        const [d, v] = c.split(':') as [string, string]
        return `${d}.on${v[0]!.toUpperCase()}${v.slice(1)}`
      }),
    ]
    expect(names.sort()).toEqual(expected.sort())
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(Object.isFrozen(bridge.key)).toBe(true)
    expect(JSON.stringify(Object.keys(bridge))).not.toContain('ipcRenderer')
  })

  it('sends requests on their channel and delivers events until unsubscribed', async () => {
    const t = transport()
    const bridge = buildBridge(t)
    expect(await bridge.window.show({ view: 'usage' })).toEqual({
      ok: true,
      value: { channel: 'window:show', request: { view: 'usage' } },
    })
    const seen: unknown[] = []
    const off = bridge.settings.onChanged((s) => seen.push(s))
    t.fire('settings:changed', 1)
    off()
    t.fire('settings:changed', 2)
    expect(seen).toEqual([1])
    expect(() => (bridge.settings.onChanged as (x: unknown) => void)('not a function')).toThrow(TypeError)
  })
})
