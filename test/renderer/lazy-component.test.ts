// A view's chunk is fetched once however often the view is shown, and a failed fetch is tried again.
import type { Component } from 'svelte'
import { describe, expect, it } from 'vitest'
import { lazyComponent } from '../../renderer/lib/lazy-component'

type Props = { view: string }
const VIEW: Component<Props> = () => ({})

function importer(results: ('ok' | Error)[]) {
  const calls = { count: 0 }
  const load = async (): Promise<{ default: Component<Props> }> => {
    const result = results[calls.count++] ?? 'ok'
    if (result instanceof Error) throw result
    return { default: VIEW }
  }
  return { calls, load }
}

describe('lazyComponent', () => {
  it('imports the chunk once, however many ask at once or later, and then has it at hand', async () => {
    const chunk = importer([])
    const lazy = lazyComponent(chunk.load)
    expect(lazy.loaded).toBeNull()
    const [first, second] = await Promise.all([lazy.load(), lazy.load()])
    expect(first).toBe(VIEW)
    expect(second).toBe(VIEW)
    expect(await lazy.load()).toBe(VIEW)
    expect(lazy.loaded).toBe(VIEW)
    expect(chunk.calls.count).toBe(1)
  })

  it('passes a failure on and imports again on the next load', async () => {
    const refused = new TypeError('Failed to fetch dynamically imported module')
    const chunk = importer([refused, 'ok'])
    const lazy = lazyComponent(chunk.load)
    await expect(lazy.load()).rejects.toBe(refused)
    expect(lazy.loaded).toBeNull()
    expect(await lazy.load()).toBe(VIEW)
    expect(lazy.loaded).toBe(VIEW)
    expect(chunk.calls.count).toBe(2)
  })
})
