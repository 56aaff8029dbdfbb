// The IPC router takes whatever a renderer (or the harness's socket) sends: any channel name, any payload.
// Whatever it is, and whatever a handler throws, the answer is an IpcResult; nothing escapes as an
// exception, and a handler only ever sees a payload its schema accepted.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RequestChannel } from '../../preload/contract'
import { AppError } from '../../main/errors'
import { REQUEST_SCHEMAS } from '../../main/ipc/request-schemas'
import { createRouter, type Handlers } from '../../main/ipc/router'

const CHANNELS = Object.keys(REQUEST_SCHEMAS) as RequestChannel[]

const REVOKED = Symbol('a revoked Proxy')

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** Values a handler might throw: errors of ours and of others, and things that are not errors at all. */
const thrown = fc.oneof(
  fc.string().map((m) => new AppError('network', m)),
  fc.string().map((m) => new Error(m)),
  fc.anything(),
  fc.constant(Object.create(null) as object),
  fc.constant(new Proxy({}, { get: () => { throw new Error('trap') } })),
  // Made when thrown: fast-check itself cannot print or copy a revoked Proxy.
  fc.constant(REVOKED),
) // prettier-ignore

/** A payload: anything, or something close to what a channel takes. */
const payload = fc.oneof(
  fc.anything({ withNullPrototype: true, withObjectString: true, withMap: true, withSet: true }),
  fc.record({ view: fc.string(), text: fc.string(), model: fc.string(), linkId: fc.integer() }, { requiredKeys: [] }),
  fc.constant(undefined),
) // prettier-ignore

const isIpcResult = (r: unknown) =>
  typeof r === 'object' &&
  r !== null &&
  ((r as { ok: unknown }).ok === true ||
    ((r as { ok: unknown }).ok === false &&
      typeof (r as { error: { message: unknown } }).error.message === 'string'))

function routerWith(behaviour: (channel: string, request: unknown) => unknown, onError?: () => void) {
  const seen: Array<{ channel: string; request: unknown }> = []
  const handlers = new Proxy({} as Handlers, {
    get: (_t, channel: string) => (request: unknown) => {
      seen.push({ channel, request })
      return behaviour(channel, request)
    },
  })
  return { router: createRouter(handlers, onError), seen }
}

describe('the IPC router on any input', () => {
  it('answers an unknown channel with invalid_input, calling no handler', async () => {
    const { router, seen } = routerWith(() => 'ok')
    await fc.assert(
      fc.asyncProperty(fc.string(), payload, async (channel, p) => {
        fc.pre(!Object.hasOwn(REQUEST_SCHEMAS, channel))
        const r = await router.dispatch(channel, p, { surface: 'main' })
        expect(r.ok).toBe(false)
        expect(!r.ok && r.error.kind).toBe('invalid_input')
      }),
      { numRuns: 500 },
    )
    expect(seen).toEqual([])
  })

  it('gives every known channel a result for any payload, and handlers only schema-valid ones', async () => {
    const { router, seen } = routerWith(() => 'ok')
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), payload, async (channel, p) => {
        seen.length = 0
        const r = await router.dispatch(channel, p, { surface: 'popup' })
        expect(isIpcResult(r)).toBe(true)
        const accepted = REQUEST_SCHEMAS[channel].safeParse(p).success
        expect(r.ok).toBe(accepted)
        expect(seen.length).toBe(accepted ? 1 : 0)
      }),
      { numRuns: 1500 },
    )
  })

  it('turns whatever a handler throws, or rejects with, into a plain error result', async () => {
    await fc.assert(
      fc.asyncProperty(thrown, fc.boolean(), fc.boolean(), async (picked, async, badLogger) => {
        const value = picked === REVOKED ? revokedProxy() : picked
        const { router } = routerWith(
          () => (async ? Promise.reject(value) : (() => { throw value })()),
          badLogger ? () => { throw new Error('the log failed too') } : undefined,
        ) // prettier-ignore
        const r = await router.dispatch('app:info', null, { surface: 'main' })
        expect(r.ok).toBe(false)
        expect(isIpcResult(r)).toBe(true)
        // Plain data: what crosses IPC survives structured cloning.
        expect(() => structuredClone(r)).not.toThrow()
      }),
      { numRuns: 300 },
    )
  })
})
