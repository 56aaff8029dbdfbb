import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../main/errors'
import type { KeyStatus } from '../../preload/contract'
import { createRouter } from '../../main/ipc/router'
import { handlers } from './support/handlers'

const ctx = { surface: 'main' as const }

describe('the IPC router', () => {
  it('passes a valid payload to its handler and wraps the answer', async () => {
    const show = vi.fn()
    const router = createRouter(handlers({ 'window:show': show }))
    expect(await router.dispatch('window:show', { view: 'usage' }, ctx)).toEqual({
      ok: true,
      value: undefined,
    })
    expect(show).toHaveBeenCalledWith({ view: 'usage' }, ctx)
  })

  it('refuses unknown channels, including prototype names', async () => {
    const router = createRouter(handlers())
    for (const channel of ['nope:nope', '__proto__', 'constructor', 'toString']) {
      const r = await router.dispatch(channel, undefined, ctx)
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid_input' } })
    }
  })

  it('refuses bad payloads with the offending field, without calling the handler', async () => {
    const show = vi.fn()
    const setKey = vi.fn()
    const router = createRouter(handlers({ 'window:show': show, 'key:set': setKey }))
    const cases: Array<[string, unknown, string | undefined]> = [
      ['window:show', { view: 'admin' }, 'view'],
      ['window:show', { view: 'usage', extra: 1 }, undefined],
      ['window:show', 'usage', undefined],
      ['key:set', { key: 42 }, 'key'],
      ['key:set', { key: 'x'.repeat(5000) }, 'key'],
      ['key:status', { unexpected: true }, undefined],
      ['hotkey:watch', { on: 'yes' }, 'on'],
      ['hotkey:watch', { on: true, key: 'x' }, undefined],
      ['file:saveText', { suggestedName: '../../.bashrc', content: 'x', kind: 'csv' }, 'suggestedName'],
      ['file:saveText', { suggestedName: 'a\u0000b.csv', content: 'x', kind: 'csv' }, 'suggestedName'],
      ['file:saveText', { suggestedName: 'ok.csv', content: 'x', kind: 'exe' }, 'kind'],
      ['usage:daily', { days: 31 }, 'days'],
      ['usage:records', { limit: 500 }, 'limit'],
      ['catalog:list', { kind: 'audio' }, 'kind'],
    ]
    for (const [channel, payload, field] of cases) {
      const r = await router.dispatch(channel, payload, ctx)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.kind).toBe('invalid_input')
        if (field) expect(r.error.field).toBe(field)
      }
    }
    expect(show).not.toHaveBeenCalled()
    expect(setKey).not.toHaveBeenCalled()
  })

  it('turns a typed failure into plain data and hides unexpected ones', async () => {
    const onError = vi.fn()
    const router = createRouter(
      handlers({
        'key:status': () => {
          throw new AppError('rate_limit', 'slow down', { retryAfterMs: 1500 })
        },
        'connection:status': () => {
          throw new TypeError('secret internal detail')
        },
      }),
      onError,
    )
    expect(await router.dispatch('key:status', null, ctx)).toEqual({
      ok: false,
      error: { kind: 'rate_limit', message: 'slow down', retryAfterMs: 1500 },
    })
    const hidden = await router.dispatch('connection:status', undefined, ctx)
    expect(hidden).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Something went wrong inside Loa.' },
    })
    expect(JSON.stringify(hidden)).not.toContain('secret internal detail')
    expect(onError).toHaveBeenCalledTimes(2)
  })

  it('answers async handlers', async () => {
    const cleared: KeyStatus = {
      hasKey: false,
      hint: null,
      demo: false,
      baseUrl: null,
      storage: 'memory',
      storageWarning: null,
    }
    const router = createRouter(handlers({ 'key:clear': async () => cleared }))
    expect(await router.dispatch('key:clear', undefined, ctx)).toEqual({ ok: true, value: cleared })
  })
})
